/**
 * The kanban board in the browser (spec 2 §2 Kanban, §4, §8): 'Em aberto' and a lane per kanban tag in
 * its colour with its count, the customer's card (its number and message written as the other lists
 * write them), moving it to a tag lane with the keyboard (only the addition: there is no tag to remove),
 * on to another tag lane and back with the mouse (the ticket's tags change on the server, with the
 * spec's toasts), a refused move put
 * back, 'Ver Ticket', a new customer's card arriving live, the lanes scrolling sideways on a phone, the
 * drag and drop code loading with the board only, and axe-core finding no serious or critical violation
 * in the light and the dark theme.
 *
 * The server's state is read with the token of a second admin: signing the demo admin in again through
 * the API would end the browser's session.
 */
import type { Locator, Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { attendedTicket, conversation } from './support/tickets';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880021', name: 'Clara Nunes' };
const NEWCOMER = { number: '5511988880022', name: 'Rui Barbosa' };
const AUDITOR = { name: 'Auditoria Kanban', email: 'auditoria.kanban@demo.test', password: 'Auditor@1234' };
const URGENT = { name: 'Urgente', color: '#b91c1c' };
const WAITING = { name: 'Aguardando peças', color: '#fde68a' };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let ticket: { readonly id: string; readonly uuid: string; readonly number: number | null };
let urgentTagId: string;
let waitingTagId: string;
/** The second admin's token, for reading the ticket through the API. */
let auditorToken: string;

async function kanbanTag(body: { name: string; color: string }): Promise<string> {
  const created = await web.cloud.api('/tags', { method: 'POST', token: whatsapp.token, body: { ...body, kanban: 1 } });
  if (created.status !== 201 && created.status !== 200) throw new Error(`POST /tags answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  urgentTagId = await kanbanTag(URGENT);
  waitingTagId = await kanbanTag(WAITING);
  ticket = await attendedTicket(web.cloud, whatsapp, CUSTOMER, 'Meu pedido chegou *quebrado*.');
  const queues = (await web.cloud.api('/queue', { token: whatsapp.token })).body as { id: string }[];
  const auditor = await web.cloud.api('/users', {
    method: 'POST',
    token: whatsapp.token,
    body: { ...AUDITOR, profile: 'admin', queueIds: queues.map((queue) => queue.id) },
  });
  if (auditor.status !== 201) throw new Error(`POST /users answered ${auditor.status}: ${JSON.stringify(auditor.body)}`);
  ({ accessToken: auditorToken } = await web.cloud.signIn(AUDITOR.email, AUDITOR.password));
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

/** A lane of the board, named by its heading: its name, then its count (any, unless given). */
const lane = (page: Page, name: string, count?: number): Locator =>
  page.getByRole('region', { name: new RegExp(`^${name} ${count ?? '\\d+'} tickets$`) });

/** The card of a contact: its body, what the keyboard picks up. */
const card = (scope: Page | Locator, contactName: string): Locator => scope.getByRole('button', { name: new RegExp(contactName) });

/** The ticket's tag ids, as the server has them now. */
async function serverTags(): Promise<string[]> {
  const answer = await web.cloud.api(`/tickets/${ticket.id}`, { token: auditorToken });
  if (answer.status !== 200) throw new Error(`GET /tickets/{id} answered ${answer.status}`);
  return answer.body.tags as string[];
}

/** What dnd-kit's live region last told a screen reader. */
async function announced(page: Page, text: string): Promise<void> {
  await page.waitForFunction((expected) => [...document.querySelectorAll('[id^="DndLiveRegion"]')].some((region) => region.textContent.includes(expected)), text);
}

async function openBoard(page: Page): Promise<void> {
  await gotoListening(page, '/kanban', 'tickets:open');
  await shows(page.getByRole('heading', { name: 'Kanban', level: 1 }));
  await shows(lane(page, 'Em aberto'));
}

describe('the kanban board', () => {
  it("shows 'Em aberto' with the untagged ticket's card, then a lane per kanban tag in its colour with its count", async () => {
    const page = await web.newPage({ signedIn: true });
    await openBoard(page);

    const open = lane(page, 'Em aberto');
    const customerCard = await shows(card(open, CUSTOMER.name));
    const text = await customerCard.textContent();
    expect(ticket.number).toEqual(expect.any(Number));
    expect(text).toContain(`#${String(ticket.number)}`);
    expect(text).toContain('+55 (11) 98888-0021');
    expect(text).toContain('Meu pedido chegou quebrado.');
    expect(text).not.toContain('*');
    await shows(open.getByRole('button', { name: 'Ver Ticket' }));

    const names = await page.getByRole('main').getByRole('heading', { level: 2 }).allTextContents();
    expect(names).toEqual(['Em aberto 1 tickets', 'Aguardando peças 0 tickets', 'Urgente 0 tickets']);
    const header = (name: string) =>
      lane(page, name)
        .getByRole('heading', { level: 2 })
        .evaluate((heading) => {
          const style = getComputedStyle(heading.parentElement as HTMLElement);
          return [style.backgroundColor, style.color];
        });
    expect(await header('Urgente')).toEqual(['rgb(185, 28, 28)', 'rgb(255, 255, 255)']);
    expect(await header('Aguardando peças')).toEqual(['rgb(253, 230, 138)', 'rgb(0, 0, 0)']);
  });

  it("moves the card from 'Em aberto' to a tag lane with the keyboard: the ticket gets the tag on the server, with only the addition's toast", async () => {
    const page = await web.newPage({ signedIn: true });
    await openBoard(page);
    const body = await shows(card(lane(page, 'Em aberto'), CUSTOMER.name));

    await body.focus();
    await page.keyboard.press('Space');
    await announced(page, 'pego na coluna Em aberto');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'sobre a coluna Aguardando peças');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'sobre a coluna Urgente');
    await page.keyboard.press('Space');

    const moved = await shows(card(lane(page, 'Urgente', 1), CUSTOMER.name));
    await announced(page, 'solto na coluna Urgente');
    // The keyboard user goes on from the card, in its new lane.
    await until('the focus on the moved card', () => moved.evaluate((element) => element === document.activeElement));
    await shows(page.getByRole('listitem', { name: 'Ticket Tag Adicionado com Sucesso!' }));
    // Nothing was removed: a removal's toast would still be on screen beside the addition's.
    expect(await page.getByRole('listitem', { name: 'Ticket Tag Removido!' }).count()).toBe(0);
    expect(await until('the tag on the server', async () => {
      const tags = await serverTags();
      return tags.includes(urgentTagId) ? tags : undefined;
    })).toEqual([urgentTagId]);
    await shows(lane(page, 'Em aberto', 0));
  });

  it("moves the card from a tag lane to another: the tag's removal, then the lane's tag, with both toasts", async () => {
    const page = await web.newPage({ signedIn: true });
    await openBoard(page);
    const body = await shows(card(lane(page, 'Urgente'), CUSTOMER.name));

    await body.focus();
    await page.keyboard.press('Space');
    await announced(page, 'pego na coluna Urgente');
    await page.keyboard.press('ArrowLeft');
    await announced(page, 'sobre a coluna Aguardando peças');
    await page.keyboard.press('Space');

    await shows(card(lane(page, 'Aguardando peças', 1), CUSTOMER.name));
    await shows(page.getByRole('listitem', { name: 'Ticket Tag Removido!' }));
    await shows(page.getByRole('listitem', { name: 'Ticket Tag Adicionado com Sucesso!' }));
    expect(await until('the lane tag on the server', async () => {
      const tags = await serverTags();
      return tags.includes(waitingTagId) ? tags : undefined;
    })).toEqual([waitingTagId]);
    await shows(lane(page, 'Urgente', 0));
  });

  it("moves the card back to 'Em aberto' with the mouse: only the tag's removal, and the ticket has no tag", async () => {
    const page = await web.newPage({ signedIn: true });
    await openBoard(page);
    const body = await shows(card(lane(page, 'Aguardando peças'), CUSTOMER.name));
    const from = await body.boundingBox();
    const to = await lane(page, 'Em aberto').boundingBox();
    if (from === null || to === null) throw new Error('the card or the lane has no box');

    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 4 });
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
    await page.mouse.up();

    await shows(card(lane(page, 'Em aberto'), CUSTOMER.name));
    const removed = await shows(page.getByRole('listitem', { name: 'Ticket Tag Removido!' }));
    expect(await until('no tag on the server', async () => ((await serverTags()).length === 0 ? true : undefined))).toBe(true);
    await leaves(removed);
    expect(await page.getByRole('listitem', { name: 'Ticket Tag Adicionado com Sucesso!' }).count()).toBe(0);
  });

  it("puts the card back when the server refuses the move: the lane's tag was deleted meanwhile", async () => {
    const created = await web.cloud.api('/tags', { method: 'POST', token: auditorToken, body: { name: 'Descartar', color: '#4b5563', kanban: 1 } });
    expect(created.status).toBe(201);
    const page = await web.newPage({ signedIn: true });
    await openBoard(page);
    await shows(lane(page, 'Descartar', 0));
    expect((await web.cloud.api(`/tags/${created.body.id}`, { method: 'DELETE', token: auditorToken })).status).toBeLessThan(300);
    const body = await shows(card(lane(page, 'Em aberto'), CUSTOMER.name));

    await body.focus();
    await page.keyboard.press('Space');
    await announced(page, 'pego na coluna Em aberto');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'sobre a coluna Aguardando peças');
    await page.keyboard.press('ArrowRight');
    await announced(page, 'sobre a coluna Descartar');
    await page.keyboard.press('Space');

    await shows(page.getByRole('listitem', { name: 'Nenhuma tag encontrada com este ID.' }));
    await shows(card(lane(page, 'Em aberto', 1), CUSTOMER.name));
    // The lanes are read again: the deleted tag's lane goes.
    await leaves(lane(page, 'Descartar'));
    expect(await serverTags()).toEqual([]);
  });

  it("opens the ticket's conversation from 'Ver Ticket'", async () => {
    const page = await web.newPage({ signedIn: true });
    await openBoard(page);

    await lane(page, 'Em aberto').getByRole('listitem').filter({ hasText: CUSTOMER.name }).getByRole('button', { name: 'Ver Ticket' }).click();

    await page.waitForURL(`**/tickets/${ticket.uuid}`);
    await shows(conversation(page, CUSTOMER.name));
  });

  it("shows a new customer's ticket in 'Em aberto' as soon as the customer writes, without a reload", async () => {
    const page = await web.newPage({ signedIn: true });
    await gotoListening(page, '/kanban', 'tickets:pending');
    await shows(lane(page, 'Em aberto'));

    await whatsapp.write(NEWCOMER.number, NEWCOMER.name, 'Vocês abrem amanhã?');

    const arrived = await shows(card(lane(page, 'Em aberto', 2), NEWCOMER.name));
    expect(await arrived.textContent()).toContain('Vocês abrem amanhã?');
  });

  it('scrolls the lanes sideways on a phone, not the page', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 360, height: 740 } });
    await openBoard(page);

    const board = page.getByRole('group', { name: 'Quadro kanban' });
    const sizes = await board.evaluate((element) => ({
      overflowX: getComputedStyle(element).overflowX,
      scrolls: element.scrollWidth > element.clientWidth,
      page: document.documentElement.scrollWidth - window.innerWidth,
    }));
    expect(sizes).toEqual({ overflowX: 'auto', scrolls: true, page: 0 });
    await lane(page, 'Urgente').scrollIntoViewIfNeeded();
    await shows(lane(page, 'Urgente'));
  });
});

describe('the drag and drop code', () => {
  it('loads with the board only, not with the other pages', async () => {
    const page = await web.newPage({ signedIn: true });
    // The scripts' addresses only: a body read from the browser is gone once the page navigates away,
    // so each script is fetched again from the server that served it.
    const scripts: string[] = [];
    page.on('response', (response) => {
      if (response.url().endsWith('.js')) scripts.push(response.url());
    });
    // dnd-kit's live region, a name of its own code.
    const withDndKit = async () => {
      const found: string[] = [];
      for (const url of scripts.splice(0)) if ((await (await fetch(url)).text()).includes('DndLiveRegion')) found.push(url);
      return found;
    };

    await page.goto(`/tickets/${ticket.uuid}`);
    await shows(conversation(page, CUSTOMER.name));
    await page.goto('/contacts');
    await shows(page.getByRole('heading', { name: 'Contatos', level: 1 }));
    expect(await withDndKit()).toEqual([]);

    await openBoard(page);
    expect(await withDndKit()).toHaveLength(1);
  });
});

describe('accessibility of the kanban board (axe-core, impact serious or critical)', () => {
  it('finds no violation in the light theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'light' });
    await openBoard(page);
    await shows(card(page, CUSTOMER.name));

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no violation in the dark theme', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    await openBoard(page);
    await shows(card(page, CUSTOMER.name));
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
