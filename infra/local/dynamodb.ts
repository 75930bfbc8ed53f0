/**
 * The local DynamoDB: `dynalite` (in memory, or LevelDB on disk) behind a small HTTP proxy of ours that
 * clients use as their DynamoDB endpoint. The proxy passes every request through, and covers the gaps
 * dynalite has compared with DynamoDB (docs/architecture.md §4): TransactWriteItems and TransactGetItems, built on
 * top of dynalite's single-item operations, and the TTL deletion DynamoDB does in the background.
 *
 * Atomicity comes from one async mutex: every write that goes through the proxy (single-item writes,
 * batches, transactions, the TTL sweeper) runs alone, so a transaction can check all its conditions,
 * apply its actions one by one and undo them on a late failure without anybody else writing in between.
 * Plain reads are not serialised, so unlike on DynamoDB a GetItem or Query may see a transaction half
 * applied; TransactGetItems does take the mutex and always sees whole transactions.
 */
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import { createRequire } from 'node:module';
import { MAIN_TABLE } from '../resources/table';
import { closeServerAfterRequests, listen, reachableUrlHost } from './net';

export interface StartDynamoOptions {
  /** Port of the endpoint clients use; 0 picks a free one. */
  readonly port: number;
  readonly host?: string;
  /** LevelDB directory; in memory when absent. */
  readonly dataDir?: string;
  readonly tableName: string;
  /** How often expired items are deleted; 0 disables the timer (sweepExpired still works). */
  readonly ttlSweepIntervalMs?: number;
}

export interface LocalDynamo {
  readonly endpoint: string;
  readonly port: number;
  /** Deletes the items whose TTL attribute lies in the past; resolves with how many were deleted. */
  sweepExpired(): Promise<number>;
  /** Closes the proxy, the sweeper and dynalite (releasing the LevelDB lock). */
  stop(): Promise<void>;
}

// dynalite ships no type declarations; this is the part of its API we use.
interface DynaliteOptions {
  path?: string;
  createTableMs?: number;
  deleteTableMs?: number;
  updateTableMs?: number;
}
type DynaliteFactory = (options: DynaliteOptions) => http.Server;

const dynalite = createRequire(import.meta.url)('dynalite') as DynaliteFactory;

/**
 * How long dynalite and the proxy keep an idle keep-alive socket: longer than any pause of the clients
 * (our agent, the AWS SDK's), so the server never closes a socket a client is about to reuse.
 */
const IDLE_SOCKET_KEEP_MS = 10 * 60_000;

/** An item or key in DynamoDB's wire format ({ "PK": { "S": "..." } }); we pass them through untouched. */
type AttributeMap = Record<string, unknown>;
type Payload = Record<string, unknown>;

const API = 'DynamoDB_20120810';
const MAX_TRANSACTION_ACTIONS = 100;
const WRITE_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const VALIDATION_ERROR = 'com.amazon.coral.validate#ValidationException';

/** An error answer of DynamoDB (dynalite's, or one of ours), kept in wire form so it can be forwarded. */
class DynamoError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Payload,
  ) {
    super(String(body.message ?? body.Message ?? body.__type));
  }

  get type(): string {
    return typeof this.body.__type === 'string' ? this.body.__type : '';
  }

  get isConditionalCheckFailed(): boolean {
    return this.type.endsWith('#ConditionalCheckFailedException');
  }
}

function validationError(message: string): DynamoError {
  return new DynamoError(400, { __type: VALIDATION_ERROR, message });
}

/** Runs async work one at a time, in arrival order. */
class Mutex {
  private tail: Promise<void> = Promise.resolve();

  async run<T>(work: () => Promise<T>): Promise<T> {
    const previous = this.tail;
    let release: () => void = () => undefined;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    try {
      return await work();
    } finally {
      release();
    }
  }
}

interface UpstreamResponse {
  readonly statusCode: number;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: Buffer;
}

/** Sends one HTTP request to dynalite and buffers the whole answer. */
function sendToDynalite(
  agent: http.Agent,
  port: number,
  request: { method: string; path: string; headers: http.OutgoingHttpHeaders; body: Buffer },
): Promise<UpstreamResponse> {
  const { method, path, headers, body } = request;
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      { host: '127.0.0.1', port, method, path, agent, headers: { ...headers, 'content-length': body.length } },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ statusCode: response.statusCode ?? 500, headers: response.headers, body: Buffer.concat(chunks) }),
        );
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end(body);
  });
}

/** Connection-level headers describe one hop (client to proxy, proxy to dynalite), not the next one. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);
function withoutHopByHop(headers: http.IncomingHttpHeaders): http.IncomingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

function readBody(request: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
  });
}

function sendJson(response: http.ServerResponse, statusCode: number, body: unknown): void {
  const text = JSON.stringify(body);
  response.writeHead(statusCode, {
    'content-type': 'application/x-amz-json-1.0',
    'content-length': Buffer.byteLength(text),
  });
  response.end(text);
}

/** Keeps only the #names and :values an expression mentions; DynamoDB refuses unused ones. */
function expressionParameters(expression: string, action: TransactionAction): Payload {
  const pick = (source: Record<string, unknown> | undefined, pattern: RegExp): Record<string, unknown> | undefined => {
    if (!source) return undefined;
    const used = new Set(expression.match(pattern) ?? []);
    const entries = Object.entries(source).filter(([name]) => used.has(name));
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  };
  return {
    ExpressionAttributeNames: pick(action.names, /#[A-Za-z0-9_]+/g),
    ExpressionAttributeValues: pick(action.values, /:[A-Za-z0-9_]+/g),
  };
}

function transactItems(payload: Payload): Payload[] {
  const items = payload.TransactItems;
  if (!Array.isArray(items) || items.length === 0 || items.length > MAX_TRANSACTION_ACTIONS) {
    throw validationError(
      `1 validation error detected: Value at 'transactItems' failed to satisfy constraint: Member must have length between 1 and ${MAX_TRANSACTION_ACTIONS}`,
    );
  }
  return items as Payload[];
}

const ACTION_KINDS = ['Put', 'Update', 'Delete', 'ConditionCheck'] as const;
type ActionKind = (typeof ACTION_KINDS)[number];

/** One TransactItems entry, flattened. */
interface TransactionAction {
  readonly kind: ActionKind;
  readonly tableName: string;
  readonly key: AttributeMap;
  readonly item?: AttributeMap;
  readonly updateExpression?: string;
  readonly conditionExpression?: string;
  readonly names?: Record<string, string>;
  readonly values?: AttributeMap;
  readonly returnOldOnFailure: boolean;
}

interface CancellationReason {
  Code: 'None' | 'ConditionalCheckFailed';
  Message?: string;
  Item?: AttributeMap;
}

export async function startDynamo(options: StartDynamoOptions): Promise<LocalDynamo> {
  const host = options.host ?? '127.0.0.1';
  if (options.dataDir) await mkdir(options.dataDir, { recursive: true });

  // Tables become ACTIVE at once; there is nobody to simulate provisioning delays for.
  const store = dynalite({ path: options.dataDir, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  // Node's servers close an idle keep-alive socket after 5 s; a request the agent sends on it at that
  // moment dies with "socket hang up" (ECONNRESET), and a write may or may not have happened, so it is
  // not retried. Our agent is dynalite's only client: the socket stays open until stop() closes it.
  store.keepAliveTimeout = IDLE_SOCKET_KEEP_MS;
  const dynalitePort = await listen(store, 0, '127.0.0.1');
  const agent = new http.Agent({ keepAlive: true });
  const writes = new Mutex();
  const keySchemas = new Map<string, string[]>();

  /** Calls dynalite directly (not through the mutex) with a JSON-protocol operation. */
  async function call(operation: string, payload: Payload): Promise<Payload> {
    const now = new Date().toISOString().replace(/[-:]|\.\d{3}/g, '');
    const response = await sendToDynalite(agent, dynalitePort, {
      method: 'POST',
      path: '/',
      headers: {
        'content-type': 'application/x-amz-json-1.0',
        'x-amz-target': `${API}.${operation}`,
        'x-amz-date': now,
        // dynalite only checks that a SigV4 header is present, never the signature.
        authorization: `AWS4-HMAC-SHA256 Credential=local/${now.slice(0, 8)}/us-east-1/dynamodb/aws4_request, SignedHeaders=host, Signature=local`,
      },
      body: Buffer.from(JSON.stringify(payload)),
    });
    const body = (response.body.length > 0 ? JSON.parse(response.body.toString('utf8')) : {}) as Payload;
    if (response.statusCode !== 200) throw new DynamoError(response.statusCode, body);
    return body;
  }

  async function keyAttributes(tableName: string): Promise<string[]> {
    const known = keySchemas.get(tableName);
    if (known) return known;
    const { Table } = (await call('DescribeTable', { TableName: tableName })) as {
      Table: { KeySchema: { AttributeName: string }[] };
    };
    const names = Table.KeySchema.map((element) => element.AttributeName);
    keySchemas.set(tableName, names);
    return names;
  }

  async function ensureTable(): Promise<void> {
    const described = await call('DescribeTable', { TableName: options.tableName }).catch((error: unknown) => {
      if (error instanceof DynamoError && error.type.endsWith('#ResourceNotFoundException')) return undefined;
      throw error;
    });
    if (!described) {
      const keyNames = [
        MAIN_TABLE.partitionKey,
        MAIN_TABLE.sortKey,
        ...MAIN_TABLE.globalIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
      ];
      await call('CreateTable', {
        TableName: options.tableName,
        BillingMode: 'PAY_PER_REQUEST',
        AttributeDefinitions: keyNames.map((name) => ({ AttributeName: name, AttributeType: 'S' })),
        KeySchema: [
          { AttributeName: MAIN_TABLE.partitionKey, KeyType: 'HASH' },
          { AttributeName: MAIN_TABLE.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: MAIN_TABLE.globalIndexes.map((index) => ({
          IndexName: index.name,
          KeySchema: [
            { AttributeName: index.partitionKey, KeyType: 'HASH' },
            { AttributeName: index.sortKey, KeyType: 'RANGE' },
          ],
          Projection: { ProjectionType: 'ALL' },
        })),
      });
    }
    for (;;) {
      const { Table } = (await call('DescribeTable', { TableName: options.tableName })) as {
        Table: { TableStatus: string };
      };
      if (Table.TableStatus === 'ACTIVE') return;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async function parseTransactionActions(payload: Payload): Promise<TransactionAction[]> {
    const items = transactItems(payload);
    const actions: TransactionAction[] = [];
    const seen = new Set<string>();
    for (const entry of items) {
      const kinds = ACTION_KINDS.filter((kind) => entry[kind] !== undefined);
      const kind = kinds[0];
      if (kinds.length !== 1 || kind === undefined) {
        throw validationError('TransactItems can only contain one of Check, Put, Update or Delete');
      }
      const body = entry[kind] as Payload;
      const tableName = String(body.TableName);
      const keyNames = await keyAttributes(tableName);
      const item = body.Item as AttributeMap | undefined;
      const source = kind === 'Put' ? item : (body.Key as AttributeMap | undefined);
      const key: AttributeMap = {};
      for (const name of keyNames) {
        if (source?.[name] === undefined) {
          throw validationError(`One or more parameter values were invalid: Missing the key ${name} in the item`);
        }
        key[name] = source[name];
      }
      if (kind === 'ConditionCheck' && typeof body.ConditionExpression !== 'string') {
        throw validationError('ConditionCheck requires a ConditionExpression');
      }
      const identity = JSON.stringify([tableName, keyNames.map((name) => key[name])]);
      if (seen.has(identity)) {
        throw validationError('Transaction request cannot include multiple operations on one item');
      }
      seen.add(identity);
      actions.push({
        kind,
        tableName,
        key,
        item,
        updateExpression: body.UpdateExpression as string | undefined,
        conditionExpression: body.ConditionExpression as string | undefined,
        names: body.ExpressionAttributeNames as Record<string, string> | undefined,
        values: body.ExpressionAttributeValues as AttributeMap | undefined,
        returnOldOnFailure: body.ReturnValuesOnConditionCheckFailure === 'ALL_OLD',
      });
    }
    return actions;
  }

  async function readItem(tableName: string, key: AttributeMap): Promise<AttributeMap | undefined> {
    const { Item } = await call('GetItem', { TableName: tableName, Key: key, ConsistentRead: true });
    return Item as AttributeMap | undefined;
  }

  /**
   * Asks dynalite whether an action's condition holds, without changing anything: the condition rides
   * on a write that is a no-op (rewriting the item as it is, or deleting an item that does not exist),
   * so we need no expression evaluator of our own.
   */
  async function conditionHolds(action: TransactionAction, before: AttributeMap | undefined): Promise<boolean> {
    if (!action.conditionExpression) return true;
    const condition = {
      TableName: action.tableName,
      ConditionExpression: action.conditionExpression,
      ...expressionParameters(action.conditionExpression, action),
    };
    try {
      if (before) await call('PutItem', { ...condition, Item: before });
      else await call('DeleteItem', { ...condition, Key: action.key });
      return true;
    } catch (error) {
      if (error instanceof DynamoError && error.isConditionalCheckFailed) return false;
      throw error;
    }
  }

  async function applyAction(action: TransactionAction): Promise<void> {
    const common = {
      TableName: action.tableName,
      ConditionExpression: action.conditionExpression,
      ExpressionAttributeNames: action.names,
      ExpressionAttributeValues: action.values,
    };
    switch (action.kind) {
      case 'Put':
        await call('PutItem', { ...common, Item: action.item });
        return;
      case 'Update':
        await call('UpdateItem', { ...common, Key: action.key, UpdateExpression: action.updateExpression });
        return;
      case 'Delete':
        await call('DeleteItem', { ...common, Key: action.key });
        return;
      case 'ConditionCheck':
        return;
    }
  }

  async function restore(action: TransactionAction, before: AttributeMap | undefined): Promise<void> {
    if (before) await call('PutItem', { TableName: action.tableName, Item: before });
    else await call('DeleteItem', { TableName: action.tableName, Key: action.key });
  }

  function cancelled(reasons: CancellationReason[]): DynamoError {
    return new DynamoError(400, {
      __type: `${ERROR_PREFIX}TransactionCanceledException`,
      Message: `Transaction cancelled, please refer cancellation reasons for specific reasons [${reasons.map((reason) => reason.Code).join(', ')}]`,
      CancellationReasons: reasons,
    });
  }

  /**
   * TransactWriteItems, all or nothing:
   * 1. validate the request (at most 100 actions, one action per item);
   * 2. read every item's before-image;
   * 3. evaluate every condition; if any fails, cancel with one reason per action;
   * 4. apply the actions in order; if one still fails, put the before-images back and forward its error.
   * ClientRequestToken idempotency is not implemented: local clients do not retry a transaction with
   * the same token in a way our code depends on.
   */
  async function transactWrite(payload: Payload): Promise<Payload> {
    const actions = await parseTransactionActions(payload);
    return writes.run(async () => {
      const befores = await Promise.all(actions.map((action) => readItem(action.tableName, action.key)));
      const reasons: CancellationReason[] = [];
      for (const [index, action] of actions.entries()) {
        const before = befores[index];
        if (await conditionHolds(action, before)) {
          reasons.push({ Code: 'None' });
        } else {
          reasons.push({
            Code: 'ConditionalCheckFailed',
            Message: 'The conditional request failed',
            ...(action.returnOldOnFailure && before ? { Item: before } : {}),
          });
        }
      }
      if (reasons.some((reason) => reason.Code !== 'None')) throw cancelled(reasons);

      const applied: number[] = [];
      try {
        for (const [index, action] of actions.entries()) {
          await applyAction(action);
          applied.push(index);
        }
      } catch (error) {
        for (const index of applied.reverse()) {
          const action = actions[index];
          if (action) await restore(action, befores[index]);
        }
        throw error;
      }
      return {};
    });
  }

  /** TransactGetItems: runs under the write mutex, so it never sees a transaction half applied. */
  async function transactGet(payload: Payload): Promise<Payload> {
    const gets = transactItems(payload).map((entry) => {
      if (!entry.Get) throw validationError('TransactItems can only contain Get');
      return entry.Get as Payload;
    });
    return writes.run(async () => {
      const responses: Payload[] = [];
      for (const get of gets) {
        const { Item } = await call('GetItem', {
          TableName: get.TableName,
          Key: get.Key,
          ProjectionExpression: get.ProjectionExpression,
          ExpressionAttributeNames: get.ExpressionAttributeNames,
          ConsistentRead: true,
        });
        responses.push(Item ? { Item } : {});
      }
      return { Responses: responses };
    });
  }

  /**
   * One pass of what DynamoDB's TTL process does. The delete is conditional on the item still being
   * expired, so an item refreshed between the Scan and the delete survives.
   */
  async function sweepOnce(): Promise<number> {
    const ttl = {
      ExpressionAttributeNames: { '#ttl': MAIN_TABLE.ttlAttribute },
      ExpressionAttributeValues: { ':now': { N: String(Math.floor(Date.now() / 1000)) } },
    };
    const keyNames = [MAIN_TABLE.partitionKey, MAIN_TABLE.sortKey];
    let deleted = 0;
    let startKey: unknown;
    do {
      const page = await call('Scan', {
        TableName: options.tableName,
        FilterExpression: '#ttl < :now',
        ExclusiveStartKey: startKey,
        ...ttl,
      });
      for (const item of (page.Items ?? []) as AttributeMap[]) {
        const key = Object.fromEntries(keyNames.map((name) => [name, item[name]]));
        try {
          await writes.run(() =>
            call('DeleteItem', { TableName: options.tableName, Key: key, ConditionExpression: '#ttl < :now', ...ttl }),
          );
          deleted += 1;
        } catch (error) {
          if (!(error instanceof DynamoError && error.isConditionalCheckFailed)) throw error;
        }
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    return deleted;
  }

  async function forward(request: http.IncomingMessage, body: Buffer, response: http.ServerResponse): Promise<void> {
    const upstream = await sendToDynalite(agent, dynalitePort, {
      method: request.method ?? 'POST',
      path: request.url ?? '/',
      headers: withoutHopByHop(request.headers),
      body,
    });
    response.writeHead(upstream.statusCode, withoutHopByHop(upstream.headers));
    response.end(upstream.body);
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const body = await readBody(request);
    const [api, operation] = String(request.headers['x-amz-target'] ?? '').split('.');
    if (api !== API || (operation !== 'TransactWriteItems' && operation !== 'TransactGetItems')) {
      if (operation && WRITE_OPERATIONS.has(operation)) await writes.run(() => forward(request, body, response));
      else await forward(request, body, response);
      return;
    }
    let payload: Payload;
    try {
      payload = JSON.parse(body.toString('utf8')) as Payload;
    } catch {
      sendJson(response, 400, { __type: 'com.amazon.coral.service#SerializationException' });
      return;
    }
    try {
      const result = operation === 'TransactWriteItems' ? await transactWrite(payload) : await transactGet(payload);
      sendJson(response, 200, result);
    } catch (error) {
      if (error instanceof DynamoError) sendJson(response, error.statusCode, error.body);
      else throw error;
    }
  }

  const proxy = http.createServer({ keepAliveTimeout: IDLE_SOCKET_KEEP_MS }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('local dynamodb proxy:', error);
      if (!response.headersSent) {
        sendJson(response, 500, { __type: `${ERROR_PREFIX}InternalServerError`, message: String(error) });
      } else {
        response.destroy();
      }
    });
  });

  let port: number;
  try {
    await ensureTable();
    port = await listen(proxy, options.port, host);
  } catch (error) {
    agent.destroy();
    await closeServerAfterRequests(store);
    throw error;
  }

  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepExpired = (): Promise<number> => {
    // Sweeps run one after another, never two at once.
    const next = sweeping.then(sweepOnce);
    sweeping = next.catch(() => undefined);
    return next;
  };
  const interval = options.ttlSweepIntervalMs ?? 60_000;
  const timer =
    interval > 0
      ? setInterval(() => {
          sweepExpired().catch((error: unknown) => console.error('local dynamodb TTL sweep failed:', error));
        }, interval).unref()
      : undefined;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      clearInterval(timer);
      await sweeping;
      await closeServerAfterRequests(proxy);
      agent.destroy();
      await closeServerAfterRequests(store);
    })();
    return stopping;
  };

  return { endpoint: `http://${reachableUrlHost(host)}:${port}`, port, sweepExpired, stop };
}
