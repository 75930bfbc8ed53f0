/**
 * A structural check of an OpenAPI 3.1 document, for the tests of GET /api/openapi.json: no validator of
 * OpenAPI documents is among the project's packages, so this checks what a reader or a tool relies on:
 * the required top-level fields, operations with responses that have descriptions, every `$ref`
 * resolving inside the document, every security requirement naming a declared scheme and every path
 * template variable declared as a path parameter. Answers the problems found (none: valid).
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The value a local JSON pointer (`#/components/schemas/X`) names, or undefined. */
export function resolvePointer(document: unknown, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let current: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[part];
    if (current === undefined) return undefined;
  }
  return current;
}

/** Every `$ref` string in the document, with where it was found (a JSON pointer). */
function refsIn(value: unknown, at: string, found: { at: string; ref: string }[] = []): { at: string; ref: string }[] {
  if (Array.isArray(value)) value.forEach((item, index) => refsIn(item, `${at}/${index}`, found));
  else if (isObject(value)) {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push({ at, ref: child });
      else refsIn(child, `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, found);
    }
  }
  return found;
}

/** The parameter objects of an operation and its path item, references followed. */
function parametersOf(document: unknown, ...lists: unknown[]): Record<string, unknown>[] {
  return lists
    .flatMap((list) => (Array.isArray(list) ? list : []))
    .map((parameter) => (isObject(parameter) && typeof parameter.$ref === 'string' ? resolvePointer(document, parameter.$ref) : parameter))
    .filter(isObject);
}

export function openApiStructureProblems(document: unknown): string[] {
  const problems: string[] = [];
  if (!isObject(document)) return ['the document is not a JSON object'];
  if (typeof document.openapi !== 'string' || !/^3\.1\.\d+$/.test(document.openapi)) problems.push(`openapi is ${String(document.openapi)}, not 3.1.x`);
  const { info } = document;
  if (!isObject(info) || typeof info.title !== 'string' || typeof info.version !== 'string') problems.push('info needs a title and a version');
  if (document.paths === undefined && document.components === undefined && document.webhooks === undefined) {
    problems.push('one of paths, components or webhooks is required');
  }
  const schemes = isObject(document.components) && isObject(document.components.securitySchemes) ? document.components.securitySchemes : {};
  const checkSecurity = (security: unknown, at: string) => {
    if (security === undefined) return;
    if (!Array.isArray(security)) return void problems.push(`${at}: security is not a list`);
    for (const requirement of security) {
      if (!isObject(requirement)) problems.push(`${at}: a security requirement is not an object`);
      else for (const name of Object.keys(requirement)) if (!Object.hasOwn(schemes, name)) problems.push(`${at}: security scheme ${name} is not declared`);
    }
  };
  checkSecurity(document.security, '#');

  if (document.paths !== undefined) {
    if (!isObject(document.paths)) problems.push('paths is not an object');
    else {
      for (const [path, item] of Object.entries(document.paths)) {
        if (!path.startsWith('/')) problems.push(`path ${path} does not start with /`);
        if (!isObject(item)) {
          problems.push(`${path}: not a path item`);
          continue;
        }
        const variables = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
        for (const method of METHODS) {
          const operation = item[method];
          if (operation === undefined) continue;
          const at = `${method.toUpperCase()} ${path}`;
          if (!isObject(operation)) {
            problems.push(`${at}: not an operation object`);
            continue;
          }
          checkSecurity(operation.security, at);
          const pathParameters = parametersOf(document, item.parameters, operation.parameters).filter((parameter) => parameter.in === 'path');
          for (const variable of variables) {
            const declared = pathParameters.find((parameter) => parameter.name === variable);
            if (declared === undefined || declared.required !== true) problems.push(`${at}: path variable {${variable}} is not a required path parameter`);
          }
          const { responses } = operation;
          if (!isObject(responses) || Object.keys(responses).length === 0) {
            problems.push(`${at}: no responses`);
            continue;
          }
          for (const [status, response] of Object.entries(responses)) {
            if (!/^([1-5]\d\d|[1-5]XX|default)$/.test(status)) problems.push(`${at}: response key ${status} is not a status`);
            const resolved = isObject(response) && typeof response.$ref === 'string' ? resolvePointer(document, response.$ref) : response;
            if (!isObject(resolved) || typeof resolved.description !== 'string') problems.push(`${at} ${status}: a response needs a description`);
          }
        }
      }
    }
  }

  for (const { at, ref } of refsIn(document, '#')) {
    if (resolvePointer(document, ref) === undefined) problems.push(`${at}: $ref ${ref} does not resolve`);
  }
  return problems;
}
