/**
 * A Cloud API connection end to end in the browser (issue 32, its "done when"): a new admin adds a
 * connection of provider 'WhatsApp Cloud API (oficial)' with the values of an account of the local Graph
 * API simulator (infra/local/graph-simulator.ts, which the local cloud runs and points the backend at),
 * 'Tentar novamente' checks them with Meta's API and subscribes the webhook, and the row turns
 * CONNECTED. A simulated customer writes through Meta's signed webhook, the agent accepts the ticket
 * and answers, and the answer reaches the customer through the Graph API. A day later (the ticket's
 * last customer message moved 25 hours back, and the simulator's clock with it), the conversation says
 * the 24-hour window closed and offers only an approved template, whose variable is the contact's name;
 * the template reaches the customer.
 */
import type { Page } from 'playwright-core';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../../functions/core/aws/clients';
import { keys } from '../../functions/core/repositories/keys';
import { leaves, shows, startWebCloud, until, type WebCloud } from './support/browser';
import { gotoListening } from './support/realtime';
import { conversation, listTab, listedTicket } from './support/tickets';
import { ifAssigned } from '../support/teardown';

const CUSTOMER = { number: '5511977770032', name: 'Paula Nuvem' };
const ANSWER = 'Olá Paula, como posso ajudar?';
/** What waits on Meta's side (the simulator's webhook deliveries, the send worker): more than a click. */
const CLOUD_WAIT = { timeout: 30_000 } as const;

interface SimulatedAccount {
  readonly phoneNumberId: string;
  readonly wabaId: string;
  readonly accessToken: string;
  readonly appSecret: string;
}

interface OutboxMessage {
  readonly to: string;
  readonly type: string;
  readonly summary: string;
}

let web: WebCloud;
let page: Page;
let account: SimulatedAccount;
let companyId: string;
/** A second admin's API token: the file's admin signs in in the browser, which ends its API sign-ins. */
let colleagueToken: string;

/** The simulator's control API (its root, without the Graph version). */
const control = () => web.cloud.urls.graph.replace(/\/v[\d.]+$/, '');

async function simulator<T>(path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${control()}/_simulator/accounts${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`simulator ${path} answered ${response.status}: ${await response.text()}`);
  return (await response.json()) as T;
}

const outbox = async () => (await simulator<{ messages: OutboxMessage[] }>(`/${account.phoneNumberId}/outbox?to=${CUSTOMER.number}`)).messages;

beforeAll(async () => {
  web = await startWebCloud();
  // An account of this file's own: the demo account is shared by every file of the worker's cloud.
  account = await simulator<SimulatedAccount>('', { verifiedName: 'Loja Nuvem' });
  const { accessToken } = await web.cloud.signIn(web.login.email, web.login.password);
  companyId = (await web.cloud.api('/auth/me', { token: accessToken })).body.company.id;
  const colleague = { name: 'Apoio', email: `apoio.${companyId.toLowerCase()}@example.com`, password: 'Senha123forte', profile: 'admin' };
  const created = await web.cloud.api('/users', { method: 'POST', token: accessToken, body: colleague });
  expect(created.status).toBeLessThan(300);
  colleagueToken = (await web.cloud.signIn(colleague.email, colleague.password)).accessToken;
  page = await web.newPage({ signedIn: true });
});

afterAll(async () => {
  await ifAssigned(web)?.closePages();
  await ifAssigned(web)?.stop();
});

const row = (name: string) => page.getByRole('row').filter({ hasText: name });

describe('a Cloud API connection', () => {
  it("is added with the account's credentials and turns CONNECTED once Meta accepts them", async () => {
    await gotoListening(page, '/connections', 'notification');
    await page.getByRole('button', { name: 'Adicionar WhatsApp' }).click();
    const form = await shows(page.getByRole('dialog', { name: 'Adicionar WhatsApp' }));
    await form.getByLabel('Nome').fill('Oficial');
    await form.getByRole('combobox', { name: 'Provedor' }).click();
    await page.getByRole('option', { name: 'WhatsApp Cloud API (oficial)' }).click();
    await form.getByLabel('ID do número de telefone').fill(account.phoneNumberId);
    await form.getByLabel('ID da conta do WhatsApp Business').fill(account.wabaId);
    await form.getByLabel('Token de acesso').fill(account.accessToken);
    await form.getByLabel('Chave secreta do app').fill(account.appSecret);
    await form.getByRole('button', { name: 'Salvar' }).click();
    const tokenDialog = await shows(page.getByRole('alertdialog', { name: 'Token da API', exact: true }));
    // The next step is Meta's app: the callback and the verify token are shown beside the API token.
    expect(await tokenDialog.getByRole('textbox', { name: 'URL de callback' }).inputValue()).toMatch(/\/webhooks\/whatsapp-cloud\/[0-9A-Z]{26}$/);
    expect(await tokenDialog.getByRole('textbox', { name: 'Token de verificação' }).inputValue()).not.toBe('');
    await tokenDialog.getByRole('button', { name: 'Fechar' }).click();
    await leaves(tokenDialog);

    const created = await shows(row('Oficial'));
    await shows(created.getByText('Desconectado'));
    // No QR code on a cloud connection: the check of its credentials instead.
    expect(await created.getByRole('button', { name: 'QR CODE', exact: true }).count()).toBe(0);
    await created.getByRole('button', { name: 'Tentar novamente' }).click();
    await created.getByText('Conectado', { exact: true }).waitFor({ state: 'visible', ...CLOUD_WAIT });
    // Meta's webhook now points at this connection (the simulator made the verification handshake).
    const view = await simulator<{ callbackUrl: string | null }>(`/${account.phoneNumberId}`);
    expect(view.callbackUrl).toMatch(/\/webhooks\/whatsapp-cloud\/[0-9A-Z]{26}$/);
  });

  it("brings a customer's message through Meta's webhook, and the agent's answer reaches the customer", async () => {
    await gotoListening(page, '/tickets', 'tickets:pending');
    await listTab(page, 'Aguardando').click();
    await simulator(`/${account.phoneNumberId}/inbound`, { from: CUSTOMER.number, name: CUSTOMER.name, text: 'Oi, preciso de ajuda' });

    const item = await shows(listedTicket(page, CUSTOMER.name));
    expect(await item.textContent()).toContain('Oficial');
    await item.getByRole('button', { name: 'Aceitar' }).click();
    const panel = await shows(conversation(page, CUSTOMER.name));
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText('Oi, preciso de ajuda', { exact: true }));

    const input = panel.getByRole('textbox', { name: 'Mensagem' });
    await input.fill(ANSWER);
    await input.press('Enter');
    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(ANSWER));
    const sent = await until('the answer at the customer', async () => (await outbox()).find((message) => message.summary.endsWith(ANSWER)), 750);
    expect(sent.type).toBe('text');
  });

  it('offers only an approved template once 24 hours have passed since the customer wrote, and sends it', async () => {
    const ticket = await until('the ticket', async () => {
      const open = (await web.cloud.api('/tickets?status=open&showAll=true', { token: colleagueToken })).body.tickets as { id: string; uuid: string; contact: { number: string } }[];
      return open.find((candidate) => candidate.contact.number === CUSTOMER.number);
    });
    // A day later: the customer's last message 25 hours back, and Meta's clock moved as far.
    await dynamo().send(
      new UpdateCommand({
        TableName: web.cloud.tableName,
        Key: keys.ticket(companyId, ticket.id),
        UpdateExpression: 'SET customerMessageAt = :at',
        ExpressionAttributeValues: { ':at': new Date(Date.now() - 25 * 3_600_000).toISOString() },
      }),
    );
    await simulator(`/${account.phoneNumberId}/advance`, { hours: 25 });

    // The connection's templates, read from Meta by an admin on the templates page.
    await page.goto('/connections');
    await row('Oficial').getByRole('link', { name: 'Modelos' }).click();
    await page.getByRole('button', { name: 'Sincronizar' }).click();
    await shows(page.getByRole('row').filter({ hasText: 'retomar_atendimento' }));

    await page.goto(`/tickets/${ticket.uuid}`);
    const panel = await shows(conversation(page, CUSTOMER.name));
    await shows(panel.getByText(/A janela de 24 horas fechou/));
    expect(await panel.getByRole('textbox', { name: 'Mensagem' }).count()).toBe(0);

    await panel.getByRole('button', { name: 'Enviar modelo' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Enviar modelo' }));
    await dialog.getByRole('combobox', { name: 'Modelo aprovado' }).click();
    await page.getByRole('option', { name: /retomar_atendimento/ }).click();
    // Its one variable starts as the contact's name.
    await shows(dialog.getByText(`Olá ${CUSTOMER.name}, podemos continuar seu atendimento?`).first());
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await leaves(dialog);

    await shows(panel.getByRole('log', { name: 'Mensagens' }).getByText(`Olá ${CUSTOMER.name}, podemos continuar seu atendimento?`));
    const template = await until('the template at the customer', async () => (await outbox()).find((message) => message.type === 'template'), 750);
    expect(template.summary).toContain(CUSTOMER.name);
  });
});
