/**
 * The queue-options editor without React (spec 3 §2 Queues, §3: a menu tree of title, message and
 * children). The dialog edits a draft of the tree; the draft is written with the queue, as the work
 * hours are, so Cancel leaves the menu as it was. Saving turns the draft into the calls of the option
 * routes (`syncPlan`): the deletions first (an option deleted goes with its subtree, so only the top of
 * a deleted branch is sent), then level by level the changed and the new options, a parent before its
 * children so a new child knows its parent's id. Positions are the place among the siblings from 1,
 * the number the customer answers with.
 */
import type { QueueOptionDto } from '../../../shared/queues';

export interface OptionDraft {
  /** The stored option's id, or a draft id (`new-…`) until it is created. */
  readonly key: string;
  /** The stored option's id; undefined for a new one. */
  readonly id?: string;
  readonly title: string;
  readonly message: string;
  readonly children: readonly OptionDraft[];
}

/** Where a node is: the indexes from the top level down to it. */
export type TreePath = readonly number[];

let draftCount = 0;
/** A key for a new option, unique within the page's life. */
export const newDraftKey = (): string => `new-${(draftCount += 1)}`;

export function draftsOf(options: readonly QueueOptionDto[]): OptionDraft[] {
  return options.map((option) => ({
    key: option.id,
    id: option.id,
    title: option.title,
    message: option.message,
    children: draftsOf(option.children),
  }));
}

export const emptyOption = (key = newDraftKey()): OptionDraft => ({ key, title: '', message: '', children: [] });

/** The children of the node at `path` (the top level for []) replaced by `change`'s answer. */
function withChildren(tree: readonly OptionDraft[], path: TreePath, change: (children: readonly OptionDraft[]) => readonly OptionDraft[]): OptionDraft[] {
  if (path.length === 0) return [...change(tree)];
  const [index, ...rest] = path;
  return tree.map((node, at) => (at === index ? { ...node, children: withChildren(node.children, rest, change) } : node));
}

/** A new empty option at the end of the top level. */
export function addTopOption(tree: readonly OptionDraft[], option: OptionDraft = emptyOption()): OptionDraft[] {
  return [...tree, option];
}

/** A new empty option as the last child of the node at `path`. */
export function addChildOption(tree: readonly OptionDraft[], path: TreePath, option: OptionDraft = emptyOption()): OptionDraft[] {
  return withChildren(tree, path, (children) => [...children, option]);
}

/** The node at `path` with its title or message changed. */
export function editOption(tree: readonly OptionDraft[], path: TreePath, change: Partial<Pick<OptionDraft, 'title' | 'message'>>): OptionDraft[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return withChildren(tree, parent, (siblings) => siblings.map((node, at) => (at === index ? { ...node, ...change } : node)));
}

/** The node at `path` moved by `by` places among its siblings (-1 up, 1 down); unchanged at an end. */
export function moveOption(tree: readonly OptionDraft[], path: TreePath, by: -1 | 1): OptionDraft[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1] ?? -1;
  return withChildren(tree, parent, (siblings) => {
    const target = index + by;
    if (index < 0 || target < 0 || target >= siblings.length) return siblings;
    const moved = [...siblings];
    const [node] = moved.splice(index, 1);
    if (node !== undefined) moved.splice(target, 0, node);
    return moved;
  });
}

/** The tree without the node at `path` and everything under it. */
export function removeOption(tree: readonly OptionDraft[], path: TreePath): OptionDraft[] {
  const parent = path.slice(0, -1);
  const index = path[path.length - 1];
  return withChildren(tree, parent, (siblings) => siblings.filter((_, at) => at !== index));
}

/** Every node with its path, parent first (the order of the form's messages and of the saving). */
export function flattenOptions(tree: readonly OptionDraft[], path: TreePath = []): { node: OptionDraft; path: TreePath }[] {
  return tree.flatMap((node, index) => {
    const at = [...path, index];
    return [{ node, path: at }, ...flattenOptions(node.children, at)];
  });
}

/** One call of the option routes. `parentKey`: the draft key of the parent, whose id may be known only once it is created. */
export type OptionCall =
  | { readonly kind: 'delete'; readonly id: string }
  | { readonly kind: 'update'; readonly id: string; readonly changes: { title?: string; message?: string; option?: number } }
  | { readonly kind: 'create'; readonly key: string; readonly parentKey: string | null; readonly title: string; readonly message: string; readonly option: number };

/** The calls that turn the stored menu into the draft, in an order the server accepts. */
export function syncPlan(stored: readonly QueueOptionDto[], draft: readonly OptionDraft[]): OptionCall[] {
  const kept = new Set(flattenOptions(draft).flatMap(({ node }) => (node.id === undefined ? [] : [node.id])));
  const deletions: OptionCall[] = [];
  const findDeleted = (options: readonly QueueOptionDto[]) => {
    for (const option of options) {
      // Deleting an option deletes its subtree: what is under it needs no call of its own.
      if (!kept.has(option.id)) deletions.push({ kind: 'delete', id: option.id });
      else findDeleted(option.children);
    }
  };
  findDeleted(stored);

  const storedById = new Map(flattenStored(stored).map((option) => [option.id, option]));
  const writes: OptionCall[] = [];
  const walk = (nodes: readonly OptionDraft[], parentKey: string | null) => {
    nodes.forEach((node, index) => {
      const option = index + 1;
      const title = node.title.trim();
      const message = node.message;
      if (node.id === undefined) {
        writes.push({ kind: 'create', key: node.key, parentKey, title, message, option });
      } else {
        const before = storedById.get(node.id);
        const changes: { title?: string; message?: string; option?: number } = {};
        if (before?.title !== title) changes.title = title;
        if (before?.message !== message) changes.message = message;
        if (before?.option !== option) changes.option = option;
        if (Object.keys(changes).length > 0) writes.push({ kind: 'update', id: node.id, changes });
      }
      walk(node.children, node.key);
    });
  };
  walk(draft, null);
  return [...deletions, ...writes];
}

function flattenStored(options: readonly QueueOptionDto[]): QueueOptionDto[] {
  return options.flatMap((option) => [option, ...flattenStored(option.children)]);
}
