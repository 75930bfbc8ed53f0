/**
 * The AI prompts and queue integrations pages in a browser (spec 3 §2, §5, §8, §9; checklist A-026,
 * the admin adds a prompt (a save without a queue says 'Informe o setor' first),
 * sees it listed with its queue and the month's usage line, and edits it leaving the key blank, which
 * keeps the stored key; adds a webhook integration and sees its signing secret once, then never again;
 * and in the queue dialog picks a prompt and an integration, which the dialog shows chosen when opened
 * again. axe-core finds no serious or critical violation in the prompt dialog and the secret's.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

const TRAINING = 'Você é a assistente virtual da loja. Responda com educação, em poucas frases, e nunca invente preços.';
const PROMPT = 'Assistente de vendas';
const WEBHOOK = 'Webhook do CRM';
/** Made through the API before the browser signs in, for the queue dialog to offer. */
const QUEUE_PROMPT = 'Assistente da fila';
const QUEUE_INTEGRATION = 'Robô da fila';

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
  // Through the API before the browser's sign-in, which ends this one (one active sign-in per user).
  const { accessToken: token } = await web.cloud.signIn(web.login.email, web.login.password);
  const queues = await web.cloud.api('/queue', { token });
  const queueId = (queues.body as { id: string; name: string }[]).find((queue) => queue.name === 'Atendimento')?.id;
  const prompt = await web.cloud.api('/prompt', { method: 'POST', token, body: { name: QUEUE_PROMPT, prompt: TRAINING, queueId, apiKey: 'sk-fila' } });
  expect(prompt.status).toBe(201);
  const integration = await web.cloud.api('/queueIntegration', {
    method: 'POST',
    token,
    body: { type: 'typebot', name: QUEUE_INTEGRATION, urlN8N: 'https://typebot.example.test', typebotSlug: 'robo-da-fila' },
  });
  expect(integration.status).toBe(201);
}, 120_000);

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const toast = (page: Page) => page.getByRole('listitem', { name: 'Operação realizada com sucesso!' });

describe('the AI prompts page', () => {
  it('adds a prompt (the queue asked for first), lists it with its queue and the month’s usage, and edits it leaving the key blank', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/prompts');
    await shows(page.getByRole('heading', { name: 'Prompts', level: 1 }));
    await shows(page.getByText('Uso este mês: 0 de 1.000.000 tokens'));
    expect(await page.getByRole('meter', { name: 'Tokens de IA usados neste mês' }).getAttribute('aria-valuenow')).toBe('0');

    await page.getByRole('button', { name: 'Adicionar prompt' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar prompt' }));
    // Spec 3 §9's defaults.
    expect(await dialog.getByRole('combobox', { name: /^Modelo/ }).textContent()).toContain('gpt-3.5-turbo-1106');
    expect(await dialog.getByRole('spinbutton', { name: /^Máximo de tokens/ }).inputValue()).toBe('100');
    expect(await dialog.getByRole('spinbutton', { name: /^Máximo de mensagens/ }).inputValue()).toBe('10');
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(PROMPT);
    await dialog.getByRole('textbox', { name: /^Prompt/ }).fill(TRAINING);
    await dialog.getByLabel(/^Chave da API/).fill('sk-test-chave');

    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Informe o setor'));
    expect(await seriousViolations(page)).toEqual([]);

    await dialog.getByRole('combobox', { name: /^Fila/ }).click();
    await page.getByRole('option', { name: 'Atendimento' }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(toast(page));
    await leaves(dialog);

    const row = await shows(page.getByRole('table', { name: 'Prompts' }).getByRole('row').filter({ hasText: PROMPT }));
    expect(await row.textContent()).toContain('Atendimento');
    expect(await row.textContent()).toContain('100');

    // The key is write-only: the edit starts with it empty, and blank keeps it.
    await page.getByRole('button', { name: `Editar ${PROMPT}` }).click();
    const editing = await shows(page.getByRole('dialog', { name: 'Editar prompt' }));
    await shows(editing.getByText('Deixe em branco para manter a chave atual.'));
    expect(await editing.getByLabel(/^Chave da API/).inputValue()).toBe('');
    await editing.getByRole('spinbutton', { name: /^Máximo de tokens/ }).fill('250');
    await editing.getByRole('button', { name: 'Salvar' }).click();
    await leaves(editing);
    await shows(page.getByRole('table', { name: 'Prompts' }).getByRole('row').filter({ hasText: PROMPT }).getByText('250', { exact: true }));

    // Opened again, it still has its key (the hint says so only while one is stored).
    await page.getByRole('button', { name: `Editar ${PROMPT}` }).click();
    const again = await shows(page.getByRole('dialog', { name: 'Editar prompt' }));
    await shows(again.getByText('Deixe em branco para manter a chave atual.'));
    await again.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(again);
  });
});

describe('the queue integrations page and the queue dialog', () => {
  it('adds a webhook integration and shows its signing secret once, never again', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/queue-integration');
    await shows(page.getByRole('heading', { name: 'Integrações', level: 1 }));
    await shows(page.getByRole('table', { name: 'Integrações' }).getByRole('row').filter({ hasText: QUEUE_INTEGRATION }));

    await page.getByRole('button', { name: 'Adicionar integração' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Adicionar integração' }));
    await dialog.getByRole('combobox', { name: /^Tipo/ }).click();
    await page.getByRole('option', { name: 'Webhook' }).click();
    await dialog.getByRole('textbox', { name: /^Nome/ }).fill(WEBHOOK);
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(dialog.getByText('Obrigatório'));
    await dialog.getByRole('textbox', { name: /^URL/ }).fill('https://crm.example.test/atende');
    await dialog.getByRole('button', { name: 'Salvar' }).click();

    // The answer's secret, once, in the same dialog.
    const secretDialog = await shows(page.getByRole('dialog', { name: 'Segredo de assinatura' }));
    await shows(secretDialog.getByText('Copie e guarde este segredo agora: ele não será mostrado de novo.'));
    const secret = await secretDialog.getByRole('textbox', { name: 'Segredo' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    expect(await seriousViolations(page)).toEqual([]);
    await secretDialog.getByRole('button', { name: 'Fechar' }).click();
    await leaves(secretDialog);

    const row = await shows(page.getByRole('table', { name: 'Integrações' }).getByRole('row').filter({ hasText: WEBHOOK }));
    await shows(row.getByText('Webhook', { exact: true }));

    await page.getByRole('button', { name: `Editar ${WEBHOOK}` }).click();
    const editing = await shows(page.getByRole('dialog', { name: 'Editar integração' }));
    await shows(editing.getByText('Um segredo está guardado. Por segurança, ele não é mostrado de novo.'));
    expect(await editing.getByText(secret).count()).toBe(0);
    expect(await editing.getByRole('textbox', { name: 'Segredo' }).count()).toBe(0);
    await editing.getByRole('button', { name: 'Cancelar' }).click();
    await leaves(editing);
  });

  it('lets the queue dialog pick an AI prompt and an integration, shown chosen when it opens again', async () => {
    const page = await web.newPage({ signedIn: true });
    await page.goto('/queues');
    await shows(page.getByRole('heading', { name: 'Filas & Chatbot', level: 1 }));

    await page.getByRole('button', { name: 'Editar Atendimento' }).click();
    const dialog = await shows(page.getByRole('dialog', { name: 'Editar fila' }));
    const promptSelect = dialog.getByRole('combobox', { name: /^Prompt de IA/ });
    const integrationSelect = dialog.getByRole('combobox', { name: /^Integração/ });
    expect(await promptSelect.textContent()).toContain('Nenhum');
    expect(await integrationSelect.textContent()).toContain('Nenhuma');

    await promptSelect.click();
    await page.getByRole('option', { name: QUEUE_PROMPT }).click();
    await integrationSelect.click();
    await page.getByRole('option', { name: new RegExp(QUEUE_INTEGRATION) }).click();
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await shows(toast(page));
    await leaves(dialog);

    await page.getByRole('button', { name: 'Editar Atendimento' }).click();
    const again = await shows(page.getByRole('dialog', { name: 'Editar fila' }));
    await shows(again.getByRole('combobox', { name: /^Prompt de IA/ }).filter({ hasText: QUEUE_PROMPT }));
    await shows(again.getByRole('combobox', { name: /^Integração/ }).filter({ hasText: QUEUE_INTEGRATION }));
  });
});
