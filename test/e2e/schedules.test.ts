/**
 * The schedules page (/schedules) in the browser: from a contact's row on the contacts page, the
 * schedule dialog opens for that contact (`?contactId=`), with the send time one hour ahead; the agent
 * writes a message with a variable from the insert-variable menu, picks the connection and a time that
 * has come, saves; the simulated phone receives the message once with the contact's name filled in,
 * and the calendar's event opens as 'Mensagem Enviada' without its submit button.
 *
 * Then the calendar itself (issue 27, point 6): axe-core finds no serious or critical violation in the
 * dark theme (its toolbar was nearly invisible) nor in the light one (days of other months were too
 * faint), no cell stays light in the dark theme, a pending and a sent schedule show their status in
 * words beside an icon of its own, a phone (360 px) gets the agenda with each schedule readable and its
 * buttons beside its name, and the calendar speaks Portuguese and Spanish ('Month View' was left in
 * English).
 */
import type { Locator, Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511988880401', name: 'Carla Agenda' };
/** Two schedules of the calendar's tests: one pending, one sent. */
const PENDING = { number: '5511988880402', name: 'Marta Pendente' };
const SENT = { number: '5511988880403', name: 'Sergio Enviado' };
const PHONE = { width: 360, height: 740 };

let web: WebCloud;
let whatsapp: DemoWhatsApp;
let page: Page;

beforeAll(async () => {
  web = await startWebCloud();
  whatsapp = await connectDemoWhatsApp(web);
  await contactOf(CUSTOMER);
  // Through the API before the browser signs the admin in, which ends the API's session.
  const later = new Date();
  later.setDate(later.getDate() + 2);
  later.setHours(12, 0, 0, 0);
  // Pending: the day after tomorrow at noon, inside the agenda's month from today.
  await scheduleFor(await contactOf(PENDING), later);
  // Sent: due now, so on today's cell of the month shown first.
  const sentId = await scheduleFor(await contactOf(SENT), new Date());
  await until('the due schedule to be sent', async () => {
    const read = await web.cloud.api(`/schedules/${sentId}`, { token: whatsapp.token });
    return read.body.status === 'ENVIADA' ? true : undefined;
  });
  page = await web.newPage({ signedIn: true });
}, 120_000);

async function contactOf(customer: { readonly number: string; readonly name: string }): Promise<string> {
  const created = await web.cloud.api('/contacts', { method: 'POST', token: whatsapp.token, body: { name: customer.name, number: `+${customer.number}` } });
  if (created.status !== 201) throw new Error(`POST /contacts answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

async function scheduleFor(contactId: string, sendAt: Date): Promise<string> {
  const body = { body: 'Lembrete: sua consulta está confirmada.', contactId, sendAt: sendAt.toISOString(), whatsappId: whatsapp.connectionId };
  const created = await web.cloud.api('/schedules', { method: 'POST', token: whatsapp.token, body });
  if (created.status !== 201) throw new Error(`POST /schedules answered ${created.status}: ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

it('schedules a message from a contact and shows it sent once the phone got it', async () => {
  await gotoListening(page, '/contacts', 'notification');
  await (await shows(page.getByRole('searchbox', { name: 'Pesquisar contatos' }))).fill(CUSTOMER.name);
  await (await shows(page.getByRole('button', { name: `Agendar mensagem para ${CUSTOMER.name}` }))).click();

  const dialog = await shows(page.getByRole('dialog', { name: 'Novo agendamento' }));
  expect(new URL(page.url()).pathname).toBe('/schedules');
  expect(await dialog.getByRole('combobox', { name: /^Contato/ }).inputValue()).toBe(CUSTOMER.name);
  const sendAt = dialog.getByLabel(/^Data e hora do envio/);
  const proposed = await sendAt.inputValue();
  const inAnHour = await page.evaluate(() => Date.now() + 60 * 60 * 1000);
  expect(Math.abs(new Date(proposed).getTime() - inAnHour)).toBeLessThan(2 * 60 * 1000);

  await dialog.getByRole('textbox', { name: /^Mensagem/ }).fill('Seu pedido chega hoje, ');
  await dialog.getByRole('button', { name: 'Inserir variável' }).click();
  await page.getByRole('menuitem', { name: /Nome do contato/ }).click();
  await dialog.getByRole('combobox', { name: 'Conexão' }).click();
  await page.getByRole('option', { name: 'Simulado' }).click();
  // This very minute: due at once.
  const now = await page.evaluate(() => {
    const at = new Date();
    const pad = (value: number) => String(value).padStart(2, '0');
    return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
  });
  await sendAt.fill(now);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await leaves(dialog);
  await shows(page.getByText('Agendamento salvo com sucesso!').first());

  const received = await until('the phone to get the message', async () => {
    const messages = await whatsapp.sentTo(CUSTOMER.number);
    return messages.length > 0 ? messages : undefined;
  });
  expect(received.map((message) => message.body)).toEqual([`Seu pedido chega hoje, ${CUSTOMER.name}`]);

  await (await shows(page.getByRole('button', { name: `Editar agendamento de ${CUSTOMER.name}` }))).click();
  const sent = await shows(page.getByRole('dialog', { name: 'Mensagem Enviada' }));
  expect(await sent.getByRole('button', { name: 'Salvar' }).count()).toBe(0);
  await sent.getByRole('button', { name: 'Fechar' }).click();
  await leaves(sent);
  expect(await whatsapp.sentTo(CUSTOMER.number)).toHaveLength(1);
}, 180_000);

describe('the calendar', () => {
  /** The calendar, drawn with its schedules. */
  async function openCalendar(target: Page): Promise<Locator> {
    await target.goto('/schedules');
    const calendar = await shows(target.getByRole('region', { name: 'Calendário de agendamentos' }));
    await shows(calendar.getByText(SENT.name).first());
    return calendar;
  }

  /** A schedule on the calendar, by its contact. */
  const eventOf = (calendar: Locator, name: string): Locator => calendar.getByRole('listitem').filter({ hasText: name });

  it.each(['dark', 'light'] as const)('finds no serious or critical violation in the month and the agenda, in the %s theme', async (colorScheme) => {
    const themed = await web.newPage({ signedIn: true, colorScheme });
    const calendar = await openCalendar(themed);
    await shows(themed.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));
    expect(await calendar.getByRole('button', { name: 'Mês', exact: true }).getAttribute('aria-pressed')).toBe('true');

    expect(await seriousViolations(themed)).toEqual([]);

    await calendar.getByRole('button', { name: 'Agenda', exact: true }).click();
    await shows(eventOf(calendar, PENDING.name));
    expect(await seriousViolations(themed)).toEqual([]);
    await themed.context().close();
  });

  it('leaves no cell of the month light in the dark theme', async () => {
    const dark = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    const calendar = await openCalendar(dark);

    const luminances = await calendar.locator('td').evaluateAll((cells) =>
      cells.map((cell) => {
        const [r = 0, g = 0, b = 0] = (getComputedStyle(cell).backgroundColor.match(/\d+(\.\d+)?/g) ?? []).map(Number);
        const linear = (channel: number) => {
          const value = channel / 255;
          return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
      }),
    );
    expect(luminances.length).toBeGreaterThanOrEqual(28);
    expect(luminances.filter((luminance) => luminance > 0.1)).toEqual([]);
    await dark.context().close();
  });

  it('tells a pending schedule from a sent one by its status in words, beside an icon', async () => {
    const wide = await web.newPage({ signedIn: true });
    const calendar = await openCalendar(wide);
    await calendar.getByRole('button', { name: 'Agenda', exact: true }).click();

    const pending = await shows(eventOf(calendar, PENDING.name));
    const sent = await shows(eventOf(calendar, SENT.name));
    expect(await pending.textContent()).toContain('Pendente');
    expect(await sent.textContent()).toContain('Enviada');
    expect(await pending.locator('svg').first().innerHTML()).not.toBe(await sent.locator('svg').first().innerHTML());
    const background = (event: Locator) => event.evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(await background(pending)).not.toBe(await background(sent));
    await wide.context().close();
  });

  it('shows a phone the agenda, each schedule with its whole name and its buttons beside it', async () => {
    const phone = await web.newPage({ signedIn: true, viewport: PHONE });
    const calendar = await openCalendar(phone);

    const views = calendar.getByRole('group', { name: 'Visualização' }).getByRole('button');
    expect(await views.allTextContents()).toEqual(['Dia', 'Agenda']);
    expect(await calendar.getByRole('button', { name: 'Agenda', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await calendar.locator('table').count()).toBe(0);

    const event = await shows(eventOf(calendar, PENDING.name));
    const name = event.getByText(PENDING.name, { exact: true });
    expect(await name.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    const boxes = await Promise.all(
      [name, event.getByRole('button', { name: `Editar agendamento de ${PENDING.name}` }), event.getByRole('button', { name: `Excluir agendamento de ${PENDING.name}` })].map(
        async (part) => (await part.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 },
      ),
    );
    // Side by side, none on another.
    for (const [index, box] of boxes.entries()) {
      expect(box.width).toBeGreaterThan(0);
      for (const other of boxes.slice(index + 1)) {
        const overlap = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
        expect(overlap).toBe(false);
      }
    }
    expect(await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await phone.context().close();
  });

  it('labels the calendar in Portuguese and in Spanish, with no English left', async () => {
    const portuguese = await web.newPage({ signedIn: true });
    const calendar = await openCalendar(portuguese);
    const views = calendar.getByRole('group', { name: 'Visualização' }).getByRole('button');
    expect(await views.allTextContents()).toEqual(['Mês', 'Semana', 'Dia', 'Agenda']);
    await shows(calendar.getByRole('button', { name: 'Hoje', exact: true }));
    await shows(calendar.getByRole('button', { name: 'Anterior', exact: true }));
    await shows(calendar.getByRole('button', { name: 'Próximo', exact: true }));
    expect(await portuguese.locator('[aria-label*="View"], [title*="View"]').count()).toBe(0);
    await portuguese.context().close();

    const spanish = await web.newPage({ signedIn: true });
    await spanish.addInitScript(() => window.localStorage.setItem('language', 'es'));
    await spanish.goto('/schedules');
    const calendario = await shows(spanish.getByRole('region', { name: 'Calendario de agendamientos' }));
    expect(await calendario.getByRole('group', { name: 'Vista' }).getByRole('button').allTextContents()).toEqual(['Mes', 'Semana', 'Día', 'Agenda']);
    await shows(calendario.getByRole('button', { name: 'Hoy', exact: true }));
    const month = await spanish.evaluate(() => new Intl.DateTimeFormat('es', { month: 'long' }).format(new Date()));
    expect(await calendario.getByRole('heading', { level: 2 }).textContent()).toContain(month);
    expect(await spanish.locator('[aria-label*="View"], [title*="View"]').count()).toBe(0);
    await spanish.context().close();
  });
});
