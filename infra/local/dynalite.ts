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
  readonly db: { values(options: unknown): LevelIterator };
  readonly lifecycleManager: { gracefulClose(callback: (error: unknown) => void): void };
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
  create(options: { path?: string; createTableMs: number; deleteTableMs: number; updateTableMs: number }): Store;
}

const load = createRequire(import.meta.url);
const db = load('dynalite/db') as Db;
const validations = load('dynalite/validations') as Validations;
const operations = new Map<string, { action: Action; validation: Validation }>(
  OPERATIONS.map((operation) => {
    const file = validations.toLowerFirst(operation);
    return [
      operation,
      { action: load(`dynalite/actions/${file}`) as Action, validation: load(`dynalite/validations/${file}`) as Validation },
    ];
  }),
);

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
