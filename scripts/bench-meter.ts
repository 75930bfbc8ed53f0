/**
 * What a unit of work costs in the terms AWS bills (issue 33, docs/cost.md): the benches attach this
 * meter to the local cloud they start in-process and print, per unit (a message, a view), the DynamoDB
 * requests, the bytes they moved, the read and write request units those requests would be billed, and
 * the Lambda invocations and their time, by the handler module (or the part outside Lambda) that did it.
 *
 * - DynamoDB: two middlewares on the backend's one client (`dynamo()`, a DocumentClient, which shares
 *   its client's middleware stack). At `initialize` each call is counted by command, with the items the
 *   input writes and the output returns (both still plain values there: the DocumentClient marshalls
 *   after and unmarshalls before this step) and the response's size (its content-length header, exact;
 *   when a server sends none, the output's size as JSON, a proxy). At `finalizeRequest`, once per HTTP
 *   attempt, the size of the request's body.
 * - Request units are estimated from those items with DynamoDB's documented rounding (estimateUnits):
 *   the figure a bench can give without a deployed table, to be checked against CloudWatch's consumed
 *   units on a stage (docs/cost.md, "Measuring instead of estimating").
 * - Lambda: `timedLoader` wraps the local cloud's `loadHandler` (composing with a bench's own), and
 *   `invocation` times a handler a bench calls directly; each invocation's wall time, and the DynamoDB
 *   requests made inside it, belong to its module. Wall time only: every invocation shares this one
 *   process and its thread, so the CPU used during one is not its own.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { AsyncLocalStorage } from 'node:async_hooks';
import { performance } from 'node:perf_hooks';
import type { AnyHandler, HandlerLoader } from '../infra/local/lambda';
import { MAIN_TABLE, type IndexDefinition } from '../infra/resources/table';
import { renderTable } from './bench-figures';

// ---- the figures ---------------------------------------------------------------------------------------

/** What one command (GetItem, Query ...) of one source cost, summed over its requests. */
export interface CommandFigures {
  requests: number;
  /** Requests answered with an error (a failed condition, a cancelled transaction). */
  failed: number;
  /** HTTP request bodies, every attempt. */
  requestBytes: number;
  /** HTTP response bodies. */
  responseBytes: number;
  itemsRead: number;
  itemsWritten: number;
  readUnits: number;
  writeUnits: number;
  /** Global index writes the client can see (estimateUnits); never in writeUnits. */
  indexWriteUnits: number;
}

/** One source: a handler module ('workers/wa-events'), or a part of the process outside Lambda ('session host'). */
export interface SourceFigures {
  invocations: number;
  /** Wall milliseconds of its invocations, summed. */
  lambdaMs: number;
  readonly commands: Map<string, CommandFigures>;
}

/** Every source's figures since the last reset, by source. A copy: later requests do not change it. */
export type MeterSnapshot = ReadonlyMap<string, SourceFigures>;

const emptyCommand = (): CommandFigures => ({
  requests: 0,
  failed: 0,
  requestBytes: 0,
  responseBytes: 0,
  itemsRead: 0,
  itemsWritten: 0,
  readUnits: 0,
  writeUnits: 0,
  indexWriteUnits: 0,
});

const COMMAND_FIELDS = Object.keys(emptyCommand()) as (keyof CommandFigures)[];

function addInto(target: Map<string, SourceFigures>, source: string, figures: SourceFigures): void {
  const into = target.get(source) ?? { invocations: 0, lambdaMs: 0, commands: new Map<string, CommandFigures>() };
  target.set(source, into);
  into.invocations += figures.invocations;
  into.lambdaMs += figures.lambdaMs;
  for (const [command, counted] of figures.commands) {
    const sum = into.commands.get(command) ?? emptyCommand();
    into.commands.set(command, sum);
    for (const field of COMMAND_FIELDS) sum[field] += counted[field];
  }
}

/** The sum of snapshots, e.g. of the follow-ups a bench measured one at a time, resetting in between. */
export function addSnapshots(...snapshots: readonly MeterSnapshot[]): MeterSnapshot {
  const sum = new Map<string, SourceFigures>();
  for (const snapshot of snapshots) for (const [source, figures] of snapshot) addInto(sum, source, figures);
  return sum;
}

// ---- item sizes and request units ----------------------------------------------------------------------

const utf8 = (text: string): number => Buffer.byteLength(text, 'utf8');

/**
 * A number's size as DynamoDB documents it: about one byte per two significant digits, plus one.
 * Leading and trailing zeros are not significant.
 */
function numberBytes(value: number | bigint): number {
  const digits = String(value)
    .replace(/^-/, '')
    .replace(/e[+-]?\d+$/i, '')
    .replace('.', '')
    .replace(/^0+/, '')
    .replace(/0+$/, '');
  return Math.ceil(Math.max(1, digits.length) / 2) + 1;
}

/**
 * The size DynamoDB bills for one attribute value, as the DocumentClient gives and takes it (plain
 * values): strings by their UTF-8 bytes, binary by its bytes, a boolean or null 1 byte, a list or a map
 * 3 bytes plus 1 per element plus its elements (a map's with their names), a set its elements.
 */
export function valueBytes(value: unknown): number {
  if (value === null || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return utf8(value);
  if (typeof value === 'number' || typeof value === 'bigint') return numberBytes(value);
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...(value as Set<unknown>)].reduce<number>((sum, element) => sum + valueBytes(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce<number>((sum, element) => sum + 1 + valueBytes(element), 0);
  if (typeof value === 'object') {
    return 3 + Object.entries(value).reduce((sum, [name, element]) => (element === undefined ? sum : sum + 1 + utf8(name) + valueBytes(element)), 0);
  }
  return 0;
}

/** An item's size: each attribute's name and value (undefined attributes are not stored). */
export function itemBytes(item: Readonly<Record<string, unknown>>): number {
  return Object.entries(item).reduce((sum, [name, value]) => (value === undefined ? sum : sum + utf8(name) + valueBytes(value)), 0);
}

export type ReadMode = 'eventual' | 'strong' | 'transactional';
const READ_FACTOR: Readonly<Record<ReadMode, number>> = { eventual: 0.5, strong: 1, transactional: 2 };

/** Read request units: per started 4 KB, half for an eventually consistent read, twice in a transaction. */
export const readUnitsOf = (bytes: number, mode: ReadMode): number => Math.max(1, Math.ceil(bytes / 4096)) * READ_FACTOR[mode];

/** Write request units: per started 1 KB, twice in a transaction. */
export const writeUnitsOf = (bytes: number, transactional: boolean): number => Math.max(1, Math.ceil(bytes / 1024)) * (transactional ? 2 : 1);

/** An item lands in a (sparse) index when it carries both of the index's keys. */
const indexesOf = (item: Readonly<Record<string, unknown>>, indexes: readonly IndexDefinition[]): number =>
  indexes.filter((index) => item[index.partitionKey] !== undefined && item[index.sortKey] !== undefined).length;

const UPDATE_WORDS = new Set(['SET', 'REMOVE', 'ADD', 'DELETE', 'if_not_exists', 'list_append']);

/** The attribute names an update expression touches: `#name` placeholders resolved, and bare names. */
function namesUpdated(expression: string, placeholders: Readonly<Record<string, string>>): Set<string> {
  const names = new Set<string>();
  for (const [token] of expression.matchAll(/[#:]?[A-Za-z_][A-Za-z0-9_]*/g)) {
    if (token.startsWith(':') || UPDATE_WORDS.has(token)) continue;
    names.add(token.startsWith('#') ? (placeholders[token] ?? token) : token);
  }
  return names;
}

/** Indexes an update writes that the client can see: those it names a key of. */
function indexesUpdated(update: Readonly<Record<string, unknown>>, indexes: readonly IndexDefinition[]): number {
  if (typeof update.UpdateExpression !== 'string') return 0;
  const names = namesUpdated(update.UpdateExpression, (update.ExpressionAttributeNames ?? {}) as Record<string, string>);
  return indexes.filter((index) => names.has(index.partitionKey) || names.has(index.sortKey)).length;
}

/** What one request read, wrote and would be billed, as estimateUnits tells it. */
export interface UnitEstimate {
  readonly itemsRead: number;
  readonly itemsWritten: number;
  readonly readUnits: number;
  readonly writeUnits: number;
  readonly indexWriteUnits: number;
}

type Item = Readonly<Record<string, unknown>>;
type Input = Readonly<Record<string, unknown>>;
const NOTHING: UnitEstimate = { itemsRead: 0, itemsWritten: 0, readUnits: 0, writeUnits: 0, indexWriteUnits: 0 };

const asItems = (value: unknown): Item[] => (Array.isArray(value) ? (value as Item[]) : []);
const asRecord = (value: unknown): Readonly<Record<string, unknown>> => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});
const modeOf = (input: Input): ReadMode => (input.ConsistentRead === true ? 'strong' : 'eventual');

/** A write's units: a put by its item's size, an update or delete as 1 KB (the item's size is not seen). */
function writeOf(action: Input, kind: 'put' | 'update' | 'delete' | 'check', transactional: boolean, indexes: readonly IndexDefinition[]): UnitEstimate {
  if (kind === 'put') {
    const item = asRecord(action.Item);
    const bytes = itemBytes(item);
    return { ...NOTHING, itemsWritten: 1, writeUnits: writeUnitsOf(bytes, transactional), indexWriteUnits: indexesOf(item, indexes) * writeUnitsOf(bytes, false) };
  }
  const indexWrites = kind === 'update' ? indexesUpdated(action, indexes) : 0;
  return { ...NOTHING, itemsWritten: kind === 'check' ? 0 : 1, writeUnits: writeUnitsOf(0, transactional), indexWriteUnits: indexWrites };
}

function sum(estimates: readonly UnitEstimate[]): UnitEstimate {
  return estimates.reduce(
    (total, each) => ({
      itemsRead: total.itemsRead + each.itemsRead,
      itemsWritten: total.itemsWritten + each.itemsWritten,
      readUnits: total.readUnits + each.readUnits,
      writeUnits: total.writeUnits + each.writeUnits,
      indexWriteUnits: total.indexWriteUnits + each.indexWriteUnits,
    }),
    NOTHING,
  );
}

/** The writes of a BatchWriteItem's RequestItems (or of its UnprocessedItems). */
function batchWrites(requestItems: unknown, indexes: readonly IndexDefinition[]): UnitEstimate {
  return sum(
    Object.values(asRecord(requestItems)).flatMap((requests) =>
      asItems(requests).map((request) =>
        request.PutRequest ? writeOf(asRecord(request.PutRequest), 'put', false, indexes) : writeOf(asRecord(request.DeleteRequest), 'delete', false, indexes),
      ),
    ),
  );
}

/**
 * What one DynamoDB request read and wrote, and the request units it would be billed, from its input
 * and (when it succeeded) its output, both as the DocumentClient gives them:
 * - reads: per item (GetItem, BatchGetItem, TransactGetItems) or per request (Query, Scan: the items
 *   returned summed, so a Query that filtered read more than this sees); a key found missing is billed
 *   as one block;
 * - writes: a put by its item's size, an update or a delete as one block (the stored item, whose size
 *   they are billed by, is not seen), twice in a transaction; a transaction's ConditionCheck is billed
 *   as a write (our reading of DynamoDB's transaction billing);
 * - index writes, apart: a put of an item carrying an index's two keys writes that index (one write per
 *   KB, at the standard rate); an update naming an index key writes it at least once. An update or a
 *   delete of an item already indexed writes its indexes too, unseen here.
 * A failed request (output undefined) is estimated as sent: a failed conditional write is billed.
 */
export function estimateUnits(command: string, input: Input, output: Input | undefined, indexes: readonly IndexDefinition[] = MAIN_TABLE.globalIndexes): UnitEstimate {
  const out = output ?? {};
  switch (command) {
    case 'GetItem': {
      const item = output?.Item ? asRecord(output.Item) : undefined;
      return { ...NOTHING, itemsRead: item ? 1 : 0, readUnits: readUnitsOf(item ? itemBytes(item) : 0, modeOf(input)) };
    }
    case 'Query':
    case 'Scan': {
      const items = asItems(out.Items);
      if (!output) return { ...NOTHING, readUnits: readUnitsOf(0, modeOf(input)) };
      return { ...NOTHING, itemsRead: items.length, readUnits: readUnitsOf(items.reduce((bytes, item) => bytes + itemBytes(item), 0), modeOf(input)) };
    }
    case 'BatchGetItem': {
      const found = asRecord(out.Responses);
      const unprocessed = asRecord(out.UnprocessedKeys);
      return sum(
        Object.entries(asRecord(input.RequestItems)).map(([table, request]) => {
          const mode = modeOf(asRecord(request));
          const items = asItems(found[table]);
          const keys = asItems(asRecord(request).Keys).length - asItems(asRecord(unprocessed[table]).Keys).length;
          const missing = output ? Math.max(0, keys - items.length) : 0;
          const units = items.reduce((total, item) => total + readUnitsOf(itemBytes(item), mode), 0) + missing * readUnitsOf(0, mode);
          return { ...NOTHING, itemsRead: items.length, readUnits: units };
        }),
      );
    }
    case 'TransactGetItems': {
      const gets = asItems(input.TransactItems).length;
      const items = asItems(out.Responses).flatMap((response) => (response.Item ? [asRecord(response.Item)] : []));
      const missing = output ? gets - items.length : gets;
      return { ...NOTHING, itemsRead: items.length, readUnits: items.reduce((total, item) => total + readUnitsOf(itemBytes(item), 'transactional'), 0) + missing * readUnitsOf(0, 'transactional') };
    }
    case 'PutItem':
      return writeOf(input, 'put', false, indexes);
    case 'UpdateItem':
      return writeOf(input, 'update', false, indexes);
    case 'DeleteItem':
      return writeOf(input, 'delete', false, indexes);
    case 'BatchWriteItem': {
      const all = batchWrites(input.RequestItems, indexes);
      const left = batchWrites(out.UnprocessedItems, indexes);
      return {
        itemsRead: 0,
        itemsWritten: all.itemsWritten - left.itemsWritten,
        readUnits: 0,
        writeUnits: all.writeUnits - left.writeUnits,
        indexWriteUnits: all.indexWriteUnits - left.indexWriteUnits,
      };
    }
    case 'TransactWriteItems':
      return sum(
        asItems(input.TransactItems).map((action) => {
          if (action.Put) return writeOf(asRecord(action.Put), 'put', true, indexes);
          if (action.Update) return writeOf(asRecord(action.Update), 'update', true, indexes);
          if (action.Delete) return writeOf(asRecord(action.Delete), 'delete', true, indexes);
          return writeOf(asRecord(action.ConditionCheck), 'check', true, indexes);
        }),
      );
    default:
      return NOTHING;
  }
}

// ---- the meter -----------------------------------------------------------------------------------------

/** The HTTP response's body size: its content-length, when the server sent one. */
function contentLength(response: unknown): number | undefined {
  const headers = asRecord(asRecord(response).headers);
  const length = Number(headers['content-length'] ?? headers['Content-Length']);
  return Number.isFinite(length) && length >= 0 ? length : undefined;
}

/**
 * A proxy for a response's size when the server sent no content-length: its output as JSON, in plain
 * values (smaller than DynamoDB's typed JSON on the wire) and without the SDK's own $metadata.
 */
function outputBytes(output: Input): number {
  const { $metadata: _metadata, ...answer } = output;
  return utf8(JSON.stringify(answer, (_, value: unknown) => (value instanceof Set ? [...(value as Set<unknown>)] : value)));
}

function bodyBytes(body: unknown): number {
  if (typeof body === 'string') return utf8(body);
  if (body instanceof Uint8Array) return body.byteLength;
  return 0;
}

export interface BenchMeter {
  /** Adds the meter's middlewares to the backend's DynamoDB client (`dynamo()`): once, after the cloud is up. */
  watch(client: DynamoDBDocumentClient): void;
  /** A loader for the local cloud's `loadHandler` that times every invocation of the modules `load` gives. */
  timedLoader(load: HandlerLoader): HandlerLoader;
  /** Runs `work` as one invocation of `module`: for a handler a bench calls directly. */
  invocation<T>(module: string, work: () => Promise<T>): Promise<T>;
  reset(): void;
  snapshot(): MeterSnapshot;
}

export interface MeterOptions {
  /**
   * Who made a request outside any invocation ('session host', 'contacts'): a bench that marks its
   * parts with an AsyncLocalStorage says which; 'outside Lambda' when it answers nothing.
   */
  readonly outsideLambda?: () => string | undefined;
  /** The clock invocations are timed by, in milliseconds (tests give their own). */
  readonly now?: () => number;
}

export function createBenchMeter(options: MeterOptions = {}): BenchMeter {
  const invocations = new AsyncLocalStorage<string>();
  /** The bytes of a call's request bodies, by the call's context (one object per call, at every step). */
  const sentBytes = new WeakMap<object, { bytes: number }>();
  const now = options.now ?? (() => performance.now());
  let sources = new Map<string, SourceFigures>();

  const sourceOf = (name: string): SourceFigures => {
    const known = sources.get(name);
    if (known) return known;
    const created: SourceFigures = { invocations: 0, lambdaMs: 0, commands: new Map() };
    sources.set(name, created);
    return created;
  };

  const record = (source: string, command: string, input: Input, output: Input | undefined, response: unknown, requestBytes: number): void => {
    const figures = sourceOf(source).commands;
    const counted = figures.get(command) ?? emptyCommand();
    figures.set(command, counted);
    const estimate = estimateUnits(command, input, output);
    counted.requests += 1;
    counted.failed += output ? 0 : 1;
    counted.requestBytes += requestBytes;
    counted.responseBytes += contentLength(response) ?? (output ? outputBytes(output) : 0);
    counted.itemsRead += estimate.itemsRead;
    counted.itemsWritten += output ? estimate.itemsWritten : 0;
    counted.readUnits += estimate.readUnits;
    counted.writeUnits += estimate.writeUnits;
    counted.indexWriteUnits += estimate.indexWriteUnits;
  };

  const invocation = async <T>(module: string, work: () => Promise<T>): Promise<T> => {
    const started = now();
    try {
      return await invocations.run(module, work);
    } finally {
      const source = sourceOf(module);
      source.invocations += 1;
      source.lambdaMs += now() - started;
    }
  };

  return {
    watch(client) {
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const source = invocations.getStore() ?? options.outsideLambda?.() ?? 'outside Lambda';
          const command = (context.commandName ?? 'unknown').replace(/Command$/, '');
          const sent = { bytes: 0 };
          sentBytes.set(context, sent);
          const input = args.input as Input;
          try {
            const result = await next(args);
            record(source, command, input, result.output as Input, result.response, sent.bytes);
            return result;
          } catch (error) {
            record(source, command, input, undefined, asRecord(error).$response, sent.bytes);
            throw error;
          }
        },
        { step: 'initialize', name: 'benchMeterCount' },
      );
      client.middlewareStack.add(
        (next, context) => async (args) => {
          const sent = sentBytes.get(context);
          if (sent) sent.bytes += bodyBytes(asRecord(args.request).body);
          return next(args);
        },
        { step: 'finalizeRequest', name: 'benchMeterBytes' },
      );
    },
    timedLoader(load) {
      return async (module) => {
        const handler = await load(module);
        const timed: AnyHandler = (event, context) => invocation(module, () => handler(event, context));
        return timed;
      };
    },
    invocation,
    reset() {
      sources = new Map();
    },
    snapshot() {
      return addSnapshots(sources);
    },
  };
}

// ---- the printout --------------------------------------------------------------------------------------

export interface MeterPrintout {
  /** The unit of work, singular: 'follow-up message', 'ticket-list view'. */
  readonly unit: string;
  /** How many units the snapshot measured. */
  readonly units: number;
  /** Sources measured but not part of the unit's cost (a bench's own polling, a simulated phone), and why. */
  readonly leaveOut?: { readonly sources: (source: string) => boolean; readonly why: string };
  /** The commands named per row, most requested first. */
  readonly topCommands?: number;
  /** Lines under the table that say what a row stands for in this bench. */
  readonly notes?: readonly string[];
}

const totalOf = (figures: SourceFigures): CommandFigures => {
  const total = emptyCommand();
  for (const counted of figures.commands.values()) for (const field of COMMAND_FIELDS) total[field] += counted[field];
  return total;
};

/**
 * One table of the snapshot per unit of work: a row per source (the handler modules, then the parts
 * outside Lambda), then their total when there are several, then what the figures are and are not.
 */
export function renderMeter(snapshot: MeterSnapshot, printout: MeterPrintout): string {
  const { unit, units, leaveOut, topCommands = 3, notes = [] } = printout;
  const per = (value: number, digits = 2) => (value / Math.max(1, units)).toFixed(digits);
  const kept = [...snapshot.entries()].filter(([source]) => !leaveOut?.sources(source));
  const left = [...snapshot.keys()].filter((source) => leaveOut?.sources(source));
  const lambda = (source: string) => (snapshot.get(source)?.invocations ?? 0) > 0;
  kept.sort(([a], [b]) => Number(lambda(b)) - Number(lambda(a)) || a.localeCompare(b));
  const row = (name: string, figures: SourceFigures): string[] => {
    const total = totalOf(figures);
    const top = [...figures.commands.entries()]
      .sort(([, a], [, b]) => b.requests - a.requests)
      .slice(0, topCommands)
      // A command made less than once in ten units keeps two digits, not to read as 0.0.
      .map(([command, counted]) => `${command} ${per(counted.requests, counted.requests / Math.max(1, units) < 0.1 ? 2 : 1)}`)
      .join(', ');
    return [
      name,
      per(figures.invocations),
      per(figures.lambdaMs, 1),
      per(total.requests),
      top,
      per(total.requestBytes / 1024),
      per(total.responseBytes / 1024),
      per(total.itemsRead, 1),
      per(total.itemsWritten, 1),
      per(total.readUnits, 1),
      per(total.writeUnits, 1),
      per(total.indexWriteUnits, 1),
    ];
  };
  const total = addSnapshots(...kept.map(([, figures]) => new Map([['total', figures]]))).get('total') ?? { invocations: 0, lambdaMs: 0, commands: new Map() };
  const lines = [
    `Per ${unit} (${units} measured), by who did the work:`,
    renderTable(
      ['who', 'invocations', 'Lambda ms', 'DynamoDB requests', 'top commands', 'KB sent', 'KB received', 'items read', 'items written', 'RRU', 'WRU', '+GSI WRU seen'],
      [...kept.map(([source, figures]) => row(source, figures)), ...(kept.length > 1 ? [row('total', total)] : [])],
    ),
  ];
  lines.push(...notes.map((note) => `  ${note}`));
  if (left.length > 0) lines.push(`  left out: ${left.join(', ')} (${leaveOut?.why ?? ''})`);
  lines.push(
    '  Lambda ms: wall time of the invocations in this one process (they share its thread and, here, a loaded machine), not billed time.',
    "  KB: request bodies as sent and response bodies by their content-length, no headers. RRU/WRU: estimated from the items the client saw",
    '  (reads per 4 KB, x0.5 eventually consistent, x2 in a transaction; writes per 1 KB, x2 in a transaction; updates and deletes as 1 KB:',
    "  the stored item is not seen; a Query by the items it returned). GSI writes are not in WRU: '+GSI WRU seen' counts puts of items",
    `  carrying an index's keys (${MAIN_TABLE.globalIndexes.map((index) => `${index.partitionKey}/${index.sortKey}`).join(', ')}; per KB per index) and updates naming one (1 per index);`,
    '  updates and deletes of items already in an index also write it, unseen here.',
  );
  return lines.join('\n');
}
