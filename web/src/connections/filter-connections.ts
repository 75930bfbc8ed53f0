/**
 * The name filter of the connections page: the company's few connections are one request, so the
 * filter runs in the browser, ignoring case and accents, as the server's name searches do.
 */
const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLocaleLowerCase('pt');

export function filterConnections<T extends { readonly name: string }>(connections: readonly T[], typed: string): readonly T[] {
  const wanted = folded(typed.trim());
  return wanted === '' ? connections : connections.filter((connection) => folded(connection.name).includes(wanted));
}
