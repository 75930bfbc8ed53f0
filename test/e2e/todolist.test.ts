/**
 * The to-do list in a browser (spec 3 §2 To-do list, §5, §7): the demo admin adds, edits and deletes
 * tasks, a blank task is ignored, the tasks survive a reload, and no request reaches the API meanwhile;
 * axe-core finds no serious or critical violation on the page, light and dark.
 */
import type { Page } from 'playwright-core';
import { leaves, seriousViolations, shows, startWebCloud, type WebCloud } from './support/browser';
import { ifAssigned } from '../support/teardown';

let web: WebCloud;

beforeAll(async () => {
  web = await startWebCloud();
});

afterEach(async () => {
  await ifAssigned(web)?.closePages();
});

afterAll(async () => {
  await ifAssigned(web)?.stop();
});

const tasks = (page: Page) => page.getByRole('list', { name: 'Tarefas' });
const task = (page: Page, text: string) => tasks(page).getByRole('listitem').filter({ hasText: text });

async function openTodoList(page: Page): Promise<void> {
  await page.goto('/todolist');
  await shows(page.getByRole('heading', { name: 'Tarefas', level: 1 }));
}

async function addTask(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: /^Nova tarefa/ }).fill(text);
  await page.getByRole('button', { name: 'Adicionar', exact: true }).click();
}

describe('the to-do list', () => {
  it('adds, edits and deletes tasks, ignores a blank one, keeps them over a reload and calls no server', async () => {
    const page = await web.newPage({ signedIn: true });
    // The shell reads the connections 2 s after it loads, for the menu's alert (use-connection-alert.ts):
    // a page that loads fast is idle before that read.
    const connectionsRead = page.waitForRequest((request) => request.method() === 'GET' && request.url() === `${web.cloud.config.apiUrl}/whatsapp`);
    await openTodoList(page);
    await shows(page.getByText('Nenhuma tarefa.', { exact: false }));
    // The shell's own reads (the user, notifications, the connections) are done once they have been
    // asked and the page is idle; from here on only the to-do actions run.
    await connectionsRead;
    await page.waitForLoadState('networkidle');
    let listening = true;
    const apiCalls: string[] = [];
    page.on('request', (request) => {
      if (listening && request.url().startsWith(web.cloud.config.apiUrl)) apiCalls.push(`${request.method()} ${request.url()}`);
    });

    await addTask(page, 'Ligar para Ana');
    await addTask(page, 'Enviar orçamento');
    await addTask(page, '    ');
    await shows(task(page, 'Enviar orçamento'));
    expect(await tasks(page).getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('Ligar para Ana'),
      expect.stringContaining('Enviar orçamento'),
    ]);

    await page.getByRole('button', { name: 'Editar a tarefa Ligar para Ana' }).click();
    const field = page.getByRole('textbox', { name: /^Editar tarefa/ });
    expect(await field.inputValue()).toBe('Ligar para Ana');
    await field.fill('Ligar para Ana às 15h');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await shows(task(page, 'Ligar para Ana às 15h'));

    await page.getByRole('button', { name: 'Excluir a tarefa Enviar orçamento' }).click();
    await leaves(task(page, 'Enviar orçamento'));
    listening = false;
    expect(apiCalls).toEqual([]);

    await page.reload();
    await shows(task(page, 'Ligar para Ana às 15h'));
    expect(await tasks(page).getByRole('listitem').count()).toBe(1);
  });

  it("ignores stored data it cannot read, and another user's tasks", async () => {
    const page = await web.newPage({ signedIn: true });
    await openTodoList(page);
    await addTask(page, 'Antes do defeito');
    await shows(task(page, 'Antes do defeito'));
    await page.evaluate(() => {
      // The signed-in user's key, found by its prefix (the user id is not on screen).
      const keys = Object.keys(localStorage).filter((key) => key.startsWith('todolist:v1:'));
      if (keys.length !== 1) throw new Error(`expected one stored to-do list, found ${keys.length}`);
      for (const key of keys) localStorage.setItem(key, '{not json');
      localStorage.setItem('todolist:v1:someone-else', JSON.stringify([{ id: 'x', text: 'Tarefa de outra pessoa', createdAt: '', updatedAt: '' }]));
    });

    await page.reload();
    await shows(page.getByText('Nenhuma tarefa.', { exact: false }));
    await addTask(page, 'Primeira depois do conserto');
    await shows(task(page, 'Primeira depois do conserto'));
    expect(await page.getByText('Tarefa de outra pessoa').count()).toBe(0);
  });
});

describe('accessibility of the to-do list (axe-core, impact serious or critical)', () => {
  it.each(['light', 'dark'] as const)('finds no violation with tasks listed, in the %s theme', async (colorScheme) => {
    const page = await web.newPage({ signedIn: true, colorScheme });
    await openTodoList(page);
    await shows(page.getByRole('button', { name: colorScheme === 'dark' ? 'Usar tema claro' : 'Usar tema escuro' }));
    await addTask(page, `Revisar a fila de atendimento (${colorScheme})`);
    await shows(task(page, 'Revisar a fila de atendimento'));

    expect(await seriousViolations(page)).toEqual([]);
  });
});
