/**
 * Reads the fetched OpenAPI document (GET /api/openapi.json) into what the API page lists: each
 * operation with its method, path, summary, parameters, body fields per media type and responses. The
 * document is untrusted JSON: every part is checked,
 * local `$ref`s are followed (a bounded number of hops, so a loop cannot hang the page), and anything
 * unexpected is left out rather than thrown.
 */

export interface FieldView {
  readonly name: string;
  /** A short type: `string`, `boolean`, `array of file`, `"true" | "false"`. */
  readonly type: string;
  readonly required: boolean;
  readonly description: string;
}

export interface ParameterView extends FieldView {
  /** header, query, path or cookie. */
  readonly location: string;
}

export interface BodyView {
  readonly mediaType: string;
  readonly fields: readonly FieldView[];
}

export interface ResponseView {
  readonly status: string;
  /** For error statuses, the catalogue codes and what each means. */
  readonly description: string;
}

export interface OperationView {
  /** `POST /api/messages/send`: unique in a document. */
  readonly key: string;
  readonly method: string;
  readonly path: string;
  readonly summary: string;
  readonly description: string;
  /** Needs a bearer token. */
  readonly secured: boolean;
  readonly parameters: readonly ParameterView[];
  readonly bodies: readonly BodyView[];
  readonly responses: readonly ResponseView[];
}

export interface DocumentView {
  readonly title: string;
  readonly version: string;
  readonly operations: readonly OperationView[];
}

type Json = Readonly<Record<string, unknown>>;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
const MAX_REF_HOPS = 10;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const list = (value: unknown): readonly unknown[] => (Array.isArray(value) ? value : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []);

/** The object a local pointer (`#/components/schemas/X`) names. */
function pointer(document: Json, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    if (!isObject(current)) return undefined;
    current = current[raw.replace(/~1/g, '/').replace(/~0/g, '~')];
  }
  return current;
}

/** The value with its `$ref`s followed; undefined when it is not an object or a reference breaks. */
function resolve(document: Json, value: unknown): Json | undefined {
  let current = value;
  for (let hop = 0; hop < MAX_REF_HOPS; hop += 1) {
    if (!isObject(current)) return undefined;
    if (typeof current.$ref !== 'string') return current;
    current = pointer(document, current.$ref);
  }
  return undefined;
}

/** A schema's parts merged across `allOf` (properties, required, enum of the later parts win). */
function merged(document: Json, value: unknown, depth = 0): Json | undefined {
  const schema = resolve(document, value);
  if (schema === undefined || depth > MAX_REF_HOPS) return schema;
  const parts = list(schema.allOf).map((part) => merged(document, part, depth + 1)).filter(isObject);
  if (parts.length === 0) return schema;
  return parts.reduce<Json>(
    (all, part) => ({
      ...all,
      ...part,
      properties: { ...(isObject(all.properties) ? all.properties : {}), ...(isObject(part.properties) ? part.properties : {}) },
      required: [...strings(all.required), ...strings(part.required)],
    }),
    schema,
  );
}

/** A short, readable type of a schema. */
export function typeOf(document: Json, value: unknown, depth = 0): string {
  const schema = merged(document, value);
  if (schema === undefined || depth > 3) return '';
  const values = list(schema.enum);
  if (values.length > 0) return values.map((item) => JSON.stringify(item)).join(' | ');
  if (typeof schema.contentMediaType === 'string' || schema.format === 'binary') return 'file';
  const types = typeof schema.type === 'string' ? [schema.type] : strings(schema.type);
  return types
    .map((type) => (type === 'array' ? `array of ${typeOf(document, schema.items, depth + 1) || 'any'}` : type))
    .join(' | ');
}

function fieldsOf(document: Json, value: unknown): FieldView[] {
  const schema = merged(document, value);
  if (schema === undefined || !isObject(schema.properties)) return [];
  const required = strings(schema.required);
  return Object.entries(schema.properties).map(([name, property]) => ({
    name,
    type: typeOf(document, property),
    required: required.includes(name),
    description: text(resolve(document, property)?.description),
  }));
}

function parametersOf(document: Json, operation: Json, item: Json): ParameterView[] {
  const listed = [...list(item.parameters), ...list(operation.parameters)];
  return listed.flatMap((entry) => {
    const parameter = resolve(document, entry);
    if (parameter === undefined || typeof parameter.name !== 'string') return [];
    return [
      {
        name: parameter.name,
        location: text(parameter.in),
        type: typeOf(document, parameter.schema),
        required: parameter.required === true,
        description: text(parameter.description) || text(resolve(document, parameter.schema)?.description),
      },
    ];
  });
}

function bodiesOf(document: Json, operation: Json): BodyView[] {
  const body = resolve(document, operation.requestBody);
  if (body === undefined || !isObject(body.content)) return [];
  return Object.entries(body.content).map(([mediaType, media]) => ({
    mediaType,
    fields: fieldsOf(document, isObject(media) ? media.schema : undefined),
  }));
}

function responsesOf(document: Json, operation: Json): ResponseView[] {
  if (!isObject(operation.responses)) return [];
  return Object.entries(operation.responses).map(([status, value]) => ({ status, description: text(resolve(document, value)?.description) }));
}

/** The document's operations in its order, or undefined when it is not an OpenAPI document at all. */
export function readOpenApiDocument(value: unknown): DocumentView | undefined {
  if (!isObject(value) || typeof value.openapi !== 'string' || !isObject(value.paths)) return undefined;
  const document = value;
  const info = isObject(document.info) ? document.info : {};
  const globalSecurity = list(document.security);
  const operations = Object.entries(value.paths).flatMap(([path, rawItem]) => {
    const item = resolve(document, rawItem);
    if (item === undefined) return [];
    return METHODS.flatMap((method) => {
      const operation = item[method];
      if (!isObject(operation)) return [];
      const security = operation.security === undefined ? globalSecurity : list(operation.security);
      return [
        {
          key: `${method.toUpperCase()} ${path}`,
          method: method.toUpperCase(),
          path,
          summary: text(operation.summary),
          description: text(operation.description),
          secured: security.some((requirement) => isObject(requirement) && Object.keys(requirement).length > 0),
          parameters: parametersOf(document, operation, item),
          bodies: bodiesOf(document, operation),
          responses: responsesOf(document, operation),
        },
      ];
    });
  });
  return { title: text(info.title), version: text(info.version), operations };
}
