/**
 * Every page fits a phone (360 px) and a laptop (1366 px) without sideways scroll: the header keeps the
 * theme toggle and the user menu on screen (its other buttons in an overflow), the conversation header
 * shows the contact's name on one line and its whole status pill, the contacts page shows each row's
 * delete button, and the contact modal's name and number fields line up. Then an agent on a phone works
 * a ticket from pending to closed and logs out, never scrolling sideways.
 *
 * Logging out signs the demo admin out everywhere, which ends the signed-in state the other tests
 * share: the two tests that log out come last.
 */
import type { Locator, Page } from 'playwright-core';
import { PAGES, menuPath } from '../../web/src/app/page-registry';
import { seriousViolations, signInThroughTheForm, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { textLines } from './support/layout';
import { attendedTicket, conversation, listedTicket, listTab, ticketList } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { nextSecond } from '../support/next-second';
import { ifAssigned } from '../support/teardown';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1366, height: 768 };
const SCREENS = [
  ['360', PHONE],
  ['1366', LAPTOP],
] as const;

/** A name long enough to be cut on a phone, as the names that showed 'Pau…'. */
const LONG_NAMED = { number: '5511988880011', name: 'Paula Cristina de Albuquerque Fagundes' };
const JOURNEY_CUSTOMER = { number: '5511988880012', name: 'Marcos Vinícius Teixeira' };
const ANSWER = 'Olá! Já verifiquei, seu pedido sai hoje.';

let web: WebCloud;
let whatsapp: DemoWhatsApp;
/** The uuid of the long-named customer's ticket, open with the admin in the queue Atendimento. */
let ticketUuid: string;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  const ticket = await attendedTicket(web.cloud, whatsapp, LONG_NAMED, 'Boa tarde, meu pedido ainda não chegou.');
  ticketUuid = ticket.uuid;
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

/**
 * How far the page scrolls sideways once its layout has settled: the document, and every element of it
 * that scrolls its content sideways (a table inside a scrolling box hides its end as surely as a wide
 * page does). Named by the page, so a failure says where.
 *
 * Measured again after a frame while something overflows, a few times: some Fluent parts lay out twice,
 * first on one line and then, once a ResizeObserver has seen them overflow, wrapped (the MessageBar of a
 * load error), and a measure between the two saw a width no user sees. An overflow that lasts is still
 * reported.
 */
async function sidewaysScroll(page: Page, where: string): Promise<{ where: string; document: number; elements: string[] }> {
  const measured = await page.evaluate(async () => {
    const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const measure = () => {
      const elements: string[] = [];
      for (const element of document.querySelectorAll<HTMLElement>('body *')) {
        const overflowX = getComputedStyle(element).overflowX;
        if ((overflowX === 'auto' || overflowX === 'scroll') && element.scrollWidth > element.clientWidth + 1) {
          elements.push(`${element.tagName.toLowerCase()}.${element.className} (${element.scrollWidth} > ${element.clientWidth})`);
        }
      }
      return { document: Math.max(0, document.documentElement.scrollWidth - window.innerWidth), elements };
    };
    let found = measure();
    for (let attempt = 0; attempt < 5 && (found.document > 0 || found.elements.length > 0); attempt++) {
      await nextFrame();
      found = measure();
    }
    return found;
  });
  return { where, ...measured };
}

async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  expect(await sidewaysScroll(page, where)).toEqual({ where, document: 0, elements: [] });
}

/** The header ready for the account: the user menu shows once /auth/me answered. */
const userMenuButton = (page: Page): Locator => page.getByRole('banner').getByRole('button', { name: 'Menu do usuário' });

/** Whether the element is the one a tap at its centre reaches: on screen and not clipped or covered. */
async function reachable(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return false;
    const hit = document.elementFromPoint(x, y);
    return hit !== null && element.contains(hit);
  });
}

/** Whether the element's box lies inside the container's. */
async function within(element: Locator, container: Locator): Promise<boolean> {
  const [inner, outer] = await Promise.all([element.boundingBox(), container.boundingBox()]);
  if (inner === null || outer === null) return false;
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.width <= outer.x + outer.width && inner.y + inner.height <= outer.y + outer.height;
}

/**
 * Goes to `path` as the app's own links do (the router follows the history; no reload) and waits for
 * its page: what the main area shows has changed, says what it is under a heading (each page does: the
 * placeholders, the not-found page; a page the plan refuses sends the user on to the dashboard, as a
 * full load of it does), and is no longer loading.
 */
async function openInApp(page: Page, path: string): Promise<void> {
  const before = await page.evaluate((to) => {
    const shown = document.querySelector('main')?.innerHTML ?? '';
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
    return shown;
  }, path);
  await page.waitForFunction(
    (shown) => {
      const main = document.querySelector('main');
      return (
        main !== null &&
        main.innerHTML !== shown &&
        main.querySelector('h1, h2, h3, [role="heading"]') !== null &&
        main.querySelector('[role="progressbar"]') === null
      );
    },
    before,
  );
}

/** The private pages of the registry, parameters filled in; the tickets and contacts are checked apart. */
const privatePaths = PAGES.filter((entry) => entry.area === 'private' && entry.id !== 'tickets' && entry.id !== 'contacts').map((entry) =>
  entry.path.includes('/:') && !entry.path.endsWith('?') ? `/${entry.path.replaceAll(/:[A-Za-z]+/g, 'exemplo')}` : menuPath(entry),
);

describe('no sideways scroll', () => {
  describe.each(SCREENS)('at %s px', (_, viewport) => {
    it('on /tickets with a conversation open', async () => {
      const page = await web.newPage({ signedIn: true, viewport });
      await page.goto(`/tickets/${ticketUuid}`);
      const panel = await shows(conversation(page, LONG_NAMED.name));
      await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Boa tarde, meu pedido ainda não chegou.'));
      await shows(userMenuButton(page));

      await expectNoSidewaysScroll(page, '/tickets/:ticketId');
    });

    it('on /contacts', async () => {
      const page = await web.newPage({ signedIn: true, viewport });
      await page.goto('/contacts');
      await shows(page.getByRole('heading', { name: 'Contatos', level: 1 }));
      await shows(page.getByText(LONG_NAMED.name));
      await shows(userMenuButton(page));

      await expectNoSidewaysScroll(page, '/contacts');
    });

    it('on every other page of the registry', async () => {
      const page = await web.newPage({ signedIn: true, viewport });
      await page.goto('/tickets');
      await shows(userMenuButton(page));
      const found = [];
      // From page to page inside the app, as its menu goes: a reload per page would cost a second of
      // CPU each, for nothing this test looks at.
      for (const path of privatePaths) {
        await openInApp(page, path);
        found.push(await sidewaysScroll(page, path));
      }
      expect(found).toEqual(privatePaths.map((where) => ({ where, document: 0, elements: [] })));
    });
  });
});

describe('the conversation header', () => {
  describe.each(SCREENS)('at %s px', (_, viewport) => {
    it("shows the name on one line with the full name at hand, the whole status pill and the queue", async () => {
      const page = await web.newPage({ signedIn: true, viewport });
      await page.goto(`/tickets/${ticketUuid}`);
      const panel = await shows(conversation(page, LONG_NAMED.name));
      const header = panel.locator('header').first();
      const name = await shows(header.getByText(LONG_NAMED.name, { exact: true }));
      const status = await shows(header.getByText('Em atendimento', { exact: true }));
      const queue = await shows(header.getByText('Atendimento', { exact: true }));

      // The full name: the hover title of the name, and the spoken name of the contact button.
      expect(await name.getAttribute('title')).toBe(LONG_NAMED.name);
      await shows(panel.getByRole('button', { name: new RegExp(LONG_NAMED.name) }));
      expect(await name.evaluate((element) => element.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(element).lineHeight))).toBe(true);
      for (const part of [status, queue]) {
        expect(await within(part, header)).toBe(true);
        expect(await part.evaluate((element) => element.scrollWidth <= element.clientWidth && element.scrollHeight <= element.clientHeight)).toBe(true);
      }
      await expectNoSidewaysScroll(page, 'the conversation');
    });
  });
});

describe('the contacts page on a phone (360 px)', () => {
  it("shows each contact's delete button without scrolling, and the name on one line", async () => {
    const page = await web.newPage({ signedIn: true, viewport: PHONE });
    await page.goto('/contacts');
    const remove = await shows(page.getByRole('button', { name: `Excluir ${LONG_NAMED.name}` }));

    expect(await reachable(remove)).toBe(true);
    const name = page.getByRole('main').getByText(LONG_NAMED.name, { exact: true });
    expect(await name.getAttribute('title')).toBe(LONG_NAMED.name);
    expect(await name.evaluate((element) => element.getBoundingClientRect().height < 1.5 * parseFloat(getComputedStyle(element).lineHeight))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await remove.click();
    const confirm = await shows(page.getByRole('alertdialog').or(page.getByRole('dialog')));
    await expectNoSidewaysScroll(page, 'the delete confirmation');
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
  });
});

describe('the contact modal at 1366 px', () => {
  it('lines up the name and number inputs: same top, same height', async () => {
    const page = await web.newPage({ signedIn: true, viewport: LAPTOP });
    await page.goto('/contacts');
    await page.getByRole('button', { name: 'Adicionar contato' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar contato' }));
    // Measured once the dialog has grown to its size: it opens with a scale animation.
    await dialog.evaluate((element) => Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)));
    const nameBox = await (await shows(dialog.getByRole('textbox', { name: /^Nome/ }))).boundingBox();
    const numberBox = await (await shows(dialog.getByRole('textbox', { name: /^Número do Whatsapp/ }))).boundingBox();

    expect(nameBox).not.toBeNull();
    expect(numberBox).not.toBeNull();
    expect({ top: nameBox?.y, height: nameBox?.height }).toEqual({ top: numberBox?.y, height: numberBox?.height });
  });
});

describe('the landing page (issue 27)', () => {
  /** Where the element's first line of text starts. */
  const textLeft = (locator: Locator) =>
    locator.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return range.getClientRects()[0]?.left ?? Number.NaN;
    });

  it('starts the title and its lead at one left edge at 1366 px, and a plan button opens the sign-up with that plan chosen', async () => {
    const page = await web.newPage({ viewport: LAPTOP });
    await page.goto('/landing');
    const title = await shows(page.getByRole('heading', { level: 1 }));
    const lead = page.locator('#landing-title + p');

    expect(Math.abs((await textLeft(title)) - (await textLeft(lead)))).toBeLessThan(1);

    await page.getByRole('link', { name: 'Começar com o Team' }).click();
    await page.waitForURL('**/signup?plan=Team');
    const plan = page.getByRole('combobox', { name: /^Plano/ });
    // The platform offers the landing's plans by name (shared/offered-plans.ts), so the one named is chosen.
    const chosen = await until('the plan chosen', async () => {
      const text = await plan.evaluate((element) => (element as HTMLSelectElement).selectedOptions[0]?.textContent ?? '');
      return text.startsWith('Team') ? text : undefined;
    });
    expect(chosen).toMatch(/^Team: R\$\s?249\/mês, 5 usuários, 2 conexões, 5 filas$/);
  });

  it('keeps its header on one row and every plan button on one line at 360 px, without sideways scroll', async () => {
    const page = await web.newPage({ viewport: PHONE });
    await page.goto('/landing');
    const header = page.getByRole('banner');
    const menu = await shows(header.getByRole('button', { name: 'Menu' }));
    const brand = header.getByRole('link').first();

    const [brandBox, menuBox, headerBox] = await Promise.all([brand.boundingBox(), menu.boundingBox(), header.boundingBox()]);
    // One row: the brand and the menu side by side, the bar no taller than one button and its padding.
    expect(Math.abs((brandBox?.y ?? 0) + (brandBox?.height ?? 0) / 2 - ((menuBox?.y ?? 0) + (menuBox?.height ?? 0) / 2))).toBeLessThan(4);
    expect(headerBox?.height).toBeLessThan(64);
    const buttons = page.locator('#pricing').getByRole('link', { name: /^Começar com o |^Fale conosco$/ });
    expect(await buttons.count()).toBe(5);
    for (const button of await buttons.all()) expect([await button.innerText(), await textLines(button)]).toEqual([await button.innerText(), 1]);
    await expectNoSidewaysScroll(page, '/landing');

    // The menu holds the header's links: the sections, sign in and sign up.
    await menu.click();
    for (const name of ['Recursos', 'Planos', 'Dúvidas', 'Entrar', 'Cadastre-se']) await shows(page.getByRole('menuitem', { name }));
    await page.getByRole('menuitem', { name: 'Cadastre-se' }).click();
    await page.waitForURL('**/signup');
  });
});

describe('the header on a phone (360 px)', () => {
  it('keeps every action reachable: the theme toggle and the user menu on the bar, the others in an overflow', async () => {
    const page = await web.newPage({ signedIn: true, viewport: PHONE });
    await page.goto('/tickets');
    const banner = page.getByRole('banner');
    await shows(userMenuButton(page));

    expect(await reachable(banner.getByRole('button', { name: 'Usar tema escuro' }))).toBe(true);
    expect(await reachable(userMenuButton(page))).toBe(true);
    await banner.getByRole('button', { name: 'Mais ações' }).click();
    // The overflow shows the rest of the bar's buttons: language, reload, volume, announcements, internal chat.
    const more = await shows(page.getByRole('dialog', { name: 'Mais ações' }));
    for (const name of [/Idioma/, /^Recarregar$/, /^Volume/, /^Informativos$/, /^Chat interno$/]) {
      expect(await reachable(more.getByRole('button', { name }))).toBe(true);
    }
    await expectNoSidewaysScroll(page, 'the header overflow open');
    expect(await seriousViolations(page)).toEqual([]);

    // Its buttons keep their own menus, opened over it: the language picker changes the language, and
    // the overflow stays open (in English now) until Escape.
    await more.getByRole('button', { name: /Idioma/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await shows(page.getByRole('dialog', { name: 'More actions' }));
    await page.keyboard.press('Escape');
    await shows(page.getByRole('banner').getByRole('button', { name: 'Use the dark theme' }));
  });

  it('switches the theme and logs out from the user menu', async () => {
    const page = await web.newPage({ signedIn: true, viewport: PHONE, colorScheme: 'light' });
    await page.goto('/tickets');
    await shows(userMenuButton(page));

    const toDark = page.getByRole('banner').getByRole('button', { name: 'Usar tema escuro' });
    expect(await reachable(toDark)).toBe(true);
    await toDark.click();
    await shows(page.getByRole('banner').getByRole('button', { name: 'Usar tema claro' }));
    expect(await page.evaluate(() => document.documentElement.style.colorScheme)).toBe('dark');

    expect(await reachable(userMenuButton(page))).toBe(true);
    await userMenuButton(page).click();
    const logout = await shows(page.getByRole('menuitem', { name: 'Sair' }));
    expect(await reachable(logout)).toBe(true);
    await logout.click();
    await page.waitForURL('**/login');
  });
});

describe('an agent on a phone (360 px)', () => {
  it('works a ticket from pending to closed and logs out without any sideways scroll', async () => {
    // Signed in through the form: the test before logged the shared sign-in out, and a sign-in in the
    // second of that logout is refused with it (auth_time counts seconds): a full run timed out so once.
    const page = await web.newPage({ viewport: PHONE });
    await nextSecond();
    await signInThroughTheForm(page, web.login);
    await shows(ticketList(page));
    await expectNoSidewaysScroll(page, 'the ticket list');

    await listTab(page, 'Aguardando').click();
    await whatsapp.write(JOURNEY_CUSTOMER.number, JOURNEY_CUSTOMER.name, 'Oi, quero saber do meu pedido.');
    const item = await shows(listedTicket(page, JOURNEY_CUSTOMER.name));
    await expectNoSidewaysScroll(page, 'the pending ticket listed');

    await item.getByRole('button', { name: 'Aceitar' }).click();
    const panel = await shows(conversation(page, JOURNEY_CUSTOMER.name));
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Oi, quero saber do meu pedido.'));
    await expectNoSidewaysScroll(page, 'the accepted conversation');

    const input = panel.getByRole('textbox', { name: 'Mensagem' });
    await input.fill(ANSWER);
    await input.press('Enter');
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(ANSWER));
    await until('the answer at the phone', async () => (await whatsapp.sentTo(JOURNEY_CUSTOMER.number)).some((sent) => sent.body.endsWith(ANSWER)));
    await expectNoSidewaysScroll(page, 'the answer sent');

    await panel.getByRole('button', { name: 'Finalizar', exact: true }).click();
    await shows(ticketList(page));
    await listTab(page, 'Resolvidos').click();
    await shows(listedTicket(page, JOURNEY_CUSTOMER.name).getByRole('button', { name: 'Reabrir' }));
    await expectNoSidewaysScroll(page, 'the ticket closed');

    await userMenuButton(page).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await shows(page.getByRole('button', { name: 'Entrar', exact: true }));
    await expectNoSidewaysScroll(page, 'the login page after logout');
  });
});
