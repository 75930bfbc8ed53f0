/**
 * The internal chat in a browser (spec 3 §2 Internal chat, §4, §5, §6, §8; spec 1 §2.2, §2.7; checklist
 * C-028, C-092): the admin and a colleague, each in a
 * browser of their own. The admin's new-chat dialog asks for its title and a user, then makes a chat
 * with the colleague and writes in it; the colleague sees the side menu's dot and the list's badge come
 * live, opens the chat (which marks it read: both go), and answers, which the admin sees live. Only
 * the admin, the owner, has edit and delete; the admin renames the chat, which the colleague sees, and
 * deletes it after the confirmation while the colleague has it open: the colleague lands on /chats. A
 * chat longer than a page opens at its newest message and loads the older page above the reader's place
 * as they scroll up. On a 360 px phone the page is two tabs, Chats and Mensagens, scrolls nowhere sideways, and sends a
 * picture, which shows inline.
 */
import type { Page } from 'playwright-core';
import { leaves, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { ifAssigned } from '../support/teardown';

/** A plain user of the file's company, beside its admin ('Admin'). */
const COLLEAGUE = { name: 'Bruno Colega', email: 'bruno.chat@demo.test', password: 'Colega@1234' };
const TITLE = 'Plantão de sábado';
const RENAMED = 'Plantão de domingo';
/** A 1×1 PNG: the server types a file by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const QUESTION = 'Você pode cobrir o plantão?';
const ANSWER = 'Posso, sim!';

let web: WebCloud;
/** One page per user for the whole story: each step starts where the one before left them. */
let admin: Page;
let colleague: Page;

beforeAll(async () => {
  web = await startWebCloud();
  // Through the API first: the admin's sign-in for the browser ends this token's session.
  const { accessToken } = await web.cloud.signIn(web.login.email, web.login.password);
  const created = await web.cloud.api('/users', { method: 'POST', token: accessToken, body: { ...COLLEAGUE, profile: 'user', queueIds: [] } });
  if (created.status !== 201) throw new Error(`POST /users answered ${created.status}: ${JSON.stringify(created.body)}`);
  await seedHistory(accessToken);
  admin = await web.newPage({ signedIn: true });
  colleague = await web.newPage();
  await signInThroughTheForm(colleague, COLLEAGUE);
}, 120_000);

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(web)?.stop();
});

/** A chat of the admin's with another colleague, longer than one page of messages (20): 'Mensagem 1' to 'Mensagem 30'. */
const HISTORY = { title: 'Histórico', messages: 30 };
const HISTORY_MEMBER = { name: 'Carla Antiga', email: 'carla.chat@demo.test', password: 'Carla@12345' };

async function seedHistory(token: string): Promise<void> {
  const other = await web.cloud.api('/users', {
    method: 'POST',
    token,
    body: { ...HISTORY_MEMBER, profile: 'user', queueIds: [] },
  });
  if (other.status !== 201) throw new Error(`POST /users answered ${other.status}: ${JSON.stringify(other.body)}`);
  const chat = await web.cloud.api('/chats', { method: 'POST', token, body: { title: HISTORY.title, users: [other.body.id] } });
  if (chat.status !== 201) throw new Error(`POST /chats answered ${chat.status}: ${JSON.stringify(chat.body)}`);
  for (let index = 1; index <= HISTORY.messages; index += 1) {
    const sent = await web.cloud.api(`/chats/${chat.body.id}/messages`, { method: 'POST', token, body: { message: `Mensagem ${index}` } });
    if (sent.status !== 201) throw new Error(`POST /chats/{id}/messages answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  }
}

const menuChats = (page: Page) => page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: /^Chat Interno/ });
const chatList = (page: Page) => page.getByRole('region', { name: 'Conversas' });
const listedChat = (page: Page, title: string) => chatList(page).getByRole('link', { name: new RegExp(`^${title}`) });
const messages = (page: Page) => page.getByRole('log', { name: 'Mensagens' });
const composer = (page: Page) => page.getByRole('textbox', { name: 'Mensagem' });

describe('two colleagues in the internal chat', () => {
  it("makes a chat with the colleague, whose menu dot and list badge come live and go once it is read, and shows the colleague's answer live", async () => {
    // The colleague works elsewhere, their socket open (its user room is where chat events go).
    await gotoListening(colleague, '/tickets', 'notification');
    await shows(menuChats(colleague).filter({ hasNotText: 'não lidas' }));

    await gotoListening(admin, '/chats', 'notification');
    await shows(admin.getByText('Selecione uma conversa na lista ou inicie uma nova.'));
    await admin.getByRole('button', { name: 'Nova conversa' }).click();
    const dialog = await shows(admin.getByRole('dialog', { name: 'Nova conversa' }));
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Por favor, preencha o título da conversa.'));
    await shows(dialog.getByText('Por favor, selecione pelo menos um usuário.'));

    await dialog.getByRole('textbox', { name: /^Título/ }).fill(TITLE);
    await dialog.getByRole('combobox', { name: /^Participantes/ }).click();
    // The company's users but the admin, by name: a multi-select's options are checkable menu items.
    expect(await admin.getByRole('menuitemcheckbox').allTextContents()).toEqual([COLLEAGUE.name, HISTORY_MEMBER.name]);
    await admin.getByRole('menuitemcheckbox', { name: COLLEAGUE.name }).click();
    await admin.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    // The new chat opens, first in the list, and the admin writes in it with Enter.
    await admin.waitForURL(/\/chats\/[^/]+$/);
    await shows(admin.getByRole('heading', { name: TITLE, level: 2 }));
    await shows(listedChat(admin, TITLE));
    await composer(admin).fill(QUESTION);
    await composer(admin).press('Enter');
    await shows(messages(admin).getByText(QUESTION));
    // The message's live event can come before the send's answer, which is what empties the composer.
    await until('the composer emptied after the send', async () => (await composer(admin).inputValue()) === '');

    // Live, without a reload: the menu's dot, then the list's badge.
    const loads: string[] = [];
    colleague.on('load', () => loads.push(colleague.url()));
    await shows(menuChats(colleague).filter({ hasText: 'Há mensagens não lidas' }));
    await menuChats(colleague).click();
    await shows(listedChat(colleague, TITLE).filter({ hasText: '1 mensagem não lida' }));
    expect(await listedChat(colleague, TITLE).textContent()).toContain(QUESTION);

    // Opening it reads it: the badge and the dot go.
    await listedChat(colleague, TITLE).click();
    const asked = await shows(messages(colleague).getByRole('article', { name: 'Admin' }).filter({ hasText: QUESTION }));
    expect(await asked.textContent()).toMatch(/\d{2}:\d{2}/);
    await shows(listedChat(colleague, TITLE).filter({ hasNotText: 'não lida' }));
    await shows(menuChats(colleague).filter({ hasNotText: 'não lidas' }));

    // The answer, Shift+Enter for a second line.
    await composer(colleague).fill(ANSWER);
    await composer(colleague).press('Shift+Enter');
    expect(await composer(colleague).inputValue()).toBe(`${ANSWER}\n`);
    await composer(colleague).press('Enter');
    await shows(messages(colleague).getByRole('article', { name: COLLEAGUE.name }).filter({ hasText: ANSWER }));
    await shows(messages(admin).getByRole('article', { name: COLLEAGUE.name }).filter({ hasText: ANSWER }));
    expect(loads).toEqual([]);
  });

  it('gives edit and delete to the owner only; the rename reaches the colleague, and the delete sends them back to /chats', async () => {
    await shows(admin.getByRole('button', { name: 'Editar conversa' }));
    await shows(admin.getByRole('button', { name: 'Excluir conversa' }));
    await shows(colleague.getByRole('heading', { name: TITLE, level: 2 }));
    expect(await colleague.getByRole('button', { name: 'Editar conversa' }).count()).toBe(0);
    expect(await colleague.getByRole('button', { name: 'Excluir conversa' }).count()).toBe(0);

    // The same dialog, filled in.
    await admin.getByRole('button', { name: 'Editar conversa' }).click();
    const dialog = await shows(admin.getByRole('dialog', { name: 'Editar conversa' }));
    const title = dialog.getByRole('textbox', { name: /^Título/ });
    expect(await title.inputValue()).toBe(TITLE);
    expect(await dialog.getByRole('combobox', { name: /^Participantes/ }).textContent()).toContain(COLLEAGUE.name);
    await title.fill(RENAMED);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);
    await shows(colleague.getByRole('heading', { name: RENAMED, level: 2 }));
    await shows(listedChat(colleague, RENAMED));

    await admin.getByRole('button', { name: 'Excluir conversa' }).click();
    const confirm = await shows(admin.getByRole('alertdialog', { name: 'Excluir Conversa' }));
    await shows(confirm.getByText('Esta ação não pode ser revertida, confirmar?'));
    await confirm.getByRole('button', { name: 'Excluir' }).click();
    await admin.waitForURL(/\/chats$/);
    await leaves(listedChat(admin, RENAMED));

    await colleague.waitForURL(/\/chats$/);
    await shows(colleague.getByText('Selecione uma conversa na lista ou inicie uma nova.'));
    await leaves(listedChat(colleague, RENAMED));
  });

  it('opens a long chat at its newest message and loads the older ones as the reader scrolls up, keeping their place', async () => {
    await admin.goto('/chats');
    await listedChat(admin, HISTORY.title).click();
    const log = messages(admin);
    const newest = await shows(log.getByText(`Mensagem ${HISTORY.messages}`, { exact: true }));
    expect(await newest.isVisible()).toBe(true);
    // At the bottom, and the first page only: the top is more than 600 px away.
    expect(await log.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight)).toBeLessThan(2);
    expect(await log.getByText('Mensagem 1', { exact: true }).count()).toBe(0);
    const oldestShown = log.getByText('Mensagem 11', { exact: true });

    // To the top, where the first page's oldest message then shows (read in the same turn, before any page arrives).
    const topAtScroll = await log.evaluate((element) => {
      element.scrollTop = 0;
      const text = [...element.querySelectorAll('span')].find((span) => span.textContent === 'Mensagem 11');
      return text === undefined ? Number.NaN : text.getBoundingClientRect().top;
    });
    await shows(log.getByText('Mensagem 1', { exact: true }));

    // The older page went above what the reader was looking at, which stayed where it was.
    const topAfter = await oldestShown.evaluate((element) => element.getBoundingClientRect().top);
    expect(Math.abs(topAfter - topAtScroll)).toBeLessThan(40);
    expect(await log.evaluate((element) => element.scrollTop)).toBeGreaterThan(0);
  });

  it('is two tabs on a 360 px phone, Chats and Mensagens, sends a picture that shows inline, and scrolls nowhere sideways', async () => {
    const phone = await web.newPage({ signedIn: true, viewport: { width: 360, height: 740 } });
    await phone.goto('/chats');
    const chatsTab = await shows(phone.getByRole('tab', { name: 'Chats' }));
    const messagesTab = phone.getByRole('tab', { name: 'Mensagens' });
    await shows(messagesTab);
    expect(await chatsTab.getAttribute('aria-selected')).toBe('true');

    await phone.getByRole('button', { name: 'Nova conversa' }).click();
    const dialog = await shows(phone.getByRole('dialog', { name: 'Nova conversa' }));
    await dialog.getByRole('textbox', { name: /^Título/ }).fill('No celular');
    await dialog.getByRole('combobox', { name: /^Participantes/ }).click();
    await phone.getByRole('menuitemcheckbox', { name: COLLEAGUE.name }).click();
    await phone.keyboard.press('Escape');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await leaves(dialog);

    // The new chat opens in the Mensagens tab; the list waits in the other.
    await shows(composer(phone));
    expect(await messagesTab.getAttribute('aria-selected')).toBe('true');
    await composer(phone).fill('Enviado do celular');
    await composer(phone).press('Enter');
    await shows(messages(phone).getByText('Enviado do celular'));
    expect(await chatList(phone).isVisible()).toBe(false);
    // The realtime event can show the message before the send's answer arrives; the field empties with the
    // answer, and only then may a file be chosen (the attach button is disabled while a send is pending).
    await until('the composer emptied', async () => (await composer(phone).inputValue()) === '');

    // A picture goes with a message and shows inline, through its signed link.
    await phone.locator('input[type="file"]').setInputFiles({ name: 'escala.png', mimeType: 'image/png', buffer: PNG });
    await shows(phone.getByRole('button', { name: 'Remover escala.png' }));
    await composer(phone).fill('A escala');
    await composer(phone).press('Enter');
    // In two steps, each with its own time: the message is sent, then its picture loads (an image shows
    // no box until it has loaded, so waiting for it to be visible waited for both at once).
    await shows(messages(phone).getByText('A escala', { exact: true }));
    const picture = messages(phone).getByRole('img', { name: 'Imagem escala.png' });
    await picture.waitFor({ state: 'attached' });
    await until('the picture loaded', () => picture.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0));
    await shows(picture);
    await leaves(phone.getByRole('button', { name: 'Remover escala.png' }));

    await chatsTab.click();
    await shows(listedChat(phone, 'No celular'));
    expect(await composer(phone).isVisible()).toBe(false);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBe(0);
  });
});
