/**
 * The local DynamoDB: `dynalite` (in memory, or LevelDB on disk) behind a small HTTP server of ours that
 * clients use as their DynamoDB endpoint. The server runs dynalite in-process (dynalite.ts): one HTTP
 * hop, from the client to us. It passes every operation on to dynalite, and covers the gaps dynalite has
 * compared with DynamoDB (docs/architecture.md §4): TransactWriteItems and TransactGetItems, built on top
 * of dynalite's single-item operations, and the TTL deletion DynamoDB does in the background
 * (dynamodb-ttl.ts: an expiry index kept as items are written, swept in bounded passes).
 *
 * Atomicity comes from one async mutex: every write that goes through the server (single-item writes,
 * batches, transactions, the TTL sweeper) runs alone, so a transaction can check all its conditions,
 * apply its actions one by one and undo them on a late failure without anybody else writing in between.
 * Plain reads are not serialised, so unlike on DynamoDB a GetItem or Query may see a transaction half
 * applied; TransactGetItems does take the mutex and always sees whole transactions.
 */
import { mkdir } from 'node:fs/promises';
import http from 'node:http';
import { MAIN_TABLE } from '../resources/table';
import { DynamoError, openDynalite, validationError, type Payload } from './dynalite';
import { BACKFILL_PAUSE_MS, createExpiryIndex } from './dynamodb-ttl';
import { closeServerAfterRequests, listen, reachableUrlHost, readBody } from './net';

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
  /**
   * One sweep pass (after the backfill of a data folder from before the expiry index, if one runs):
   * deletes up to MAX_ENTRIES_PER_SWEEP items whose TTL attribute lies in the past; resolves with how
   * many it deleted.
   */
  sweepExpired(): Promise<number>;
  /**
   * Closes the server, the sweeper and dynalite (releasing the LevelDB lock). A sweep pass or backfill
   * running is abandoned at its next item or page, never waited for to its end.
   */
  stop(): Promise<void>;
}

/**
 * How long the server keeps an idle keep-alive socket: longer than any pause of the clients (the AWS
 * SDK's agents), so it never closes a socket a client is about to reuse.
 */
const IDLE_SOCKET_KEEP_MS = 10 * 60_000;

/** An item or key in DynamoDB's wire format ({ "PK": { "S": "..." } }); we pass them through untouched. */
type AttributeMap = Record<string, unknown>;

/** How long stop() lets the requests in flight finish before it cuts their connections. */
const STOP_GRACE_MS = 500;

const API = 'DynamoDB_20120810';
const MAX_TRANSACTION_ACTIONS = 100;
const WRITE_OPERATIONS = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem']);
const ERROR_PREFIX = 'com.amazonaws.dynamodb.v20120810#';
const SERIALIZATION_ERROR = { __type: 'com.amazon.coral.service#SerializationException' };

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

  const engine = openDynalite({ path: options.dataDir });
  /** Calls dynalite directly (not through the mutex) with a JSON-protocol operation. */
  const call = (operation: string, payload: Payload): Promise<Payload> => engine.call(operation, payload);
  const writes = new Mutex();
  const keySchemas = new Map<string, string[]>();
  const expiry = createExpiryIndex({ tableName: options.tableName, call, exclusive: (work) => writes.run(work) });

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

  /** Creates the table when missing; resolves with whether it existed (and may hold data) already. */
  async function ensureTable(): Promise<boolean> {
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
      if (Table.TableStatus === 'ACTIVE') return described !== undefined;
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

  /** Whether an action's condition holds for the item as it is, by dynalite's evaluator, writing nothing. */
  function conditionHolds(action: TransactionAction, before: AttributeMap | undefined): boolean {
    if (!action.conditionExpression) return true;
    return engine.conditionHolds(
      {
        TableName: action.tableName,
        Key: action.key,
        ConditionExpression: action.conditionExpression,
        ...expressionParameters(action.conditionExpression, action),
      },
      before,
    );
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
   * 4. apply the actions in order; if one still fails, put the before-images back and forward its error;
   * 5. index the TTL of the items written (dynamodb-ttl.ts).
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
        if (conditionHolds(action, before)) {
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
      for (const action of actions) {
        if (action.kind === 'Put' && action.item) {
          await expiry.indexItem(action.tableName, action.item, action.item[MAIN_TABLE.ttlAttribute]);
        } else if (
          action.kind === 'Update' &&
          action.tableName === options.tableName &&
          expiry.mayChangeTtl({ UpdateExpression: action.updateExpression, ExpressionAttributeNames: action.names })
        ) {
          const after = await readItem(action.tableName, action.key);
          if (after) await expiry.indexItem(action.tableName, after, after[MAIN_TABLE.ttlAttribute]);
        }
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
   * DynamoDB refuses a BatchWriteItem that names one item twice ('Provided list of item keys contains
   * duplicates'), whole; dynalite takes it. We refuse it too, or a writer that repeats a key would pass
   * every local test and fail on AWS. A request too malformed to read is left to dynalite's validation.
   */
  async function refuseDuplicateBatchKeys(payload: Payload): Promise<void> {
    const requestItems = payload.RequestItems;
    if (typeof requestItems !== 'object' || requestItems === null) return;
    for (const [tableName, requests] of Object.entries(requestItems as Record<string, unknown>)) {
      if (!Array.isArray(requests)) continue;
      const keyNames = await keyAttributes(tableName).catch(() => undefined);
      if (!keyNames) continue;
      const seen = new Set<string>();
      for (const request of requests as Payload[]) {
        const put = request.PutRequest as Payload | undefined;
        const remove = request.DeleteRequest as Payload | undefined;
        const source = (put?.Item ?? remove?.Key) as AttributeMap | undefined;
        if (!source) continue;
        const identity = JSON.stringify(keyNames.map((name) => source[name]));
        if (seen.has(identity)) throw validationError('Provided list of item keys contains duplicates');
        seen.add(identity);
      }
    }
  }

  /** Set by stop(): sweeps and the backfill stop at their next item or page, sockets close after their answer. */
  let stopRequested = false;

  /** Serves one operation; a DynamoError rejection is DynamoDB's error answer. */
  async function serve(operation: string, payload: Payload): Promise<Payload> {
    if (operation === 'TransactWriteItems') return transactWrite(payload);
    if (operation === 'TransactGetItems') return transactGet(payload);
    if (!WRITE_OPERATIONS.has(operation)) return call(operation, payload);
    if (operation === 'BatchWriteItem') await refuseDuplicateBatchKeys(payload);
    return writes.run(async () => {
      const answer = await call(operation, payload);
      await expiry.afterWrite(operation, payload, answer);
      return answer;
    });
  }

  /** The HTTP envelope of the JSON protocol, as dynalite's own server answers it. */
  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    if (stopRequested) response.shouldKeepAlive = false;
    const body = await readBody(request);
    if (request.method === 'GET') {
      // DynamoDB's health check answer.
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.end('healthy: dynamodb.us-east-1.amazonaws.com ');
      return;
    }
    const [api, operation] = String(request.headers['x-amz-target'] ?? '').split('.');
    if (request.method !== 'POST' || api !== API || !operation) {
      sendJson(response, 400, { __type: 'com.amazon.coral.service#UnknownOperationException' });
      return;
    }
    let payload: unknown;
    try {
      payload = JSON.parse(body.toString('utf8'));
    } catch {
      sendJson(response, 400, SERIALIZATION_ERROR);
      return;
    }
    if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) {
      sendJson(response, 400, SERIALIZATION_ERROR);
      return;
    }
    try {
      sendJson(response, 200, await serve(operation, payload as Payload));
    } catch (error) {
      if (error instanceof DynamoError) sendJson(response, error.statusCode, error.body);
      else throw error;
    }
  }

  // Node's servers close an idle keep-alive socket after 5 s; a request a client sends on it at that
  // moment dies with "socket hang up" (ECONNRESET), and a write may or may not have happened, so it is
  // not retried. The sockets stay open until stop() closes the server.
  const server = http.createServer({ keepAliveTimeout: IDLE_SOCKET_KEEP_MS }, (request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error('local dynamodb:', error);
      if (!response.headersSent) {
        sendJson(response, 500, { __type: `${ERROR_PREFIX}InternalServerError`, message: String(error) });
      } else {
        response.destroy();
      }
    });
  });

  let port: number;
  try {
    const tableHadData = await ensureTable();
    await expiry.open(tableHadData);
    port = await listen(server, options.port, host);
  } catch (error) {
    await engine.close();
    throw error;
  }

  const stopped = () => stopRequested;
  let pauseTimer: NodeJS.Timeout | undefined;
  let endPause: () => void = () => undefined;
  const pause = () =>
    new Promise<void>((resolve) => {
      endPause = resolve;
      pauseTimer = setTimeout(resolve, BACKFILL_PAUSE_MS);
    });
  const backfilling = expiry.backfill(stopped, pause).catch((error: unknown) => {
    console.error('local dynamodb TTL backfill failed:', error);
  });

  // Passes run one after another, never two at once; sweepExpired() waits for the backfill, without
  // which a pass cannot see every expiring item.
  let sweeping: Promise<unknown> = backfilling;
  /** Passes asked for and not finished yet. */
  let passesDue = 0;
  const sweepExpired = (): Promise<number> => {
    passesDue += 1;
    const next = sweeping.then(() => expiry.sweepPass(stopped)).finally(() => {
      passesDue -= 1;
    });
    sweeping = next.catch(() => undefined);
    return next;
  };
  const interval = options.ttlSweepIntervalMs ?? 60_000;
  const timer =
    interval > 0
      ? setInterval(() => {
          // A pass still running or waiting (a large backlog, the backfill, a busy machine) means this
          // tick is skipped, not queued.
          if (passesDue > 0) return;
          sweepExpired().catch((error: unknown) => console.error('local dynamodb TTL sweep failed:', error));
        }, interval).unref()
      : undefined;

  let stopping: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      stopRequested = true;
      clearInterval(timer);
      clearTimeout(pauseTimer);
      endPause();
      await sweeping;
      // Clients that keep sending on their keep-alive sockets would hold the server open for as long
      // as they work: from now on every answer closes its socket, and what is still open after a short
      // grace is cut. Writes already taken in run to their end before dynalite closes.
      const closed = closeServerAfterRequests(server);
      const cut = setTimeout(() => server.closeAllConnections(), STOP_GRACE_MS);
      await closed;
      clearTimeout(cut);
      await writes.run(() => Promise.resolve());
      await engine.close();
    })();
    return stopping;
  };

  return { endpoint: `http://${reachableUrlHost(host)}:${port}`, port, sweepExpired, stop };
}
