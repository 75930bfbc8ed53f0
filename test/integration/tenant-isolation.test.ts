/**
 * Tenant isolation, route by route (docs/architecture.md §1.2): the table below must name a probe for every route
 * of the route table, or this file does not compile.
 */
import { HTTP_ROUTES, routeKey, type HttpModule, type RouteKeyOf } from '../../infra/resources/http-routes';
import { startTestCloud, type TestCloud } from '../support/local-cloud';
import { addUser, createTenant } from '../support/tenants';
import { announcementsProbes } from './isolation/announcements';
import { authProbes } from './isolation/auth';
import { companiesProbes } from './isolation/companies';
import { helpsProbes } from './isolation/helps';
import { plansProbes } from './isolation/plans';
import type { IsolationContext, Probe } from './isolation/probe';
import { queuesProbes } from './isolation/queues';
import { realtimeProbes } from './isolation/realtime';
import { settingsProbes } from './isolation/settings';
import { tagsProbes } from './isolation/tags';
import { usersProbes } from './isolation/users';
import { versionProbes } from './isolation/version';
import { contactsProbes } from './isolation/contacts';
import { dashboardProbes } from './isolation/dashboard';
import { messagesProbes } from './isolation/messages';
import { notesProbes } from './isolation/notes';
import { quickMessagesProbes } from './isolation/quick-messages';
import { schedulesProbes } from './isolation/schedules';
import { ticketsProbes } from './isolation/tickets';
import { whatsappProbes } from './isolation/whatsapp';
import { apiProbes } from './isolation/api';
import { campaignsProbes } from './isolation/campaigns';
import { chatsProbes } from './isolation/chats';
import { promptsProbes } from './isolation/prompts';
import { contactListsProbes } from './isolation/contact-lists';
import { fileListsProbes } from './isolation/file-lists';
import { queueIntegrationsProbes } from './isolation/queue-integrations';
import { billingProbes } from './isolation/billing';
import { ifAssigned } from '../support/teardown';

const PROBES: { readonly [M in HttpModule]: Record<RouteKeyOf<M>, Probe> } = {
  version: versionProbes,
  auth: authProbes,
  realtime: realtimeProbes,
  companies: companiesProbes,
  plans: plansProbes,
  helps: helpsProbes,
  announcements: announcementsProbes,
  users: usersProbes,
  settings: settingsProbes,
  queues: queuesProbes,
  tags: tagsProbes,
  contacts: contactsProbes,
  tickets: ticketsProbes,
  messages: messagesProbes,
  notes: notesProbes,
  'quick-messages': quickMessagesProbes,
  schedules: schedulesProbes,
  campaigns: campaignsProbes,
  'contact-lists': contactListsProbes,
  files: fileListsProbes,
  chats: chatsProbes,
  prompts: promptsProbes,
  'queue-integrations': queueIntegrationsProbes,
  billing: billingProbes,
  dashboard: dashboardProbes,
  whatsapp: whatsappProbes,
  api: apiProbes,
};

let cloud: TestCloud;
let context: IsolationContext;

beforeAll(async () => {
  cloud = await startTestCloud();
  const [a, b] = [await createTenant(cloud), await createTenant(cloud)];
  context = {
    cloud,
    a: { ...a, user: await addUser(cloud, a, 'user', [a.queueId]) },
    b: { ...b, user: await addUser(cloud, b, 'user', [b.queueId]) },
  };
});

afterAll(async () => {
  await ifAssigned(cloud)?.stop();
});

describe.each(HTTP_ROUTES.map((route) => [routeKey(route), route.module] as const))('%s', (key, module) => {
  it('never reads or changes the data of another company', async () => {
    const probes: Readonly<Record<string, Probe>> = PROBES[module];
    const probe = probes[key];
    if (!probe) throw new Error(`No isolation probe for ${key}`);
    await probe(context);
  });
});
