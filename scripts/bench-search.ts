/**
 * `npx tsx scripts/bench-search.ts`: what a ticket search (GET /tickets?searchParam=...) costs.
 *
 * Starts the local cloud in this process (DynamoDB in memory), creates one company with two queues, an
 * admin and an agent of the first queue only, then seeds tickets (10% pending, 10% open, 80% closed,
 * alternating queues) whose first message says "pedido", with their word index, and contacts named
 * "Cliente <n>". It then sends each search, one after the other, through the HTTP API as the browser does,
 * and prints per request: the wall time, the CPU time of this process (handler, HTTP gateway and the
 * DynamoDB stand-in together: the stand-in's share is the same before and after a change of the search),
 * and what one request read (DynamoDB calls, items returned, BatchGet keys). Nothing is asserted.
 *
 * Options: --tickets 3000 --requests 500
 */
import './quiet-sdk-notice';
import { CognitoIdentityProviderClient, InitiateAuthCommand } from '@aws-sdk/client-cognito-identity-provider';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import { parseArgs } from 'node:util';
import { monotonicFactory } from 'ulid';
import { dynamo } from '../functions/core/aws/clients';
import { createCompany } from '../functions/core/companies/create-company';
import { newTicket } from '../functions/core/conversations/create-ticket';
import { contactItem, type Contact } from '../functions/core/repositories/contacts';
import { messageIdOf, messageItem, type StoredMessage } from '../functions/core/repositories/messages';
import { planItem } from '../functions/core/repositories/plans';
import { batchWriteAll } from '../functions/core/repositories/table';
import { ticketItem, type Ticket } from '../functions/core/repositories/tickets';
import { wordEntryItems } from '../functions/core/repositories/word-index';
import { startLocalCloud } from '../infra/local/cloud';
import { ALL_FEATURES, type Plan } from '../shared/plans';
import type { TicketStatus } from '../shared/tickets';

const { values: options } = parseArgs({
  options: {
    tickets: { type: 'string', default: '3000' },
    requests: { type: 'string', default: '500' },
  },
});
const TICKETS = Number(options.tickets);
const REQUESTS = Number(options.requests);
const CONTACTS = 2000;
const MESSAGES_PER_TICKET = 4;
const PASSWORD = 'Bench@1234';

// ---- what one request reads ------------------------------------------------------------------------------

interface ReadTally {
  calls: Record<string, number>;
  items: number;
  batchGetKeys: number;
}
const emptyTally = (): ReadTally => ({ calls: {}, items: 0, batchGetKeys: 0 });
let tally = emptyTally();

function measureReads(): void {
  dynamo().middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName ?? 'unknown';
      const result = await next(args);
      if (['QueryCommand', 'GetItemCommand', 'BatchGetItemCommand'].includes(command)) {
        tally.calls[command] = (tally.calls[command] ?? 0) + 1;
        const output = result.output as Record<string, unknown>;
        if (command === 'QueryCommand') tally.items += Number(output.Count ?? 0);
        else if (command === 'GetItemCommand') tally.items += output.Item ? 1 : 0;
        else {
          const got = Object.values((output.Responses ?? {}) as Record<string, unknown[]>).reduce((sum, list) => sum + list.length, 0);
          tally.items += got;
          const asked = (args.input as { RequestItems?: Record<string, { Keys?: unknown[] }> }).RequestItems ?? {};
          tally.batchGetKeys += Object.values(asked).reduce((sum, request) => sum + (request.Keys?.length ?? 0), 0);
        }
      }
      return result;
    },
    { step: 'initialize', name: 'benchSearchTally' },
  );
}

// ---- seeding ----------------------------------------------------------------------------------------------

const nextUlid = monotonicFactory();
const statusOf = (index: number): TicketStatus => (index % 10 === 0 ? 'pending' : index % 10 === 1 ? 'open' : 'closed');
const TEXTS = ['Bom dia, quero saber do meu pedido numero', 'Seu boleto de novembro segue anexo', 'Obrigado pelo retorno rapido', 'Entrega prevista amanha cedo'];

async function seedContacts(companyId: string): Promise<string[]> {
  const at = new Date();
  const contacts: Contact[] = Array.from({ length: CONTACTS }, (_, index) => ({
    id: nextUlid(),
    companyId,
    name: `Cliente ${index}`,
    number: `5511${String(900_000_000 + index)}`,
    email: '',
    profilePicUrl: null,
    extraInfo: [],
    isGroup: false,
    createdAt: at.toISOString(),
    updatedAt: at.toISOString(),
  }));
  await batchWriteAll(contacts.map((contact) => ({ PutRequest: { Item: contactItem(contact) } })));
  return contacts.map((contact) => contact.id);
}

async function seedTickets(companyId: string, contactIds: readonly string[], queues: readonly [string, string], admin: { id: string; name: string }): Promise<void> {
  const start = Date.now() - TICKETS * 60_000;
  const tickets: Ticket[] = Array.from({ length: TICKETS }, (_, index) => {
    const status = statusOf(index);
    const created = newTicket(
      {
        companyId,
        status: status === 'pending' ? 'pending' : 'open',
        contact: { id: contactIds[index % CONTACTS] as string, isGroup: false },
        user: status === 'pending' ? null : admin,
        queueId: queues[index % 2] as string,
        whatsappId: null,
      },
      new Date(start + index * 60_000),
    );
    return { ...created, id: nextUlid(), status, lastMessage: TEXTS[MESSAGES_PER_TICKET - 1] as string };
  });
  const messages = tickets.flatMap((ticket) =>
    TEXTS.slice(0, MESSAGES_PER_TICKET).map(
      (body, position): StoredMessage => ({
        id: messageIdOf(ticket.id, nextUlid()),
        companyId,
        ticketId: ticket.id,
        contactId: ticket.contactId,
        body: `${body} ${ticket.id}`,
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
        userId: null,
        whatsappMessageId: null,
        createdAt: new Date(Date.parse(ticket.createdAt) + position * 1000).toISOString(),
        updatedAt: ticket.createdAt,
      }),
    ),
  );
  await batchWriteAll([...tickets.map((ticket) => ({ PutRequest: { Item: ticketItem(ticket) } })), ...messages.map((message) => ({ PutRequest: { Item: messageItem(message) } }))]);
  const byId = new Map(tickets.map((ticket) => [ticket.id, ticket]));
  const entries = messages.flatMap((message) => wordEntryItems(byId.get(message.ticketId) as Ticket, message.body, message.createdAt));
  await batchWriteAll(entries.map((Item) => ({ PutRequest: { Item } })));
}

// ---- measuring --------------------------------------------------------------------------------------------

async function main(): Promise<void> {
  const ports = { web: 0, http: 0, ws: 0, dynamodb: 0, s3: 0, sqs: 0, cognito: 0, scheduler: 0 };
  const cloud = await startLocalCloud({ ports, logLevel: 'silent', ttlSweepIntervalMs: 0 });
  try {
    const plan: Plan = { id: nextUlid(), name: 'Bench', users: 10, connections: 5, queues: 10, value: 0, ...ALL_FEATURES };
    await dynamo().send(new PutCommand({ TableName: cloud.tableName, Item: planItem(plan) }));
    const email = `bench.${Date.now()}@bench.test`;
    const { company, admin } = await createCompany({
      company: { name: 'Bench', email, phone: '', planId: plan.id, dueDate: '2999-12-31', recurrence: 'MENSAL', status: true },
      admin: { name: 'Bench Admin', email, password: PASSWORD, super: false },
      firstQueue: { name: 'Atendimento', color: '#0f766e' },
    });
    const cognito = new CognitoIdentityProviderClient({ endpoint: cloud.config.cognitoEndpoint, region: cloud.config.region });
    const signIn = async (login: string) =>
      (await cognito.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: cloud.config.userPoolClientId, AuthParameters: { USERNAME: login, PASSWORD } })))
        .AuthenticationResult?.AccessToken ?? '';
    const adminToken = await signIn(email);
    const api = async (path: string, token: string, init: { method?: string; body?: unknown } = {}) => {
      const response = await fetch(`${cloud.config.apiUrl}${path}`, {
        method: init.method ?? 'GET',
        headers: { authorization: `Bearer ${token}`, ...(init.body ? { 'content-type': 'application/json' } : {}) },
        body: init.body ? JSON.stringify(init.body) : undefined,
      });
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a bench reads the API's JSON as it comes
      return { status: response.status, body: await response.json().catch((): any => ({})) };
    };
    const second = await api('/queue', adminToken, { method: 'POST', body: { name: 'Financeiro', color: '#b91c1c', greetingMessage: 'Olá' } });
    const queues = [admin.queueIds[0] as string, String(second.body.id)] as const;
    const agentEmail = `agent.${Date.now()}@bench.test`;
    const agent = await api('/users', adminToken, { method: 'POST', body: { name: 'Bench Agent', email: agentEmail, password: PASSWORD, profile: 'user', queueIds: [queues[0]] } });
    if (agent.status !== 201) throw new Error(`POST /users answered ${agent.status}`);
    const agentToken = await signIn(agentEmail);

    process.stdout.write(`Seeding ${CONTACTS} contacts and ${TICKETS} tickets of ${MESSAGES_PER_TICKET} messages with their word index\n`);
    const contactIds = await seedContacts(company.id);
    // Made through the API before the others are seeded, so it gets a number (the bulk tickets have none).
    const numbered = await api('/tickets', adminToken, { method: 'POST', body: { contactId: contactIds[1], queueId: queues[0], status: 'pending' } });
    if (numbered.status !== 201) throw new Error(`POST /tickets answered ${numbered.status}: ${JSON.stringify(numbered.body)}`);
    await seedTickets(company.id, contactIds, queues, { id: admin.id, name: admin.name });
    measureReads();

    const searches: [string, string, string][] = [
      ['word, admin with showAll', 'searchParam=pedido&showAll=true', adminToken],
      ['word, admin, page 2', 'searchParam=pedido&showAll=true&pageNumber=2', adminToken],
      ['word, agent of 1 of 2 queues', 'searchParam=pedido', agentToken],
      ['two words, admin', `searchParam=${encodeURIComponent('boleto novembro')}&showAll=true`, adminToken],
      ['contact name, admin', `searchParam=${encodeURIComponent('Cliente 12')}&showAll=true`, adminToken],
      ['ticket number, admin', `searchParam=${encodeURIComponent(`#${String(numbered.body.number)}`)}&showAll=true`, adminToken],
    ];
    const header = ['search', 'status', 'shown', 'hasMore', 'Queries', 'GetItem', 'BatchGet', 'BatchGet keys', 'items read', 'ms/request', 'CPU ms/request'];
    const rows: string[][] = [];
    for (const [name, query, token] of searches) {
      for (let warm = 0; warm < 10; warm += 1) await api(`/tickets?${query}`, token);
      tally = emptyTally();
      const once = await api(`/tickets?${query}`, token);
      const read = structuredClone(tally);
      const cpu = process.cpuUsage();
      const began = performance.now();
      for (let request = 0; request < REQUESTS; request += 1) await api(`/tickets?${query}`, token);
      const ms = (performance.now() - began) / REQUESTS;
      const used = process.cpuUsage(cpu);
      rows.push([
        name,
        String(once.status),
        String(once.body.tickets?.length ?? 0),
        String(once.body.hasMore),
        String(read.calls.QueryCommand ?? 0),
        String(read.calls.GetItemCommand ?? 0),
        String(read.calls.BatchGetItemCommand ?? 0),
        String(read.batchGetKeys),
        String(read.items),
        ms.toFixed(1),
        ((used.user + used.system) / 1000 / REQUESTS).toFixed(1),
      ]);
    }
    const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)));
    process.stdout.write(`\n${REQUESTS} requests each, one at a time:\n`);
    for (const line of [header, ...rows]) process.stdout.write(`  ${line.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`);
    process.stdout.write(
      '\nReads of one request: every DynamoDB call (the session: GetItem; the search: Queries of the contacts and\n' +
        'the word index; the tickets: BatchGet; the presenter: contacts, queues, tags). CPU: this whole process.\n',
    );
  } finally {
    await cloud.stop();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
