/**
 * `npm run bench:ai`: what our code adds to a customer's message answered by an AI prompt, on the local
 * cloud, beside the model's own time.
 *
 * Everything runs in this process on free ports with throwaway data: the local cloud, a company with a
 * queue answered by a prompt, a connection of that queue alone (no session is needed: the inbound
 * worker's handler is called with each WhatsApp event, as the wa-events queue would), and the harness's
 * fake OpenAI-compatible server (test/support/fake-openai.ts) answering after --model-ms. N customers
 * each write --messages messages one after the other; for each answered message:
 * - the time the inbound handler took, less the fake server's own time for that completion: what our
 *   code adds (reading the prompt, the plan, the usage, the context; storing and announcing the
 *   customer's message and the answer; queueing the send), p50 and p99;
 * - DynamoDB requests per answered message, and the meter's table per answered message (bench-meter.ts:
 *   requests, bytes, estimated request units, the worker's time, which includes the model's wait, as
 *   Lambda bills it).
 *
 * Options: --customers 20 --messages 5 --model-ms 300
 */
import './quiet-sdk-notice';
import { parseArgs } from 'node:util';
import { ulid } from 'ulid';
import { dynamo } from '../functions/core/aws/clients';
import type { WhatsAppEvent } from '../functions/core/sessions/events';
import { handleWhatsAppEvent } from '../functions/workers/wa-events';
import { loadFunctionHandler, startLocalCloud } from '../infra/local/cloud';
import { startFakeOpenAi } from '../test/support/fake-openai';
import { createBenchMeter, renderMeter } from './bench-meter';
import { apiOf, createBenchCompany, FREE_PORTS, signInTo } from './bench-support';

const { values: options } = parseArgs({
  options: {
    customers: { type: 'string', default: '20' },
    messages: { type: 'string', default: '5' },
    'model-ms': { type: 'string', default: '300' },
  },
});
const CUSTOMERS = Number(options.customers);
const MESSAGES = Number(options.messages);
const MODEL_MS = Number(options['model-ms']);
const KEY = 'sk-bench';
const TRAINING = 'Você é a assistente da loja de testes de desempenho. Responda em uma frase curta e educada.';

function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? Number.NaN;
}

async function main(): Promise<number> {
  const meter = createBenchMeter();
  const cloud = await startLocalCloud({ ports: FREE_PORTS, logLevel: 'silent', ttlSweepIntervalMs: 0, dynamoThread: true, loadHandler: meter.timedLoader(loadFunctionHandler) });
  meter.watch(dynamo());
  const openai = await startFakeOpenAi(KEY);
  openai.delayMs = MODEL_MS;
  try {
    const signIn = signInTo(cloud);
    const api = apiOf(cloud);
    const accounts = await createBenchCompany(cloud, signIn, api);
    const token = await signIn(accounts.adminEmail);
    // The second queue: it has a greeting, which a company of two queues needs on every save.
    const queueId = accounts.company.queues[1];
    const prompt = await api('/prompt', token, { method: 'POST', body: { name: 'Assistente', prompt: TRAINING, apiKey: KEY, queueId, baseUrl: openai.baseUrl } });
    if (prompt.status !== 201) throw new Error(`POST /prompt answered ${prompt.status}`);
    const queue = await api(`/queue/${queueId}`, token, { method: 'PUT', body: { promptId: prompt.body.id } });
    if (queue.status !== 200) throw new Error(`PUT /queue answered ${queue.status}`);
    const connection = await api('/whatsapp', token, { method: 'POST', body: { name: 'IA', provider: 'simulator', greetingMessage: 'Olá', queueIds: [queueId] } });
    if (connection.status !== 201) throw new Error(`POST /whatsapp answered ${connection.status}`);

    meter.reset();
    console.log(`${CUSTOMERS} customers, ${MESSAGES} messages each, the model answering in ${MODEL_MS} ms ...`);
    const added: number[] = [];
    await Promise.all(
      Array.from({ length: CUSTOMERS }, async (_, customer) => {
        const number = `5511980${String(customer).padStart(6, '0')}`;
        for (let index = 0; index < MESSAGES; index += 1) {
          const event: WhatsAppEvent = {
            type: 'message',
            companyId: accounts.company.companyId,
            whatsappId: String(connection.body.id),
            chat: { id: number, isGroup: false },
            whatsappMessageId: `BENCH${ulid()}`,
            fromMe: false,
            pushName: `Cliente ${customer}`,
            timestamp: Date.now(),
            mediaType: 'chat',
            body: `Pergunta ${index} do cliente ${customer}`,
            media: null,
            quotedWhatsappMessageId: null,
          };
          const answeredBefore = openai.serverMs.length;
          const started = performance.now();
          // The worker's use case, as its Lambda runs it for one record of a wa-events batch.
          await meter.invocation('workers/wa-events', () => handleWhatsAppEvent(event));
          const took = performance.now() - started;
          if (openai.serverMs.length === answeredBefore) throw new Error('a message was not answered by the model');
          // The fake answers each completion after --model-ms exactly: the rest is ours.
          added.push(took - MODEL_MS);
        }
      }),
    );
    const sorted = [...added].sort((a, b) => a - b);
    const answered = CUSTOMERS * MESSAGES;
    const measured = meter.snapshot();
    const dynamoRequests = [...measured.values()].flatMap((source) => [...source.commands.values()]).reduce((sum, command) => sum + command.requests, 0);
    console.log('');
    console.log(`Answered ${answered} messages (the model's time, ${MODEL_MS} ms each, left out):`);
    console.log(`  our code added: p50 ${percentile(sorted, 0.5).toFixed(1)} ms, p99 ${percentile(sorted, 0.99).toFixed(1)} ms, max ${(sorted.at(-1) ?? Number.NaN).toFixed(1)} ms`);
    console.log(`  DynamoDB requests per answered message: ${(dynamoRequests / answered).toFixed(2)} (the customer's message and the answer, all steps)`);
    console.log('');
    console.log(renderMeter(measured, { unit: 'answered message', units: answered }));
    return 0;
  } finally {
    await openai.stop();
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
