/**
 * `npm run bench:chat`: internal chat on the local cloud (issue: speed of the internal chat).
 *
 * 1. A chat of 50 members (the company's admin and 49 users, created through the HTTP API), each other
 *    member listening on a socket of their own as the web app does. The admin posts messages one after
 *    the other; for each, the time from sending the POST to each member's socket receiving its
 *    `new-message` event. Printed: p50, p99 and max over every (message, member) pair, against the
 *    target p99 < 150 ms, and the POST's own answer time.
 * 2. A page of messages (GET /chats/{id}/messages: the newest page, and a page 5,000 messages deep by
 *    its cursor) in a chat of 100 and one of 10,000 messages (seeded with the repository's own builder),
 *    read again and again: p50 and p99 of each, which should not grow with the chat.
 *
 * Everything runs in this process on free ports with throwaway data. Options: --members 50
 * --messages 200 (posted in the first part) --reads 100 (of each page).
 */
import { parseArgs } from 'node:util';
import WebSocket from 'ws';
import { CHAT_MESSAGES_PAGE_SIZE } from '../shared/chats';
import { putChatMessageAction, type StoredChatMessage } from '../functions/core/repositories/chats';
import { startLocalCloud } from '../infra/local/cloud';
import { againstTarget, renderTable } from './bench-figures';
import { apiOf, BENCH_PASSWORD, createBenchCompany, FREE_PORTS, nextUlid, signInTo, writeInParallel, type WriteRequest } from './bench-support';

const { values: options } = parseArgs({
  options: {
    members: { type: 'string', default: '50' },
    messages: { type: 'string', default: '200' },
    reads: { type: 'string', default: '100' },
  },
});
const MEMBERS = Number(options.members);
const MESSAGES = Number(options.messages);
const READS = Number(options.reads);
/** The latency target of the issue, on the local cloud. */
const TARGET_P99_MS = 150;

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}
const ms = (value: number) => value.toFixed(1);
const spread = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99), max: sorted.at(-1) ?? Number.NaN };
};

/** A member's socket: it notes when each new message's text first arrived. */
async function listenAs(wsUrl: string, ticket: string, arrivals: Map<string, number[]>): Promise<WebSocket> {
  const socket = new WebSocket(`${wsUrl}?ticket=${encodeURIComponent(ticket)}`);
  socket.on('message', (data) => {
    const at = performance.now();
    const frame = JSON.parse(Buffer.isBuffer(data) ? data.toString('utf8') : Buffer.concat(data as Buffer[]).toString('utf8')) as { event?: string; data?: { action?: string; message?: { message?: string } } };
    const text = frame.data?.action === 'new-message' ? frame.data.message?.message : undefined;
    if (text !== undefined) arrivals.get(text)?.push(at);
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return socket;
}

async function main(): Promise<number> {
  const cloud = await startLocalCloud({ ports: FREE_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, dynamoThread: true });
  const sockets: WebSocket[] = [];
  try {
    const signIn = signInTo(cloud);
    const api = apiOf(cloud);
    // A plan of the bench's own size: its users are the chat's members.
    const accounts = await createBenchCompany(cloud, signIn, api, { users: MEMBERS + 5 });
    const adminToken = await signIn(accounts.adminEmail);

    console.log(`Creating ${MEMBERS - 1} users and their sockets ...`);
    const members: { id: string; token: string }[] = [];
    for (let index = 1; index < MEMBERS; index += 1) {
      const email = `member.${index}.${Date.now()}@bench.test`;
      const created = await api('/users', adminToken, { method: 'POST', body: { name: `Membro ${index}`, email, password: BENCH_PASSWORD, profile: 'user', queueIds: [] } });
      if (created.status !== 201) throw new Error(`POST /users answered ${created.status}`);
      members.push({ id: String(created.body.id), token: await signIn(email) });
    }
    const chat = await api('/chats', adminToken, { method: 'POST', body: { title: 'Todos', users: members.map((member) => member.id) } });
    if (chat.status !== 201) throw new Error(`POST /chats answered ${chat.status}`);
    const chatId = String(chat.body.id);

    const arrivals = new Map<string, number[]>();
    for (const member of members) {
      const minted = await api('/realtime/ticket', member.token, { method: 'POST' });
      sockets.push(await listenAs(cloud.config.wsUrl, String(minted.body.ticket), arrivals));
    }

    console.log(`Posting ${MESSAGES} messages to a chat of ${MEMBERS} members ...`);
    const latencies: number[] = [];
    const answers: number[] = [];
    let missing = 0;
    for (let index = 0; index < MESSAGES; index += 1) {
      const text = `Mensagem ${index} ${nextUlid()}`;
      arrivals.set(text, []);
      const sentAt = performance.now();
      const posted = await api(`/chats/${chatId}/messages`, adminToken, { method: 'POST', body: { message: text } });
      answers.push(performance.now() - sentAt);
      if (posted.status !== 201) throw new Error(`POST /chats/{id}/messages answered ${posted.status}`);
      // Every socket has heard it, or a second has passed.
      const deadline = performance.now() + 1000;
      while ((arrivals.get(text)?.length ?? 0) < members.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 2));
      const heard = arrivals.get(text) ?? [];
      missing += members.length - heard.length;
      latencies.push(...heard.map((at) => at - sentAt));
    }
    const delivery = spread(latencies);
    const answer = spread(answers);

    console.log('Seeding chats of 100 and 10,000 messages ...');
    const pageReads: (readonly string[])[] = [];
    for (const size of [100, 10_000]) {
      const seeded = await api('/chats', adminToken, { method: 'POST', body: { title: `Histórico ${size}`, users: [members[0]?.id] } });
      const seededId = String(seeded.body.id);
      const ids: string[] = [];
      const requests: WriteRequest[] = [];
      const start = Date.now() - size * 1000;
      for (let index = 0; index < size; index += 1) {
        const id = nextUlid(start + index * 1000);
        ids.push(id);
        const message: StoredChatMessage = {
          id,
          chatId: seededId,
          companyId: accounts.company.companyId,
          senderId: accounts.company.adminId,
          senderName: accounts.company.adminName,
          message: `Antiga ${index}`,
          file: null,
          createdAt: new Date(start + index * 1000).toISOString(),
        };
        const put = putChatMessageAction(message).Put;
        if (put?.Item) requests.push({ PutRequest: { Item: put.Item } });
      }
      await writeInParallel(requests, 8);
      const deep = ids[Math.max(0, size - 5_000)] ?? '';
      for (const [label, query] of [
        ['newest page', ''],
        [size > 5_000 ? 'page 5,000 deep' : 'oldest page', `?cursor=${size > 5_000 ? deep : (ids[20] ?? '')}`],
      ] as const) {
        const times: number[] = [];
        for (let read = 0; read < READS; read += 1) {
          const startedAt = performance.now();
          const page = await api(`/chats/${seededId}/messages${query}`, adminToken);
          times.push(performance.now() - startedAt);
          if (page.status !== 200 || page.body.records.length === 0) throw new Error(`GET messages answered ${page.status}`);
        }
        const figures = spread(times);
        pageReads.push([`${size.toLocaleString('en')} messages, ${label}`, ms(figures.p50), ms(figures.p99)]);
      }
    }

    console.log('');
    console.log(`Chat of ${MEMBERS} members, ${MESSAGES} messages, ${latencies.length} deliveries (${missing} not heard within 1 s)`);
    console.log(`  post to each member's socket: p50 ${ms(delivery.p50)} ms, p99 ${againstTarget(delivery.p99, 1, { atMost: TARGET_P99_MS })} ms, max ${ms(delivery.max)} ms`);
    console.log(`  POST answered: p50 ${ms(answer.p50)} ms, p99 ${ms(answer.p99)} ms`);
    console.log('');
    console.log(`A page of ${CHAT_MESSAGES_PAGE_SIZE} messages, read ${READS} times each (ms):`);
    console.log(renderTable(['chat', 'p50', 'p99'], pageReads));
    return missing === 0 ? 0 : 1;
  } finally {
    for (const socket of sockets) socket.close();
    await cloud.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
