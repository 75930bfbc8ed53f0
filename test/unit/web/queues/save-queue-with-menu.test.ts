/** Saving the queue dialog: the queue first, then the menu's calls, a new child under its new parent's id. */
import type { QueueDto } from '../../../../shared/queues';
import type { ApiClient } from '../../../../web/src/api/client';
import { addChildOption, addTopOption, emptyOption } from '../../../../web/src/queues/option-tree';
import { emptyQueueForm, queueFormBody } from '../../../../web/src/queues/queue-form';
import { MenuNotSavedError, saveQueueWithMenu } from '../../../../web/src/queues/save-queue-with-menu';

const SAVED: QueueDto = {
  id: 'Q1',
  name: 'Vendas',
  color: '#DC2626',
  orderQueue: 3,
  greetingMessage: 'Olá',
  outOfHoursMessage: '',
  schedules: [],
  promptId: null,
  integrationId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

interface Call {
  readonly method: string;
  readonly path: string;
  readonly body?: unknown;
}

/** An API that records each call and answers a POST of an option with a new id (or fails the `failAt`-th call). */
function recordingApi(failAt?: number): { api: ApiClient; calls: Call[] } {
  const calls: Call[] = [];
  let options = 0;
  const answer = <T>(call: Call): Promise<T> => {
    calls.push(call);
    if (calls.length === failAt) return Promise.reject(new Error('offline'));
    if (call.path === '/queue' || call.path.startsWith('/queue/')) return Promise.resolve(SAVED as T);
    if (call.method === 'POST') return Promise.resolve({ id: `O${(options += 1)}` } as T);
    return Promise.resolve(undefined as T);
  };
  const api = {
    post: (path: string, body?: unknown) => answer({ method: 'POST', path, body }),
    put: (path: string, body?: unknown) => answer({ method: 'PUT', path, body }),
    delete: (path: string) => answer({ method: 'DELETE', path }),
  } as Partial<ApiClient> as ApiClient;
  return { api, calls };
}

const withMenu = () => {
  let menu = addTopOption([], { ...emptyOption('n1'), title: 'Novos' });
  menu = addChildOption(menu, [0], { ...emptyOption('n2'), title: 'Garantia' });
  return queueFormBody({ ...emptyQueueForm([]), name: 'Vendas', greetingMessage: 'Olá', options: menu });
};

describe('saving the queue dialog', () => {
  it('creates the queue without the menu in its body, then each option, a child under its parent’s new id', async () => {
    const { api, calls } = recordingApi();

    const saved = await saveQueueWithMenu(api, { body: withMenu(), stored: [] });

    expect(saved).toBe(SAVED);
    expect(calls.map(({ method, path }) => `${method} ${path}`)).toEqual(['POST /queue', 'POST /queue-options', 'POST /queue-options']);
    expect(calls[0]?.body).not.toHaveProperty('options');
    expect(calls[0]?.body).not.toHaveProperty('menu');
    expect(calls[1]?.body).toEqual({ queueId: 'Q1', parentId: null, title: 'Novos', message: '', option: 1 });
    expect(calls[2]?.body).toEqual({ queueId: 'Q1', parentId: 'O1', title: 'Garantia', message: '', option: 1 });
  });

  it('updates an existing queue by its id', async () => {
    const { api, calls } = recordingApi();

    await saveQueueWithMenu(api, { body: withMenu(), stored: [], queueId: 'Q1' });

    expect(calls[0]).toMatchObject({ method: 'PUT', path: '/queue/Q1' });
  });

  it('says the queue was saved but not its menu when an option call fails', async () => {
    const { api } = recordingApi(3);

    const failure = saveQueueWithMenu(api, { body: withMenu(), stored: [] });

    await expect(failure).rejects.toBeInstanceOf(MenuNotSavedError);
    await expect(failure).rejects.toMatchObject({ queue: SAVED });
  });

  it('passes a refusal of the queue itself on as it came, with no option call', async () => {
    const { api, calls } = recordingApi(1);

    await expect(saveQueueWithMenu(api, { body: withMenu(), stored: [] })).rejects.toThrow('offline');
    expect(calls).toHaveLength(1);
  });
});
