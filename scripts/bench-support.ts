/**
 * What the benchmarks that read a seeded company share (bench-tickets.ts, bench-load.ts): the local
 * cloud on free ports, one company with an admin, an agent of two queues, an agent of one and a plan with every feature,
 * signing in through the local Cognito, calling the HTTP API as the browser does, and bulk writes of
 * items built by the repositories' own builders (never hand-written keys), many BatchWriteItem calls in
 * flight at once.
 */
import './quiet-sdk-notice';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { monotonicFactory } from 'ulid';
import { dynamo } from '../functions/core/aws/clients';
import { createCompany } from '../functions/core/companies/create-company';
import { newTicket } from '../functions/core/conversations/create-ticket';
import { rowCopiesFor } from '../functions/core/conversations/ticket-rows';
import type { Contact } from '../functions/core/repositories/contacts';
import { messageIdOf, type StoredMessage } from '../functions/core/repositories/messages';
import { planItem } from '../functions/core/repositories/plans';
import { getQueue, type Queue } from '../functions/core/repositories/queues';
import { batchWriteAll } from '../functions/core/repositories/table';
import type { Ticket } from '../functions/core/repositories/tickets';
import { getUser, type User } from '../functions/core/repositories/users';
import type { LocalCloud, LocalPorts } from '../infra/local/cloud';
import { AI_TOKENS_PER_MONTH_DEFAULT, ALL_FEATURES, type Plan } from '../shared/plans';
import type { TicketStatus } from '../shared/tickets';

/** Every stand-in on a free port: a benchmark never collides with `npm start` or another run. */
export const FREE_PORTS: LocalPorts = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 };

export const BENCH_PASSWORD = 'Bench@1234';

/** Ids that sort in the order they are made, as the seeded lists need. */
export const nextUlid = monotonicFactory();

export type WriteRequest = Parameters<typeof batchWriteAll>[0][number];

/** DynamoDB's limit of items per BatchWriteItem. */
const BATCH = 25;

/**
 * Writes the requests in BatchWriteItem calls of 25, `inFlight` calls at a time (each retrying what
 * DynamoDB leaves unprocessed, as batchWriteAll does). Requests must not repeat a key.
 */
export async function writeInParallel(requests: readonly WriteRequest[], inFlight: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    for (let start = next; start < requests.length; start = next) {
      next += BATCH;
      await batchWriteAll(requests.slice(start, start + BATCH));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, inFlight) }, worker));
}

// ---- the company ----------------------------------------------------------------------------------------

export interface BenchCompany {
  readonly companyId: string;
  readonly queues: readonly [string, string];
  readonly adminId: string;
  readonly adminName: string;
}

/** What a later run needs to find the company again in a kept data folder. */
export interface BenchAccounts {
  readonly company: BenchCompany;
  readonly adminEmail: string;
  /** An agent of both queues. */
  readonly agentEmail: string;
  /** An agent of the first queue only: what a search filters when the caller sees part of the company. */
  readonly queueAgentEmail: string;
}

export type SignIn = (login: string) => Promise<string>;

/** Signs in through the local Cognito as the web app does; answers the access token. */
export function signInTo(cloud: LocalCloud): SignIn {
  const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
  return async (login) => {
    const { AuthenticationResult } = await cognito.send(
      new InitiateAuthCommand({
        AuthFlow: 'USER_PASSWORD_AUTH',
        ClientId: cloud.config.userPoolClientId,
        AuthParameters: { USERNAME: login, PASSWORD: BENCH_PASSWORD },
      }),
    );
    if (!AuthenticationResult?.AccessToken) throw new Error(`${login} could not sign in`);
    return AuthenticationResult.AccessToken;
  };
}

// `any`: the benches read a few fields of answers they print and do not type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads the API's JSON as it comes
export type ApiAnswer = { status: number; body: any };
export type Api = (path: string, token: string, init?: { method?: string; body?: unknown }) => Promise<ApiAnswer>;

/** Calls the local HTTP API with a bearer token, as the browser does. */
export function apiOf(cloud: LocalCloud): Api {
  return async (path, token, init = {}) => {
    const response = await fetch(`${cloud.config.apiUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
      body: init.body ? JSON.stringify(init.body) : undefined,
    });
    return { status: response.status, body: await response.json().catch(() => ({})) };
  };
}

/**
 * A plan with every feature, a company on it with its admin and first queue (the product's use case),
 * a second queue and an agent of both queues (through the API). `sized` changes the plan (more users).
 */
export async function createBenchCompany(cloud: LocalCloud, signIn: SignIn, api: Api, sized: Partial<Plan> = {}): Promise<BenchAccounts> {
  const plan: Plan = { id: nextUlid(), name: 'Bench', users: 10, connections: 5, queues: 10, value: 0, ...ALL_FEATURES, ...sized, aiTokensPerMonth: sized.aiTokensPerMonth ?? AI_TOKENS_PER_MONTH_DEFAULT };
  await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(plan) }));
  const adminEmail = `bench.${Date.now()}@bench.test`;
  const { company, admin } = await createCompany({
    company: { name: 'Bench', email: adminEmail, phone: '', planId: plan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
    admin: { name: 'Bench Admin', email: adminEmail, password: BENCH_PASSWORD, super: false },
    firstQueue: { name: 'Atendimento', color: '#0f766e' },
  });
  const adminToken = await signIn(adminEmail);
  const second = await api('/queue', adminToken, { method: 'POST', body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá' } });
  if (!second.body?.id) throw new Error(`POST /queue answered ${second.status}`);
  const queues = [admin.queueIds[0] as string, String(second.body.id)] as const;
  const agentEmail = `agent.${Date.now()}@bench.test`;
  const agent = await api('/users', adminToken, {
    method: 'POST',
    body: { name: 'Bench Agent', email: agentEmail, password: BENCH_PASSWORD, profile: 'user', queueIds: [...queues] },
  });
  if (agent.status !== 201) throw new Error(`POST /users answered ${agent.status}`);
  const queueAgentEmail = `queue.agent.${Date.now()}@bench.test`;
  const queueAgent = await api('/users', adminToken, {
    method: 'POST',
    body: { name: 'Bench Queue Agent', email: queueAgentEmail, password: BENCH_PASSWORD, profile: 'user', queueIds: [queues[0]] },
  });
  if (queueAgent.status !== 201) throw new Error(`POST /users answered ${queueAgent.status}`);
  return { company: { companyId: company.id, queues, adminId: admin.id, adminName: admin.name }, adminEmail, agentEmail, queueAgentEmail };
}

// ---- seeded tickets -------------------------------------------------------------------------------------

/** 10% pending, 10% open, 80% closed, by position. */
export const statusOf = (index: number): TicketStatus => (index % 10 === 0 ? 'pending' : index % 10 === 1 ? 'open' : 'closed');

export function benchContact(companyId: string, name: string, number: string, at: Date): Contact {
  return {
    id: nextUlid(),
    companyId,
    name,
    number,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  };
}

/** What a seeded ticket's row copies are made of: the company's queues and admin, as stored. */
export interface BenchRowSources {
  readonly queues: ReadonlyMap<string, Queue>;
  readonly admin: User;
}

/** Reads the company's two queues and its admin once, for the row copies of every seeded ticket. */
export async function loadRowSources(company: BenchCompany): Promise<BenchRowSources> {
  const queues = await Promise.all(company.queues.map((id) => getQueue(company.companyId, id, true)));
  const admin = await getUser(company.companyId, company.adminId, true);
  if (!admin || queues.some((queue) => !queue)) throw new Error('the bench company lacks its admin or a queue');
  return { queues: new Map(queues.map((queue) => [(queue as Queue).id, queue as Queue])), admin };
}

/**
 * The `index`-th seeded ticket, created a minute after the one before (from `start`), as every path of
 * the product builds one (newTicket), with the row copies the product stores with a new ticket
 * (ticket-rows.ts rowCopiesFor, from the sources given: nothing is read); open and closed ones assigned
 * to the admin. Every status alternates between the two queues, ten tickets at a time.
 */
export async function benchTicket(
  company: BenchCompany,
  contact: Contact,
  index: number,
  status: TicketStatus,
  start: number,
  sources: BenchRowSources,
): Promise<Ticket> {
  const attended = status !== 'pending';
  const queueId = company.queues[Math.floor(index / 10) % 2] as string;
  const created = newTicket(
    {
      companyId: company.companyId,
      status: attended ? 'open' : 'pending',
      contact: { id: contact.id, isGroup: false },
      user: attended ? { id: company.adminId, name: company.adminName } : null,
      queueId,
      whatsappId: null,
    },
    new Date(start + index * 60_000),
  );
  // Closed ones are stored as closed straight away: the benches read lists, they do not close tickets.
  const ticket: Ticket = { ...created, id: nextUlid(), status, lastMessage: 'Mensagem' };
  const copies = await rowCopiesFor(undefined, ticket, { contact, queue: sources.queues.get(queueId) ?? null, user: attended ? sources.admin : null });
  return { ...ticket, ...copies };
}

/**
 * `count` messages of the ticket, the contact's and the admin's in turn, one second apart from its
 * creation; `bodyOf` writes the text of each.
 */
export function messagesOf(company: BenchCompany, ticket: Ticket, count: number, bodyOf: (position: number) => string): StoredMessage[] {
  const created = Date.parse(ticket.createdAt);
  return Array.from({ length: count }, (_, position) => {
    const at = new Date(created + position * 1000).toISOString();
    return {
      id: messageIdOf(ticket.id, nextUlid()),
      companyId: company.companyId,
      ticketId: ticket.id,
      contactId: ticket.contactId,
      body: bodyOf(position),
      fromMe: position % 2 === 1,
      mediaType: 'chat',
      mediaKey: null,
      mediaName: null,
      mediaContentType: null,
      quotedMsg: null,
      isDeleted: false,
      isEdited: false,
      ack: 3,
      read: true,
      bot: false,
      userId: position % 2 === 1 ? company.adminId : null,
      whatsappMessageId: null,
      createdAt: at,
      updatedAt: at,
    };
  });
}
