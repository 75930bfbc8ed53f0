/** The to-do list's store: local tasks per user under a versioned key; blank text and unreadable storage are ignored. */
import {
  addTodo,
  editTodo,
  parseTodos,
  readTodos,
  removeTodo,
  todoStorageKey,
  TODO_TEXT_MAX,
  writeTodos,
  type TodoTask,
} from '../../../../web/src/todolist/todo-store';

const at = new Date('2030-01-02T03:04:05.000Z');
const later = new Date('2030-01-03T00:00:00.000Z');

/** A Storage of a Map, as the browser's localStorage behaves for these calls. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

const task = (id: string, text: string): TodoTask => ({ id, text, createdAt: at.toISOString(), updatedAt: at.toISOString() });

describe('addTodo', () => {
  it('adds a task with its text trimmed and both dates at the moment of adding, at the end of the list', () => {
    const tasks = addTodo([task('1', 'Ligar para Ana')], '  Enviar orçamento  ', at, '2');

    expect(tasks).toEqual([task('1', 'Ligar para Ana'), { id: '2', text: 'Enviar orçamento', createdAt: at.toISOString(), updatedAt: at.toISOString() }]);
  });

  it.each(['', '   ', '\n\t '])('ignores the text %j, answering the very same list', (typed) => {
    const tasks = [task('1', 'Ligar para Ana')];

    expect(addTodo(tasks, typed, at, '2')).toBe(tasks);
  });

  it('cuts a very long text at the limit', () => {
    expect(addTodo([], 'x'.repeat(TODO_TEXT_MAX + 10), at, '1')[0]?.text).toHaveLength(TODO_TEXT_MAX);
  });
});

describe('editTodo', () => {
  const tasks = [task('1', 'Ligar para Ana'), task('2', 'Enviar orçamento')];

  it("changes the task's text and its updatedAt, keeping its createdAt and the other tasks", () => {
    expect(editTodo(tasks, '2', 'Enviar orçamento revisado', later)).toEqual([
      task('1', 'Ligar para Ana'),
      { id: '2', text: 'Enviar orçamento revisado', createdAt: at.toISOString(), updatedAt: later.toISOString() },
    ]);
  });

  it('ignores an empty or blank text, so the task keeps its own', () => {
    expect(editTodo(tasks, '2', '  ', later)).toBe(tasks);
  });

  it('changes nothing for the same text or a task that is gone', () => {
    expect(editTodo(tasks, '1', ' Ligar para Ana ', later)).toBe(tasks);
    expect(editTodo(tasks, '9', 'Outro', later)).toBe(tasks);
  });
});

describe('removeTodo', () => {
  it('takes the task out and keeps the others in order', () => {
    expect(removeTodo([task('1', 'a'), task('2', 'b'), task('3', 'c')], '2')).toEqual([task('1', 'a'), task('3', 'c')]);
  });

  it('answers the very same list for a task that is not there', () => {
    const tasks = [task('1', 'a')];
    expect(removeTodo(tasks, '9')).toBe(tasks);
  });
});

describe('the stored tasks', () => {
  it('are kept per user under a versioned key, so two users of one browser do not share them', () => {
    const storage = memoryStorage();

    writeTodos('U1', [task('1', 'da Ana')], () => storage);
    writeTodos('U2', [task('1', 'do Bruno')], () => storage);

    expect(todoStorageKey('U1')).toBe('todolist:v1:U1');
    expect(readTodos('U1', () => storage)).toEqual([task('1', 'da Ana')]);
    expect(readTodos('U2', () => storage)).toEqual([task('1', 'do Bruno')]);
  });

  it('read back what was written, as after a reload', () => {
    const storage = memoryStorage();
    const tasks = addTodo(addTodo([], 'Primeira', at, '1'), 'Segunda', later, '2');

    expect(writeTodos('U1', tasks, () => storage)).toBe(true);
    expect(readTodos('U1', () => storage)).toEqual(tasks);
  });

  it.each([
    ['text that is not JSON', '{not json'],
    ['a value that is not a list', '{"tasks":[]}'],
    ['null', 'null'],
  ])('count as none when the stored value is %s', (_, stored) => {
    expect(readTodos('U1', () => memoryStorage({ [todoStorageKey('U1')]: stored }))).toEqual([]);
  });

  it('leave out malformed entries and keep the good ones', () => {
    const stored = JSON.stringify([
      task('1', 'Boa'),
      { id: '2', text: 42, createdAt: 'x', updatedAt: 'x' },
      { id: '3', text: '   ', createdAt: 'x', updatedAt: 'x' },
      null,
      'texto solto',
      { ...task('4', 'Com sobra'), extra: true },
      task('1', 'Repetida'),
    ]);

    expect(parseTodos(stored)).toEqual([task('1', 'Boa'), task('4', 'Com sobra')]);
  });

  it('are none, without an error, when the browser gives no storage or refuses it', () => {
    const refusing = { getItem: () => { throw new Error('SecurityError'); }, setItem: () => { throw new Error('QuotaExceededError'); } };

    expect(readTodos('U1', () => undefined)).toEqual([]);
    expect(readTodos('U1', () => refusing)).toEqual([]);
    expect(writeTodos('U1', [task('1', 'a')], () => undefined)).toBe(false);
    expect(writeTodos('U1', [task('1', 'a')], () => refusing)).toBe(false);
  });
});
