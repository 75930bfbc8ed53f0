/**
 * The signed-in user's to-do tasks as React state, kept in localStorage (todo-store.ts) with every
 * change, and read again when another tab of the same browser changes them (the `storage` event), so
 * a tab does not show an old list. Should the browser refuse to store (privacy modes, a full storage),
 * the list still works for the visit and says it is not saved.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { addTodo, editTodo, newTodoId, readTodos, removeTodo, todoStorageKey, writeTodos, type TodoTask } from './todo-store';

export interface Todos {
  readonly tasks: readonly TodoTask[];
  /** Adds a task (empty or blank text is ignored). */
  readonly add: (text: string) => void;
  /** Changes a task's text (empty or blank text is ignored). */
  readonly edit: (id: string, text: string) => void;
  readonly remove: (id: string) => void;
  /** The browser refused the last save: the list lasts for this visit only. */
  readonly unsaved: boolean;
}

export function useTodos(userId: string): Todos {
  const [tasks, setTasks] = useState<readonly TodoTask[]>(() => readTodos(userId));
  const [unsaved, setUnsaved] = useState(false);
  // The list the next change starts from, current even before React renders the last one.
  const latest = useRef(tasks);

  useEffect(() => {
    const reload = () => {
      latest.current = readTodos(userId);
      setTasks(latest.current);
    };
    reload();
    const key = todoStorageKey(userId);
    const onStorage = (event: StorageEvent) => {
      // `null`: another tab cleared the whole storage.
      if (event.key === key || event.key === null) reload();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [userId]);

  // Written with the change itself rather than in an effect, so a reload right after never loses it.
  const commit = useCallback(
    (change: (current: readonly TodoTask[]) => readonly TodoTask[]) => {
      const next = change(latest.current);
      if (next === latest.current) return;
      latest.current = next;
      setTasks(next);
      setUnsaved(!writeTodos(userId, next));
    },
    [userId],
  );

  return {
    tasks,
    add: (text) => commit((current) => addTodo(current, text, new Date(), newTodoId())),
    edit: (id, text) => commit((current) => editTodo(current, id, text, new Date())),
    remove: (id) => commit((current) => removeTodo(current, id)),
    unsaved,
  };
}
