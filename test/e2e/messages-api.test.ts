/**
 * The API page in the browser (spec 3 §2 External messaging API; checklist ): with a
 * simulator connection's API token, the page's text form sends through POST /api/messages/send from the
 * browser, the simulated phone receives the message and the page shows the API's answer; the media form
 * sends a file the same way; a wrong token shows the API's refusal, and nothing is sent. The page says
 * where the token is (the Connections page), shows this stage's endpoint and lists the OpenAPI
 * document's operations. A company whose plan lacks the external API is refused the page. axe-core finds no serious or critical violation, light and dark; on a
 * 390 px phone nothing is wider than the screen.
 */
import type { Locator, Page } from 'playwright-core';
import { seriousViolations, shows, signInThroughTheForm, startWebCloud, until, type WebCloud } from './support/browser';
import { connectDemoWhatsApp, type DemoWhatsApp } from './support/whatsapp';
import { ifAssigned } from '../support/teardown';

const TEXT_CUSTOMER = '5511977770001';
const MEDIA_CUSTOMER = '5511977770002';
const REFUSED_CUSTOMER = '5511977770003';
const TEXT = 'Seu pedido saiu para entrega (enviado pela página da API)';
/** A 1×1 PNG: the media send's file. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

let web: WebCloud;
let whatsapp: DemoWhatsApp;
/** The simulator connection's API token, as the Connections page would have shown it once. */
let apiToken: string;
/** The admin of a company whose plan has every feature but the external API. */
const withoutApi = { email: 'gestor@semapi.test', password: 'Gestor@1234' };

beforeAll(async () => {
  web = await startWebCloud({ privateCloud: true });
  whatsapp = await connectDemoWhatsApp(web);
  // Its token was shown once at creation; a rotation shows a new one, as the Connections page's button does.
  const rotated = await web.cloud.api(`/whatsapp/${whatsapp.connectionId}/token`, { method: 'POST', token: whatsapp.token });
  expect(rotated.status).toBe(200);
  apiToken = rotated.body.token;
  // Through the API before any browser sign-in of the demo admin, which would revoke this token.
  const plan = await web.cloud.api('/plans', { method: 'POST', token: whatsapp.token, body: { name: 'Sem API', users: 5, connections: 1, queues: 5, useExternalApi: false } });
  expect(plan.status).toBe(201);
  const company = await web.cloud.api('/companies', {
    method: 'POST',
    token: whatsapp.token,
    body: { name: 'Sem API Ltda', email: withoutApi.email, planId: plan.body.id, password: withoutApi.password, dueDate: '2099-12-31' },
  });
  expect(company.status).toBe(201);
}, 120_000);

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(whatsapp)?.stop();
  await ifAssigned(web)?.stop();
});

const textForm = (page: Page) => page.getByRole('region', { name: 'Testar envio de texto' });
const mediaForm = (page: Page) => page.getByRole('region', { name: 'Testar envio de mídia' });
const operations = (page: Page) => page.getByRole('list', { name: 'Operações' });

async function openApiPage(page: Page): Promise<void> {
  await page.goto('/messages-api');
  await shows(page.getByRole('heading', { name: 'API de mensagens', level: 1 }));
  await shows(operations(page).getByRole('heading', { name: 'POST /api/messages/send' }));
}

async function sendText(form: Locator, token: string, number: string, body: string): Promise<void> {
  await form.getByLabel('Token da conexão').fill(token);
  await form.getByLabel('Número').fill(number);
  await form.getByLabel('Mensagem').fill(body);
  await form.getByRole('button', { name: 'Enviar' }).click();
}

describe('the API page', () => {
  it("sends a text with a connection's token from the page's form: the phone receives it and the page shows the answer", async () => {
    const page = await web.newPage({ signedIn: true });
    await openApiPage(page);
    const form = textForm(page);

    await sendText(form, apiToken, TEXT_CUSTOMER, TEXT);

    await shows(form.getByText('Resposta: HTTP 201'));
    await shows(form.getByText('"ticketStatus": "pending"'));
    const atPhone = await until('the text at the phone', async () => (await whatsapp.sentTo(TEXT_CUSTOMER)).find((sent) => sent.body === TEXT));
    expect(atPhone).toMatchObject({ mediaType: 'chat' });
  });

  it('sends a file with a caption from the media form, delivered to the phone as media', async () => {
    const page = await web.newPage({ signedIn: true });
    await openApiPage(page);
    const form = mediaForm(page);

    await form.getByLabel('Token da conexão').fill(apiToken);
    await form.getByLabel('Número').fill(MEDIA_CUSTOMER);
    // The kit's picker (issue 27: the browser's bare file input stood out unstyled): its button opens the file dialog.
    const chooser = page.waitForEvent('filechooser');
    await form.getByRole('button', { name: 'Escolher arquivo' }).click();
    await (await chooser).setFiles({ name: 'recibo.png', mimeType: 'image/png', buffer: PNG });
    await shows(form.getByText('recibo.png'));
    expect(await form.locator('input[type=file]').isVisible()).toBe(false);
    await form.getByLabel('Legenda (opcional)').fill('Seu recibo');
    await form.getByRole('button', { name: 'Enviar' }).click();

    await shows(form.getByText('Resposta: HTTP 201'));
    const atPhone = await until('the file at the phone', async () => (await whatsapp.sentTo(MEDIA_CUSTOMER)).find((sent) => sent.mediaType !== 'chat'));
    expect(atPhone).toMatchObject({ mediaType: 'image', body: 'Seu recibo' });
  });

  it("shows the API's refusal of a wrong token, in the user's language, and nothing is sent", async () => {
    const page = await web.newPage({ signedIn: true });
    await openApiPage(page);
    const form = textForm(page);

    await sendText(form, 'not-a-token', REFUSED_CUSTOMER, 'Não deve chegar');

    await shows(form.getByText('Resposta: HTTP 401'));
    await shows(form.getByText('Token de API inválido ou revogado.'));
    await shows(form.getByText('"error": "ERR_INVALID_API_TOKEN"'));
    // The user's own session is untouched: a 401 of the external API is only an answer.
    await shows(page.getByRole('heading', { name: 'API de mensagens', level: 1 }));
    expect(await whatsapp.sentTo(REFUSED_CUSTOMER)).toEqual([]);
  });

  it("says where the token is, shows this stage's endpoint and lists the OpenAPI document's operations", async () => {
    const page = await web.newPage({ signedIn: true });
    await openApiPage(page);
    const apiUrl = web.cloud.config.apiUrl;

    const howTo = page.getByRole('region', { name: 'Como enviar' });
    await shows(howTo.getByText('aparece uma única vez', { exact: false }));
    expect(await howTo.getByRole('link', { name: 'Conexões' }).getAttribute('href')).toBe('/connections');
    await shows(page.getByText(`POST ${apiUrl}/api/messages/send`));
    await shows(page.getByText(`curl -X POST '${apiUrl}/api/messages/send'`, { exact: false }).first());
    expect(await page.getByRole('link', { name: 'Abrir o documento OpenAPI (JSON)' }).getAttribute('href')).toBe(`${apiUrl}/api/openapi.json`);
    const send = operations(page).getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'POST /api/messages/send' }) }).first();
    await shows(send.getByText('Requer o token da conexão'));
    await shows(send.getByText('Corpo: multipart/form-data'));
    await shows(send.getByText('ERR_INVALID_API_TOKEN', { exact: true }).first());
    await shows(operations(page).getByRole('heading', { name: 'GET /api/openapi.json' }));
  });

  it("is refused to a company whose plan lacks the external API: the permission toast, then / a second later", async () => {
    const page = await web.newPage();
    await signInThroughTheForm(page, withoutApi);

    await page.goto('/messages-api');

    await shows(page.getByText('Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.').first());
    await page.waitForURL((url) => url.pathname === '/');
    expect(await page.getByRole('heading', { name: 'API de mensagens' }).count()).toBe(0);
  });

  it('fits a 390 px phone: nothing wider than the screen', async () => {
    const page = await web.newPage({ signedIn: true, viewport: { width: 390, height: 844 } });
    await openApiPage(page);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  it('finds no serious or critical accessibility violation, in the light theme, with an answer shown', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'light' });
    await openApiPage(page);
    await shows(page.getByRole('button', { name: 'Usar tema escuro' }));
    await sendText(textForm(page), 'not-a-token', REFUSED_CUSTOMER, 'Não deve chegar');
    await shows(textForm(page).getByText('Resposta: HTTP 401'));

    expect(await seriousViolations(page)).toEqual([]);
  });

  it('finds no serious or critical accessibility violation, in the dark theme, with an answer shown', async () => {
    const page = await web.newPage({ signedIn: true, colorScheme: 'dark' });
    await openApiPage(page);
    await shows(page.getByRole('button', { name: 'Usar tema claro' }));
    await sendText(textForm(page), 'not-a-token', REFUSED_CUSTOMER, 'Não deve chegar');
    await shows(textForm(page).getByText('Resposta: HTTP 401'));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
