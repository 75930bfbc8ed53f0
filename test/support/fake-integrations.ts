/**
 * Stand-ins for the outside services chatbot integrations call, for the tests and the integration bench:
 * small HTTP servers on 127.0.0.1 speaking each service's documented shapes (they are the test harness,
 * never a part of the product, which calls them at the addresses its configuration and its integrations
 * give):
 * - Typebot's public chat API (`startChat`, `continueChat`) running one small flow;
 * - a webhook receiver (n8n's or anyone's) that records what it gets and answers as the test says;
 * - Google's OAuth token endpoint (it verifies the service account's signed JWT with the account's public
 *   key) and Dialogflow ES's `detectIntent`.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createVerify, generateKeyPairSync, randomUUID, type KeyObject } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly headers: IncomingMessage['headers'];
  /** The raw body as received (a signature is checked over these bytes). */
  readonly body: string;
  /** When the whole request had arrived. */
  readonly receivedAt: number;
  /** When the answer was sent in full (the server's own time is answeredAt - receivedAt); undefined until then. */
  answeredAt: number | undefined;
}

interface FakeServer {
  readonly url: string;
  readonly requests: RecordedRequest[];
  stop(): Promise<void>;
}

type Answer = { status: number; body?: unknown; contentType?: string; delayMs?: number };
type Handle = (request: RecordedRequest) => Answer | Promise<Answer>;

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function serve(handle: Handle): Promise<FakeServer> {
  const requests: RecordedRequest[] = [];
  const server: Server = createServer((request: IncomingMessage, response: ServerResponse) => {
    void (async () => {
      const recorded: RecordedRequest = {
        method: request.method ?? 'GET',
        path: request.url ?? '/',
        headers: request.headers,
        body: await readBody(request),
        receivedAt: Date.now(),
        answeredAt: undefined,
      };
      requests.push(recorded);
      const answer = await handle(recorded);
      if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
      const text = answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      response.writeHead(answer.status, { 'content-type': answer.contentType ?? 'application/json' });
      response.end(text, () => {
        recorded.answeredAt = Date.now();
      });
    })().catch(() => {
      response.writeHead(500);
      response.end();
    });
  });
  // Keep-alive sockets would hold stop() until they time out.
  server.keepAliveTimeout = 1;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// ---- Typebot ------------------------------------------------------------------------------------------

/** A text bubble as Typebot answers it with `textBubbleContentFormat: 'markdown'`. */
const bubble = (markdown: string) => ({ id: randomUUID(), type: 'text', content: { type: 'markdown', markdown } });

export interface FakeTypebot extends FakeServer {
  /** The public id its one bot answers to. */
  readonly slug: string;
  /** Forgets every session, as Typebot does once a session is over. */
  forgetSessions(): void;
  /** Sessions started so far. */
  readonly started: () => number;
}

/**
 * One flow: a greeting, then a choice between 'Vendas' and 'Suporte'; after the choice it asks the name;
 * after the name it thanks and ends (no input). Any other path answers 404.
 */
export async function startFakeTypebot(slug = 'atendimento-bot'): Promise<FakeTypebot> {
  const sessions = new Map<string, 'choice' | 'name'>();
  let started = 0;
  const server = await serve((request) => {
    if (request.method !== 'POST') return { status: 405 };
    if (request.path === `/api/v1/typebots/${slug}/startChat`) {
      started += 1;
      const sessionId = randomUUID();
      sessions.set(sessionId, 'choice');
      return {
        status: 200,
        body: {
          sessionId,
          resultId: randomUUID(),
          typebot: { id: 'tb1', version: '6', theme: {}, settings: {} },
          messages: [bubble('Olá! Eu sou o **bot** de atendimento.'), bubble('Com qual setor quer falar?')],
          input: { id: 'in1', type: 'choice input', items: [{ id: 'c1', content: 'Vendas' }, { id: 'c2', content: 'Suporte' }], options: {} },
        },
      };
    }
    const continued = /^\/api\/v1\/sessions\/([^/]+)\/continueChat$/.exec(request.path);
    if (continued) {
      const sessionId = decodeURIComponent(continued[1] ?? '');
      const state = sessions.get(sessionId);
      if (!state) return { status: 404, body: { message: 'Session not found.', code: 'NOT_FOUND' } };
      const sent = (JSON.parse(request.body) as { message?: { text?: string } }).message?.text ?? '';
      if (state === 'choice') {
        sessions.set(sessionId, 'name');
        return { status: 200, body: { messages: [bubble(`Você escolheu ${sent}.`), bubble('Qual é o seu nome?')], input: { id: 'in2', type: 'text input', options: {} } } };
      }
      sessions.delete(sessionId);
      return { status: 200, body: { messages: [bubble(`Obrigado, ${sent}! Um atendente já vai falar com você.`)] } };
    }
    return { status: 404 };
  });
  return { ...server, slug, forgetSessions: () => sessions.clear(), started: () => started };
}

// ---- a webhook receiver ---------------------------------------------------------------------------------

export interface FakeWebhook extends FakeServer {
  /** How the next requests are answered, in order; past the list, `otherwise`. */
  answerWith(answers: readonly Answer[], otherwise?: Answer): void;
}

export async function startFakeWebhook(otherwise: Answer = { status: 200, body: { text: 'Recebido!' } }): Promise<FakeWebhook> {
  let queued: Answer[] = [];
  let fallback = otherwise;
  const server = await serve(() => queued.shift() ?? fallback);
  return {
    ...server,
    answerWith(answers, next = fallback) {
      queued = [...answers];
      fallback = next;
    },
  };
}

// ---- Google's token endpoint and Dialogflow ---------------------------------------------------------------

export interface TestServiceAccount {
  /** The JSON Google would issue for it (the integration's `jsonContent`). */
  readonly json: string;
  readonly clientEmail: string;
  /** The PEM of its private key: what must never be seen in an answer, an event or a log line. */
  readonly privateKeyPem: string;
  readonly publicKey: KeyObject;
}

export function makeServiceAccount(projectId: string): TestServiceAccount {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const privateKeyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const clientEmail = `atende-bot@${projectId}.iam.gserviceaccount.com`;
  const json = JSON.stringify({
    type: 'service_account',
    project_id: projectId,
    private_key_id: randomUUID().replace(/-/g, ''),
    private_key: privateKeyPem,
    client_email: clientEmail,
    client_id: '1234567890',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
  });
  return { json, clientEmail, privateKeyPem, publicKey };
}

export interface FakeGoogle extends FakeServer {
  /** The token endpoint (GOOGLE_OAUTH_TOKEN_URL). */
  readonly tokenUrl: string;
  /** Dialogflow's API base (DIALOGFLOW_API_URL). */
  readonly dialogflowUrl: string;
  /** Accepts the account's tokens from now on. */
  trust(account: TestServiceAccount): void;
  /** The detectIntent calls received: project, session, text and language. */
  readonly queries: { project: string; session: string; text: string; languageCode: string }[];
}

function verifyJwt(assertion: string, key: KeyObject): Record<string, unknown> | undefined {
  const [header, claims, signature] = assertion.split('.');
  if (!header || !claims || !signature) return undefined;
  const valid = createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(key, Buffer.from(signature, 'base64url'));
  return valid ? (JSON.parse(Buffer.from(claims, 'base64url').toString('utf8')) as Record<string, unknown>) : undefined;
}

/**
 * The agent: 'tchau' (or 'bye') ends the conversation with a goodbye; anything else gets a greeting and
 * an echo of what was asked, in the language asked.
 */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const trusted = new Map<string, KeyObject>();
  const tokens = new Set<string>();
  const queries: FakeGoogle['queries'] = [];
  let base = '';
  const server = await serve((request) => {
    if (request.method === 'POST' && request.path === '/token') {
      const form = new URLSearchParams(request.body);
      if (form.get('grant_type') !== 'urn:ietf:params:oauth:grant-type:jwt-bearer') return { status: 400, body: { error: 'unsupported_grant_type' } };
      const assertion = form.get('assertion') ?? '';
      const email = (JSON.parse(Buffer.from(assertion.split('.')[1] ?? '', 'base64url').toString('utf8') || '{}') as { iss?: string }).iss ?? '';
      const key = trusted.get(email);
      const claims = key ? verifyJwt(assertion, key) : undefined;
      const now = Math.floor(Date.now() / 1000);
      if (
        !claims ||
        claims.aud !== `${base}/token` ||
        claims.scope !== 'https://www.googleapis.com/auth/dialogflow' ||
        typeof claims.exp !== 'number' ||
        claims.exp < now
      ) {
        return { status: 400, body: { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' } };
      }
      const token = `ya29.${randomUUID()}`;
      tokens.add(token);
      return { status: 200, body: { access_token: token, expires_in: 3599, token_type: 'Bearer' } };
    }
    const detect = /^\/v2\/projects\/([^/]+)\/agent\/sessions\/([^/:]+):detectIntent$/.exec(request.path);
    if (request.method === 'POST' && detect) {
      const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
      if (!token || !tokens.has(token)) return { status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } };
      const query = (JSON.parse(request.body) as { queryInput?: { text?: { text?: string; languageCode?: string } } }).queryInput?.text ?? {};
      const text = query.text ?? '';
      queries.push({ project: decodeURIComponent(detect[1] ?? ''), session: decodeURIComponent(detect[2] ?? ''), text, languageCode: query.languageCode ?? '' });
      const ends = /^(tchau|bye)$/i.test(text.trim());
      const replies = ends ? ['Até logo!'] : [`Olá! Você disse: ${text}`, 'Em que posso ajudar?'];
      return {
        status: 200,
        body: {
          responseId: randomUUID(),
          queryResult: {
            queryText: text,
            languageCode: query.languageCode,
            fulfillmentText: replies[0],
            fulfillmentMessages: replies.map((reply) => ({ text: { text: [reply] } })),
            intent: { name: 'projects/p/agent/intents/1', displayName: ends ? 'Despedida' : 'Saudação' },
            ...(ends ? { diagnosticInfo: { end_conversation: true } } : {}),
          },
        },
      };
    }
    return { status: 404 };
  });
  base = server.url;
  return {
    ...server,
    tokenUrl: `${server.url}/token`,
    dialogflowUrl: server.url,
    trust: (account) => trusted.set(account.clientEmail, account.publicKey),
    queries,
  };
}
