/**
 * dynalite (DynamoDB's API on LevelDB) called in-process. dynalite is made to be an HTTP server; its
 * request listener only checks the HTTP envelope (method, content type, a SigV4 header present) and then
 * runs two steps we call directly here: the operation's validation (`validations/<operation>.js`) and
 * its action (`actions/<operation>.js`) on its store (`db/index.js`). Our proxy (dynamodb.ts) answers
 * the HTTP side itself, so a DynamoDB call costs one HTTP request instead of two.
 */
import { createRequire } from 'node:module';

/** A DynamoDB request or answer in the JSON protocol's wire format ({ "PK": { "S": "..." } }). */
export type Payload = Record<string, unknown>;

/** The operations dynalite implements (its index.js `validOperations`). */
const OPERATIONS = [
  'BatchGetItem',
  'BatchWriteItem',
  'CreateTable',
  'DeleteItem',
  'DeleteTable',
  'DescribeTable',
  'DescribeTimeToLive',
  'GetItem',
  'ListTables',
  'PutItem',
  'Query',
  'Scan',
  'TagResource',
  'UntagResource',
  'ListTagsOfResource',
  'UpdateItem',
  'UpdateTable',
] as const;

const VALIDATION_ERROR = 'com.amazon.coral.validate#ValidationException';

/** An error answer of DynamoDB (dynalite's, or one of ours), in wire form so it can be sent as it is. */
export class DynamoError extends Error {
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

export function validationError(message: string): DynamoError {
  return new DynamoError(400, { __type: VALIDATION_ERROR, message });
}

// dynalite ships no type declarations; these are the parts of its modules we use.
type Callback = (error: unknown, result?: Payload) => void;
interface LevelIterator {
  close(): Promise<void>;
  return?: () => Promise<void>;
}
interface Store {
  readonly db: { values(options: unknown): LevelIterator; getMany(keys: string[]): Promise<(Payload | undefined)[]> };
  readonly options: { readonly maxItemSize: number };
  readonly lifecycleManager: {
    gracefulClose(callback: (error: unknown) => void): void;
    trackOperation<T>(operation: Promise<T>): Promise<T>;
  };
  getTable(name: string, callback: (error: unknown, table: Payload) => void): void;
}
type Action = (store: Store, data: Payload, callback: Callback) => void;
interface Validation {
  readonly types: unknown;
  readonly custom?: unknown;
}
interface Validations {
  toLowerFirst(name: string): string;
  checkTypes(data: Payload, types: unknown): Payload;
  checkValidations(data: Payload, types: unknown, custom: unknown, store: Store): void;
}
interface Db {
  checkConditional(data: Payload, existingItem: Payload | undefined): unknown;
  validateKey(key: Payload, table: Payload): unknown;
  validateKeyPaths(nestedPaths: unknown, table: Payload): unknown;
  createKey(key: Payload, table: Payload): string;
  mapPaths(paths: unknown, item: Payload): Payload;
  itemSize(item: Payload): number;
  create(options: { path?: string; createTableMs: number; deleteTableMs: number; updateTableMs: number }): Store;
}

const load = createRequire(import.meta.url);
const db = load('dynalite/db') as Db;
const validations = load('dynalite/validations') as Validations;
const operations = new Map<string, { action: Action; validation: Validation }>(
  OPERATIONS.map((operation) => {
    const file = validations.toLowerFirst(operation);
    const action = load(`dynalite/actions/${file}`) as Action;
    return [operation, { action: operation === 'BatchGetItem' ? batchGetItem(action) : action, validation: load(`dynalite/validations/${file}`) as Validation }];
  }),
);

/** One table's part of a BatchGetItem, as dynalite's validation leaves it (`_projection` parsed from ProjectionExpression). */
interface BatchGetTableRequest {
  readonly Keys: Payload[];
  readonly AttributesToGet?: string[];
  readonly ConsistentRead?: boolean;
  readonly _projection?: { readonly paths: unknown; readonly nestedPaths?: unknown };
}

/**
 * BatchGetItem with one read of the store per table. dynalite's own action reads the table's
 * description again for every key and each key with a LevelDB get of its own (on disk, a task of the
 * libuv pool each, then a setImmediate hop each): a batch of 100 keys was 200 reads, and checking a
 * search's candidates by key cost the local table five times what a Query of as many items does. Here:
 * the description once, the keys in one `getMany`. The answer is dynalite's: the items found (projected),
 * in no particular order (shuffled, as dynalite does, since DynamoDB promises none), and the keys past
 * its answer-size limit in UnprocessedKeys. A request asking for consumed capacity goes to dynalite's own
 * action, which computes it.
 */
function batchGetItem(original: Action): Action {
  return (store, data, callback) => {
    if (data.ReturnConsumedCapacity === 'TOTAL' || data.ReturnConsumedCapacity === 'INDEXES') {
      original(store, data, callback);
      return;
    }
    const tableOf = (name: string) =>
      new Promise<Payload>((resolve, reject) => store.getTable(name, (error, table) => (error ? reject(asDynamoError(error)) : resolve(table))));
    const answer = async (): Promise<Payload> => {
      const requests = Object.entries(data.RequestItems as Record<string, BatchGetTableRequest>);
      const tables = await Promise.all(requests.map(([name]) => tableOf(name)));
      const limit = 1024 * 1024 + store.options.maxItemSize - 3;
      const responses: Record<string, Payload[]> = {};
      const unprocessed: Record<string, Payload> = {};
      let size = 0;
      for (const [index, [name, request]] of requests.entries()) {
        const table = tables[index] as Payload;
        for (const key of request.Keys) {
          const invalid = db.validateKey(key, table);
          if (invalid) throw asDynamoError(invalid);
        }
        const invalidPath = db.validateKeyPaths(request._projection?.nestedPaths, table);
        if (invalidPath) throw asDynamoError(invalidPath);
        const found = await store.lifecycleManager.trackOperation(store.db.getMany(request.Keys.map((key) => `item-${name}~${db.createKey(key, table)}`)));
        const paths = request._projection?.paths ?? request.AttributesToGet;
        const order = shuffled(request.Keys.map((_, position) => position));
        const items: Payload[] = [];
        for (const position of order) {
          const item = found[position];
          if (!item) continue;
          const next = size + db.itemSize(item);
          if (next > limit) {
            const left = (unprocessed[name] ??= {
              Keys: [],
              ...(request.AttributesToGet ? { AttributesToGet: request.AttributesToGet } : {}),
              ...(request.ConsistentRead ? { ConsistentRead: request.ConsistentRead } : {}),
            });
            (left.Keys as Payload[]).push(request.Keys[position] as Payload);
            continue;
          }
          size = next;
          items.push(paths ? db.mapPaths(paths, item) : item);
        }
        responses[name] = items;
      }
      return { Responses: responses, UnprocessedKeys: unprocessed };
    };
    answer().then(
      (result) => callback(null, result),
      (error: unknown) => callback(error),
    );
  };
}

/** A shuffled copy (Fisher-Yates). */
function shuffled<T>(values: readonly T[]): T[] {
  const copy = [...values];
  for (let index = copy.length - 1; index > 0; index -= 1) {
    const other = Math.floor(Math.random() * (index + 1));
    [copy[index], copy[other]] = [copy[other] as T, copy[index] as T];
  }
  return copy;
}

/** dynalite's errors carry the HTTP status and body DynamoDB would answer with. */
function asDynamoError(error: unknown): Error {
  if (error instanceof Error && 'statusCode' in error && 'body' in error) {
    return new DynamoError(Number(error.statusCode), error.body as Payload);
  }
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * dynalite reads ranges (Query, Scan) through a stream that ends its LevelDB iterator by calling the
 * iterator's `return()`, which abstract-level 3's iterators do not have (they have `close()`): every
 * Query and Scan left its iterator open until the database closed, each holding a LevelDB snapshot, and
 * the process grew by gigabytes under writes. Each iterator gets the `return()` dynalite expects.
 */
function closeIteratorsWhenDone(store: Store): void {
  const level = store.db;
  const values = level.values.bind(level);
  level.values = (options) => {
    const iterator = values(options);
    iterator.return ??= () => iterator.close();
    return iterator;
  };
}

export interface Dynalite {
  /**
   * Runs one operation as dynalite's HTTP server would (validation, then the action) and resolves with
   * its answer; DynamoDB's error answers reject with a DynamoError. `payload` is the parsed request body;
   * dynalite may remove its unknown or null top-level members.
   */
  call(operation: string, payload: Payload): Promise<Payload>;
  /**
   * Whether a DeleteItem-shaped request's ConditionExpression holds for `item` (undefined: no such
   * item), evaluated by dynalite's own evaluator as DeleteItem would, without touching the store. An
   * invalid request throws the DynamoError DeleteItem would answer with.
   */
  conditionHolds(request: Payload, item: Payload | undefined): boolean;
  /** Closes the store once its pending operations are done (releasing the LevelDB lock). */
  close(): Promise<void>;
}

/** Opens dynalite's store: LevelDB in `path`, in memory without it. */
export function openDynalite(options: { path?: string }): Dynalite {
  // Tables become ACTIVE at once; there is nobody to simulate provisioning delays for.
  const store = db.create({ path: options.path, createTableMs: 0, deleteTableMs: 0, updateTableMs: 0 });
  closeIteratorsWhenDone(store);
  return {
    call(operation, payload) {
      const known = operations.get(operation);
      if (!known) {
        return Promise.reject(new DynamoError(400, { __type: 'com.amazon.coral.service#UnknownOperationException' }));
      }
      return new Promise<Payload>((resolve, reject) => {
        try {
          const data = validations.checkTypes(payload, known.validation.types);
          validations.checkValidations(data, known.validation.types, known.validation.custom, store);
          known.action(store, data, (error, result) => {
            if (error) reject(asDynamoError(error));
            else resolve(result ?? {});
          });
        } catch (error) {
          reject(asDynamoError(error));
        }
      });
    },
    conditionHolds(request, item) {
      const deleteItem = operations.get('DeleteItem');
      if (!deleteItem) throw new Error('dynalite has no DeleteItem');
      try {
        // The validation parses the expression (into data._condition) and checks its names and values.
        const data = validations.checkTypes(request, deleteItem.validation.types);
        validations.checkValidations(data, deleteItem.validation.types, deleteItem.validation.custom, store);
        return db.checkConditional(data, item) == null;
      } catch (error) {
        throw asDynamoError(error);
      }
    },
    close: () =>
      new Promise<void>((resolve, reject) =>
        store.lifecycleManager.gracefulClose((error) => (error ? reject(asDynamoError(error)) : resolve())),
      ),
  };
}
