/**
 * The to-do list's tasks (spec 3 §2 To-do list, §3, §5): local to the browser, never sent to a server.
 * They are kept in localStorage under a key of their own per user, versioned (`todolist:v1:<userId>`),
 * so two people sharing a browser keep separate lists and a later change of shape can start afresh
 * instead of misreading old data. What is stored is read defensively: text that is not JSON, or
 * anything that is not a list of tasks, counts as no tasks; a malformed entry is left out, the others kept.
 *
 * The changes (add, edit, remove) are pure: they answer a new list, or the very same list when nothing
 * changes (a task whose text is empty or only spaces is ignored, spec 3 §5).
 */

export interface TodoTask {
  /** Ours, to edit and delete the right task when two have the same text; the spec lists text and dates. */
  readonly id: string;
  readonly text: string;
  /** ISO timestamps. */
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The version of what is stored; a new shape gets a new version, and so a new key. */
export const TODO_STORAGE_VERSION = 1;

/** Long enough for any to-do, short enough that a pasted document cannot fill the browser's storage. */
export const TODO_TEXT_MAX = 1000;

export function todoStorageKey(userId: string): string {
  return `todolist:v${TODO_STORAGE_VERSION}:${userId}`;
}

type StorageGetter = () => Pick<Storage, 'getItem' | 'setItem'> | undefined;

// Merely reading `localStorage` throws in some browsers when storage is disabled, hence a getter.
const browserStorage: StorageGetter = () => globalThis.localStorage;

function isTask(value: unknown): value is TodoTask {
  if (typeof value !== 'object' || value === null) return false;
  const task = value as Record<string, unknown>;
  return (
    typeof task.id === 'string' &&
    task.id !== '' &&
    typeof task.text === 'string' &&
    task.text.trim() !== '' &&
    typeof task.createdAt === 'string' &&
    typeof task.updatedAt === 'string'
  );
}

/** The tasks in stored text; none for text that is missing, not JSON or not a list. */
export function parseTodos(stored: string | null | undefined): TodoTask[] {
  if (stored === null || stored === undefined) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const seen = new Set<string>();
  return value.filter(isTask).flatMap((task) => {
    if (seen.has(task.id)) return [];
    seen.add(task.id);
    return [{ id: task.id, text: task.text, createdAt: task.createdAt, updatedAt: task.updatedAt }];
  });
}

/** The user's stored tasks; none when storage is unavailable (privacy modes, disabled cookies). */
export function readTodos(userId: string, getStorage: StorageGetter = browserStorage): TodoTask[] {
  try {
    return parseTodos(getStorage()?.getItem(todoStorageKey(userId)));
  } catch {
    return [];
  }
}

/** Stores the user's tasks; answers false when the browser refused (no storage, or it is full). */
export function writeTodos(userId: string, tasks: readonly TodoTask[], getStorage: StorageGetter = browserStorage): boolean {
  try {
    const storage = getStorage();
    if (storage === undefined) return false;
    storage.setItem(todoStorageKey(userId), JSON.stringify(tasks));
    return true;
  } catch {
    return false;
  }
}

/**
 * A new task's id. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost); the app opened
 * over plain HTTP on a local network (a phone trying a development build) falls back to time and chance,
 * unique enough among one person's tasks.
 */
export function newTodoId(): string {
  // Typed as optional: the DOM types declare it everywhere, the browser does not.
  const webCrypto = globalThis.crypto as Partial<Crypto> | undefined;
  if (webCrypto?.randomUUID !== undefined) return webCrypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** The text a task keeps: trimmed, and cut at TODO_TEXT_MAX. Empty means "ignore". */
export function todoText(typed: string): string {
  return typed.trim().slice(0, TODO_TEXT_MAX);
}

/** The list with a new task at its end; the same list when the text is empty or only spaces. */
export function addTodo(tasks: readonly TodoTask[], typed: string, now: Date, id: string): readonly TodoTask[] {
  const text = todoText(typed);
  if (text === '') return tasks;
  const at = now.toISOString();
  return [...tasks, { id, text, createdAt: at, updatedAt: at }];
}

/**
 * The list with the task's new text; the same list when the text is empty or only spaces (the task
 * keeps its text: deleting is its own action), unchanged, or the task is gone.
 */
export function editTodo(tasks: readonly TodoTask[], id: string, typed: string, now: Date): readonly TodoTask[] {
  const text = todoText(typed);
  const index = tasks.findIndex((task) => task.id === id);
  const task = tasks[index];
  if (text === '' || task === undefined || task.text === text) return tasks;
  return tasks.with(index, { ...task, text, updatedAt: now.toISOString() });
}

/** The list without the task; the same list when it was not there. */
export function removeTodo(tasks: readonly TodoTask[], id: string): readonly TodoTask[] {
  return tasks.some((task) => task.id === id) ? tasks.filter((task) => task.id !== id) : tasks;
}
