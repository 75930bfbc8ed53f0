/**
 * The to-do list page (/todolist, every user; spec 3 §2 To-do list): a field to write a task with its
 * Add button, and the tasks in the order they were added, each with its date and its edit and delete
 * buttons. Editing puts the task's text in the field, whose button then saves it (or Cancel leaves it
 * as it was). Tasks live in this browser only, per user (use-todos.ts): nothing is sent to a server.
 */
import {
  Button,
  Caption1,
  Field,
  Input,
  makeStyles,
  mergeClasses,
  MessageBar,
  MessageBarBody,
  Text,
  Title3,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useRef, useState, type SubmitEvent } from 'react';
import { LANGUAGE_TAGS, useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { useMe } from '../sign-in/me-context';
import { todolistTexts } from './texts';
import { TODO_TEXT_MAX, todoText, type TodoTask } from './todo-store';
import { useTodos } from './use-todos';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0, maxWidth: '800px' },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalM,
  },
  form: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalS },
  field: { flexGrow: 1, minWidth: '200px' },
  buttons: { display: 'flex', columnGap: tokens.spacingHorizontalS },
  list: { listStyleType: 'none', margin: 0, padding: 0 },
  item: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`,
    ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  editing: { backgroundColor: tokens.colorNeutralBackground1Selected },
  body: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, flexGrow: 1, minWidth: 0 },
  // A task keeps its own line breaks and long words wrap rather than widen a phone's screen.
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  date: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexShrink: 0, columnGap: tokens.spacingHorizontalXXS },
  empty: { padding: tokens.spacingVerticalL, textAlign: 'center', margin: 0 },
});

/** A task's text as a button names it: its start, so a long task does not make a long name. */
const NAME_LENGTH = 60;
const shortText = (text: string) => (text.length > NAME_LENGTH ? `${text.slice(0, NAME_LENGTH)}…` : text);

export function TodoListPage() {
  const styles = useStyles();
  const texts = useTexts(todolistTexts);
  const { language } = useLanguage();
  const { user } = useMe();
  const { tasks, add, edit, remove, unsaved } = useTodos(user.id);

  const [typed, setTyped] = useState('');
  const [editing, setEditing] = useState<TodoTask>();
  const input = useRef<HTMLInputElement>(null);

  const dates = new Intl.DateTimeFormat(LANGUAGE_TAGS[language], { dateStyle: 'short', timeStyle: 'short' });

  const reset = () => {
    setTyped('');
    setEditing(undefined);
  };

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    // Spec 3 §5: a task with empty text is ignored (the field keeps what was typed, spaces and all).
    if (todoText(typed) === '') return;
    if (editing === undefined) add(typed);
    else edit(editing.id, typed);
    reset();
    input.current?.focus();
  };

  const startEditing = (task: TodoTask) => {
    setEditing(task);
    setTyped(task.text);
    input.current?.focus();
  };

  const removeTask = (task: TodoTask) => {
    remove(task.id);
    if (editing?.id === task.id) reset();
    // The button that had the focus is gone with its task: the field takes it.
    input.current?.focus();
  };

  return (
    <div className={styles.page}>
      <Title3 as="h1">{texts.title}</Title3>
      <div className={styles.panel}>
        <form className={styles.form} noValidate onSubmit={submit}>
          <Field className={styles.field} label={editing === undefined ? texts.newTask : texts.editTask}>
            <Input ref={input} value={typed} maxLength={TODO_TEXT_MAX} onChange={(_, data) => setTyped(data.value)} />
          </Field>
          <div className={styles.buttons}>
            {editing !== undefined && (
              <Button appearance="secondary" onClick={reset}>
                {texts.cancel}
              </Button>
            )}
            <Button appearance="primary" type="submit" icon={editing === undefined ? <Add24Regular /> : undefined}>
              {editing === undefined ? texts.add : texts.save}
            </Button>
          </div>
        </form>
        <Caption1 className={styles.date}>{texts.localOnly}</Caption1>

        {unsaved && (
          <MessageBar intent="warning">
            <MessageBarBody>{texts.unsaved}</MessageBarBody>
          </MessageBar>
        )}

        {tasks.length === 0 ? (
          <p className={styles.empty}>{texts.empty}</p>
        ) : (
          <ul className={styles.list} aria-label={texts.listLabel}>
            {tasks.map((task) => {
              const named = { text: shortText(task.text) };
              return (
                <li key={task.id} className={mergeClasses(styles.item, editing?.id === task.id && styles.editing)}>
                  <div className={styles.body}>
                    <Text className={styles.text}>{task.text}</Text>
                    <Caption1 className={styles.date}>{format(texts.updatedAt, { date: dates.format(new Date(task.updatedAt)) })}</Caption1>
                  </div>
                  <div className={styles.actions}>
                    <Tooltip content={format(texts.edit, named)} relationship="label">
                      <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => startEditing(task)} />
                    </Tooltip>
                    <Tooltip content={format(texts.delete, named)} relationship="label">
                      <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => removeTask(task)} />
                    </Tooltip>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </div>
  );
}
