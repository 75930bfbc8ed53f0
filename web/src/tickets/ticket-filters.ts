/** The list filters' values as plain data (spec 1 §2.3): the queue pick and the dropdowns' summaries. */

/**
 * The queue pick as a list asks for it: null while every offered queue is picked (the server's own
 * rule then applies: every queue the user may see), else the ids picked.
 */
export function queueSelectionOf(picked: readonly string[], offered: readonly string[]): string[] | null {
  return offered.every((id) => picked.includes(id)) ? null : offered.filter((id) => picked.includes(id));
}

/** The queues a dropdown shows as picked. */
export function pickedQueues(selection: readonly string[] | null, offered: readonly string[]): string[] {
  return selection === null ? [...offered] : offered.filter((id) => selection.includes(id));
}

/** What a closed dropdown says: nothing, the one name, `all` when everything is picked, or a count. */
export function pickSummary(
  picked: readonly string[],
  options: readonly { readonly id: string; readonly name: string }[],
  words: { readonly all?: string; readonly many: (count: number) => string },
): string {
  const names = options.filter((option) => picked.includes(option.id)).map((option) => option.name);
  if (names.length === 0) return '';
  if (names.length === 1) return names[0] as string;
  if (words.all !== undefined && names.length === options.length) return words.all;
  return words.many(names.length);
}
