/**
 * A small OpenAI-compatible server for the tests, speaking the documented shapes of the two endpoints
 * the product calls: `POST /v1/chat/completions` (JSON in, a `chat.completion` with `choices` and
 * `usage` out) and `POST /v1/audio/transcriptions` (multipart in, `{ text }` out). Requests without the
 * expected bearer key get OpenAI's 401 `invalid_api_key` error. Every request is recorded (path,
 * authorization, JSON body) for the tests to check what the product sent; what it answers is set by the
 * test.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly path: string;
  readonly authorization: string | undefined;
  // `any`: each test asserts on the shape it expects the product to send.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

export interface FakeOpenAi {
  /** The server's `/v1` root, as a prompt's `baseUrl`. */
  readonly baseUrl: string;
  readonly requests: RecordedRequest[];
  /** The key it accepts. */
  key: string;
  /** What the model answers to a chat completion request (default: 'Resposta <n>'). */
  answer: (body: { messages: { role: string; content: string }[] }) => string;
  /** What a transcription answers. */
  transcript: string;
  /** Tokens reported per completion. */
  tokensPerAnswer: number;
  /** How long the model takes to answer a completion (a real one takes hundreds of milliseconds). */
  delayMs: number;
  /** Per completion, the time from its request's arrival to its answer's end: the server's own time. */
  readonly serverMs: number[];
  stop(): Promise<void>;
}

export async function startFakeOpenAi(key: string): Promise<FakeOpenAi> {
  const requests: RecordedRequest[] = [];
  let completions = 0;
  const fake: FakeOpenAi = {
    baseUrl: '',
    requests,
    key,
    answer: () => `Resposta ${completions}`,
    transcript: '',
    tokensPerAnswer: 42,
    delayMs: 0,
    serverMs: [],
    stop: async () => undefined,
  };
  const server = http.createServer((req, res) => {
    const arrived = performance.now();
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      const json = /json/.test(req.headers['content-type'] ?? '') ? (JSON.parse(raw.toString('utf8')) as unknown) : raw.toString('latin1');
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      requests.push({ path, authorization: req.headers.authorization, body: json });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.headers.authorization !== `Bearer ${fake.key}`) {
        reply(401, { error: { message: 'Incorrect API key provided.', type: 'invalid_request_error', param: null, code: 'invalid_api_key' } });
        return;
      }
      if (req.method === 'POST' && path === '/v1/chat/completions') {
        completions += 1;
        const body = json as { model: string; messages: { role: string; content: string }[] };
        const answer = () => {
          reply(200, {
            id: `chatcmpl-${completions}`,
            object: 'chat.completion',
            created: Math.floor(Date.now() / 1000),
            model: body.model,
            choices: [{ index: 0, message: { role: 'assistant', content: fake.answer(body) }, finish_reason: 'stop' }],
            usage: { prompt_tokens: fake.tokensPerAnswer - 10, completion_tokens: 10, total_tokens: fake.tokensPerAnswer },
          });
          fake.serverMs.push(performance.now() - arrived);
        };
        if (fake.delayMs > 0) setTimeout(answer, fake.delayMs);
        else answer();
        return;
      }
      if (req.method === 'POST' && path === '/v1/audio/transcriptions') {
        reply(200, { text: fake.transcript });
        return;
      }
      reply(404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error', param: null, code: null } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
