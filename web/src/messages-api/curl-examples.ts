/**
 * The curl commands the API page shows, for the endpoint of this stage (the runtime config's API URL):
 * a JSON text send and a multipart media send, with `$TOKEN` standing for the connection's token.
 * Values go in single quotes, so the shell takes them as written.
 */

/** A value in single quotes for a POSIX shell: a quote inside becomes '\''. */
export const shellQuoted = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

export interface CurlExample {
  readonly number: string;
  readonly body: string;
}

export function curlTextExample(endpoint: string, example: CurlExample): string {
  return [
    `curl -X POST ${shellQuoted(endpoint)} \\`,
    '  -H "Authorization: Bearer $TOKEN" \\',
    "  -H 'Content-Type: application/json' \\",
    `  -d ${shellQuoted(JSON.stringify({ number: example.number, body: example.body }))}`,
  ].join('\n');
}

export function curlMediaExample(endpoint: string, example: CurlExample & { readonly fileName: string; readonly field: string }): string {
  return [
    `curl -X POST ${shellQuoted(endpoint)} \\`,
    '  -H "Authorization: Bearer $TOKEN" \\',
    `  -F ${shellQuoted(`number=${example.number}`)} \\`,
    `  -F ${shellQuoted(`body=${example.body}`)} \\`,
    `  -F ${shellQuoted(`${example.field}=@${example.fileName}`)}`,
  ].join('\n');
}
