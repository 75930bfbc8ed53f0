/**
 * The local DynamoDB's TTL: what DynamoDB's background process does (delete the items whose TTL
 * attribute lies in the past), at a cost proportional to what expires instead of a Scan of the table.
 *
 * The expiry index: a side table in dynalite (`<table>.expiry-index`, one partition `due`) whose sort key
 * is `<expiry, 13 digits>#<item key>`, so the entries due come first. The server adds an entry in the same
 * critical section as every write that leaves an item with a numeric TTL attribute (PutItem, UpdateItem,
 * BatchWriteItem, TransactWriteItems). Entries are never updated in place: a rewrite with a new TTL adds
 * a new entry and leaves the old one, and a DeleteItem leaves its entry too. A sweep pass reads the due
 * entries in bounded pages and, for each, deletes the item on condition that its TTL is still in the past
 * (as the Scan-based sweeper did), then drops the entry; a stale entry (item refreshed, TTL removed, item
 * gone) just fails the condition and is dropped.
 *
 * A data folder written before the index existed has expiring items without entries: a backfill Scans the
 * table once, in small paced pages, in the background, saving its position after each page, so it stops
 * between pages and resumes where it was on the next start. The index lives in the same LevelDB as the
 * table, so it survives restarts with it.
 */
import { MAIN_TABLE } from '../resources/table';
import { DynamoError, type Payload } from './dynalite';

/** An item or key in wire format. */
type AttributeMap = Record<string, unknown>;

/** How many entries one sweep pass handles at most, so a pass is short whatever is due. */
export const MAX_ENTRIES_PER_SWEEP = 500;
/** Entries read per Query of a pass. */
const SWEEP_PAGE = 100;
/** Items the backfill Scans per page, and the pause between pages that keeps it in the background. */
const BACKFILL_PAGE = 500;
export const BACKFILL_PAUSE_MS = 100;

const DUE = { S: 'due' };
const BACKFILL_STATE_KEY = { part: { S: 'backfill' }, at: { S: 'state' } };
/** Epoch seconds fit 13 digits until the year 318857; fixed width keeps string order = numeric order. */
const EXPIRY_DIGITS = 13;

/** The side table holding the expiry index of `tableName`. */
export const expiryIndexTableName = (tableName: string): string => `${tableName}.expiry-index`;

const padded = (seconds: number) => String(seconds).padStart(EXPIRY_DIGITS, '0');
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface ExpiryIndexOptions {
  readonly tableName: string;
  /** Calls dynalite (no serialisation). */
  readonly call: (operation: string, payload: Payload) => Promise<Payload>;
  /** Runs work in the server's write critical section (one writer at a time). */
  readonly exclusive: <T>(work: () => Promise<T>) => Promise<T>;
}

export interface ExpiryIndex {
  /**
   * Creates the index table when missing. `tableHadData`: the main table existed before this start, so
   * its expiring items may have no entries yet and the backfill is due.
   */
  open(tableHadData: boolean): Promise<void>;
  /** Indexes what a successful write left (call it inside the write's critical section). */
  afterWrite(operation: string, request: Payload, answer: Payload): Promise<void>;
  /** Indexes an item (or just its key attributes) of the main table under its TTL value, if a Number (critical section). */
  indexItem(tableName: string, key: AttributeMap, ttl: unknown): Promise<void>;
  /** Whether an UpdateItem-like request may change the TTL attribute, so its new value must be read. */
  mayChangeTtl(request: { UpdateExpression?: unknown; AttributeUpdates?: unknown; ExpressionAttributeNames?: unknown }): boolean;
  /** One bounded pass: resolves with how many items it deleted; stops early once `stopped()` says so. */
  sweepPass(stopped: () => boolean): Promise<number>;
  /** Runs the backfill to its end (or until `stopped()`), pausing between pages. */
  backfill(stopped: () => boolean, pause: () => Promise<void>): Promise<void>;
}

export function createExpiryIndex({ tableName, call, exclusive }: ExpiryIndexOptions): ExpiryIndex {
  const indexTable = expiryIndexTableName(tableName);
  const ttlName = MAIN_TABLE.ttlAttribute;
  const keyNames = [MAIN_TABLE.partitionKey, MAIN_TABLE.sortKey];

  /** DynamoDB's TTL only honours a Number; anything else means "never expires". */
  function expiryOf(ttl: unknown): number | undefined {
    if (typeof ttl !== 'object' || ttl === null || !('N' in ttl)) return undefined;
    const seconds = Math.floor(Number(ttl.N));
    return Number.isFinite(seconds) && seconds >= 0 ? seconds : undefined;
  }

  async function indexItem(table: string, item: AttributeMap, ttl: unknown): Promise<void> {
    if (table !== tableName) return;
    const expiry = expiryOf(ttl);
    if (expiry === undefined) return;
    const key = Object.fromEntries(keyNames.map((name) => [name, item[name]]));
    await call('PutItem', {
      TableName: indexTable,
      Item: { part: DUE, at: { S: `${padded(expiry)}#${JSON.stringify(keyNames.map((name) => key[name]))}` }, key: { M: key } },
    });
  }

  function mayChangeTtl(request: { UpdateExpression?: unknown; AttributeUpdates?: unknown; ExpressionAttributeNames?: unknown }): boolean {
    if (typeof request.AttributeUpdates === 'object' && request.AttributeUpdates !== null && ttlName in request.AttributeUpdates) {
      return true;
    }
    if (typeof request.UpdateExpression !== 'string') return false;
    const names = (request.ExpressionAttributeNames ?? {}) as Record<string, string>;
    // Every attribute name the expression mentions, literal or #alias; :values are not names.
    return (request.UpdateExpression.match(/[#:]?[A-Za-z0-9_]+/g) ?? []).some((token) =>
      token.startsWith('#') ? names[token] === ttlName : token === ttlName,
    );
  }

  /** The item's TTL after an update: from the answer when it holds the new item, else read back. */
  async function ttlAfterUpdate(table: string, key: AttributeMap, request: Payload, answer: Payload): Promise<unknown> {
    if (request.ReturnValues === 'ALL_NEW') return (answer.Attributes as AttributeMap | undefined)?.[ttlName];
    const { Item } = await call('GetItem', {
      TableName: table,
      Key: key,
      ConsistentRead: true,
      ProjectionExpression: '#ttl',
      ExpressionAttributeNames: { '#ttl': ttlName },
    });
    return (Item as AttributeMap | undefined)?.[ttlName];
  }

  async function afterWrite(operation: string, request: Payload, answer: Payload): Promise<void> {
    switch (operation) {
      case 'PutItem': {
        const item = request.Item as AttributeMap;
        await indexItem(String(request.TableName), item, item[ttlName]);
        return;
      }
      case 'UpdateItem': {
        if (request.TableName !== tableName || !mayChangeTtl(request)) return;
        const key = request.Key as AttributeMap;
        await indexItem(tableName, key, await ttlAfterUpdate(tableName, key, request, answer));
        return;
      }
      case 'BatchWriteItem': {
        const writes = ((request.RequestItems as Record<string, Payload[]> | undefined)?.[tableName] ?? []) as {
          PutRequest?: { Item: AttributeMap };
        }[];
        // dynalite writes a whole batch or fails it; it never answers with UnprocessedItems.
        for (const write of writes) {
          if (write.PutRequest) await indexItem(tableName, write.PutRequest.Item, write.PutRequest.Item[ttlName]);
        }
        return;
      }
      default:
        // DeleteItem: the item's entry, if any, is dropped by the sweep when it comes due.
        return;
    }
  }

  async function open(tableHadData: boolean): Promise<void> {
    const exists = await call('DescribeTable', { TableName: indexTable }).then(
      () => true,
      (error: unknown) => {
        if (error instanceof DynamoError && error.type.endsWith('#ResourceNotFoundException')) return false;
        throw error;
      },
    );
    if (exists) return;
    await call('CreateTable', {
      TableName: indexTable,
      BillingMode: 'PAY_PER_REQUEST',
      AttributeDefinitions: [
        { AttributeName: 'part', AttributeType: 'S' },
        { AttributeName: 'at', AttributeType: 'S' },
      ],
      KeySchema: [
        { AttributeName: 'part', KeyType: 'HASH' },
        { AttributeName: 'at', KeyType: 'RANGE' },
      ],
    });
    for (;;) {
      const { Table } = (await call('DescribeTable', { TableName: indexTable })) as { Table: { TableStatus: string } };
      if (Table.TableStatus === 'ACTIVE') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A new table has nothing to backfill; a table from before the index has.
    await call('PutItem', { TableName: indexTable, Item: { ...BACKFILL_STATE_KEY, done: { BOOL: !tableHadData } } });
  }

  async function sweepPass(stopped: () => boolean): Promise<number> {
    const now = nowSeconds();
    const condition = {
      ConditionExpression: '#ttl < :now',
      ExpressionAttributeNames: { '#ttl': ttlName },
      ExpressionAttributeValues: { ':now': { N: String(now) } },
    };
    let handled = 0;
    let deleted = 0;
    while (handled < MAX_ENTRIES_PER_SWEEP && !stopped()) {
      // Handled entries are dropped, so every page starts again at the front of the partition.
      const { Items } = await call('Query', {
        TableName: indexTable,
        KeyConditionExpression: '#part = :due AND #at < :bound',
        ExpressionAttributeNames: { '#part': 'part', '#at': 'at' },
        ExpressionAttributeValues: { ':due': DUE, ':bound': { S: padded(now) } },
        Limit: Math.min(SWEEP_PAGE, MAX_ENTRIES_PER_SWEEP - handled),
        ConsistentRead: true,
      });
      const entries = (Items ?? []) as { part: unknown; at: unknown; key: { M: AttributeMap } }[];
      if (entries.length === 0) break;
      for (const entry of entries) {
        if (stopped()) return deleted;
        handled += 1;
        // The item and its entry go in one critical section: a write of the same item with the same
        // expiry cannot slip in between and see its fresh entry dropped.
        const removed = await exclusive(async () => {
          let gone = false;
          try {
            await call('DeleteItem', { TableName: tableName, Key: entry.key.M, ...condition });
            gone = true;
          } catch (error) {
            if (!(error instanceof DynamoError && error.isConditionalCheckFailed)) throw error;
          }
          await call('DeleteItem', { TableName: indexTable, Key: { part: entry.part, at: entry.at } });
          return gone;
        });
        if (removed) deleted += 1;
      }
    }
    return deleted;
  }

  async function backfill(stopped: () => boolean, pause: () => Promise<void>): Promise<void> {
    const { Item: state } = (await call('GetItem', { TableName: indexTable, Key: BACKFILL_STATE_KEY, ConsistentRead: true })) as {
      Item?: { done?: { BOOL: boolean }; cursor?: { M: AttributeMap } };
    };
    if (!state || state.done?.BOOL === true) return;
    let cursor = state.cursor?.M;
    while (!stopped()) {
      // Limit bounds the items read per page (DynamoDB applies it before the filter).
      const page = await call('Scan', {
        TableName: tableName,
        Limit: BACKFILL_PAGE,
        ExclusiveStartKey: cursor,
        FilterExpression: 'attribute_type(#ttl, :number)',
        ProjectionExpression: keyNames.map((_, index) => `#k${index}`).concat('#ttl').join(', '),
        ExpressionAttributeNames: { '#ttl': ttlName, ...Object.fromEntries(keyNames.map((name, index) => [`#k${index}`, name])) },
        ExpressionAttributeValues: { ':number': { S: 'N' } },
      });
      const items = (page.Items ?? []) as AttributeMap[];
      cursor = page.LastEvaluatedKey as AttributeMap | undefined;
      const next = cursor;
      await exclusive(async () => {
        for (const item of items) await indexItem(tableName, item, item[ttlName]);
        // Entries and position in the same section: a stop never loses a page or repeats one.
        await call('PutItem', {
          TableName: indexTable,
          Item: { ...BACKFILL_STATE_KEY, done: { BOOL: next === undefined }, ...(next ? { cursor: { M: next } } : {}) },
        });
      });
      if (!next) return;
      await pause();
    }
  }

  return { open, afterWrite, indexItem, mayChangeTtl, sweepPass, backfill };
}
