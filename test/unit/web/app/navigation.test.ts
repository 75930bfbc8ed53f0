import { pageById } from '../../../../web/src/app/page-registry';
import { CAMPAIGN_PAGES, OPEN_PAGES, PRIVATE_PAGES, PUBLIC_PAGES } from '../../../../web/src/app/pages';

describe('the route table', () => {
  test('gives every page a title and a unique path', () => {
    const pages = [...PRIVATE_PAGES, ...PUBLIC_PAGES, ...OPEN_PAGES];
    const paths = pages.map((page) => page.path);

    expect(new Set(paths).size).toBe(paths.length);
    for (const page of pages) expect(pageById(page.id).title.pt).toEqual(expect.any(String));
  });

  test('holds every private route of spec 3 §2, the campaign routes last', () => {
    const expected = [
      'tickets', 'connections', 'connections', 'quick-messages', 'todolist', 'schedules', 'tags', 'contacts', 'helps', 'users',
      'files', 'prompts', 'queue-integration', 'messages-api', 'settings', 'kanban', 'financeiro', 'queues',
      'announcements', 'subscription', 'chats',
    ];

    const campaigns = ['contact-lists', 'contact-lists', 'campaigns', 'campaign', 'campaigns-config'];

    expect(PRIVATE_PAGES.map((page) => page.path.split('/')[0])).toEqual([...expected, ...campaigns]);
  });

  test('holds the campaign routes of spec 3 §2 with their parameters, after the file lists that open with them', () => {
    const expected = [
      'files', 'contact-lists', 'contact-lists/:contactListId/contacts', 'campaigns', 'campaign/:campaignId/report', 'campaigns-config',
    ];

    expect(CAMPAIGN_PAGES.map((page) => page.path)).toEqual(expected);
  });

  test('holds the pages the landing links to, which no route guard keeps from anyone', () => {
    expect(OPEN_PAGES.map((page) => page.path)).toEqual(['privacidade', 'termos', 'contato']);
  });

  test('gives every page a title in every language', () => {
    for (const page of [...PRIVATE_PAGES, ...PUBLIC_PAGES, ...OPEN_PAGES]) {
      for (const language of ['pt', 'en', 'es'] as const) expect(pageById(page.id).title[language]).toMatch(/\S/);
    }
  });
});
