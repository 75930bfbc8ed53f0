/**
 * The new-chat dialog, and the same dialog filled in to edit a chat (its owner only) (spec 3 §2 Internal
 * chat, §5, §7): the title and the members, chosen among the company's users other than the viewer
 * (GET /users/list, the pickers' cached options). Saving posts or puts the chat and puts the answer in
 * the cached lists at once. A refusal keeps the dialog open without a toast (spec 3 §8: chat calls fail
 * silently); the fields' messages are the schema's, as the server would answer them.
 */
import { Field, Input, makeStyles, Option } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { applyChatEvent } from '../api/chat-cache';
import { saveChat, type Chat } from '../api/chats';
import { useUserOptions } from '../api/users';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useTexts, type Texts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { chatBody, chatFormErrors, chatFormOf, chatSchema, emptyChatForm, memberChoices, type ChatFieldMessage } from './chat-form';
import { CHAT_TITLE_MAX } from './chat-rules';
import { chatsTexts } from './texts';

const useStyles = makeStyles({
  dropdown: { minWidth: 0, width: '100%' },
});

export interface ChatDialogProps {
  readonly open: boolean;
  /** The chat to edit; none to create one. */
  readonly chat?: Chat | undefined;
  readonly viewerId: string;
  readonly onClose: () => void;
  /** After a save, with the chat as the server answered it. */
  readonly onSaved: (chat: Chat, created: boolean) => void;
}

export function ChatDialog({ open, chat, viewerId, onClose, onSaved }: ChatDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <ChatForm key={chat?.id ?? 'new'} chat={chat} viewerId={viewerId} onClose={onClose} onSaved={onSaved} />
    </FormDialog>
  );
}

type DialogTexts = Texts<(typeof chatsTexts)['pt']>['dialog'];

function messageText(texts: DialogTexts, message: ChatFieldMessage | undefined): string | undefined {
  if (message === undefined) return undefined;
  return 'text' in message ? message.text : texts[message.key];
}

function ChatForm({ chat: given, viewerId, onClose, onSaved }: Omit<ChatDialogProps, 'open'>) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts).dialog;
  const { api } = useServices();
  const queryClient = useQueryClient();
  // The chat as the dialog was opened on, even if the listed one changes meanwhile.
  const [editing] = useState(given);
  const options = useUserOptions();

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: editing === undefined ? emptyChatForm() : chatFormOf(editing),
    schema: chatSchema,
    body: chatBody,
    save: (body) => saveChat(api, body, editing?.id),
    onSaved: (saved) => {
      applyChatEvent(queryClient, { action: editing === undefined ? 'create' : 'update', record: saved }, { viewerId });
      onSaved(saved, editing === undefined);
      onClose();
    },
    // Spec 3 §8: silent; the dialog stays open to try again or cancel.
    onError: () => undefined,
  });
  const errors = chatFormErrors(messages);

  // The company's users, and members of the chat that the options do not hold (a user since removed).
  const known = options.data ?? [];
  const extra = (editing?.users ?? [])
    .filter((member) => !known.some((user) => user.id === member.userId))
    .map((member) => ({ id: member.userId, name: member.user.name }));
  const choices = memberChoices([...known, ...extra], viewerId);
  const chosenNames = values.users.map((id) => choices.find((user) => user.id === id)?.name ?? '').filter((name) => name !== '');

  return (
    <FormFrame
      title={editing === undefined ? texts.addTitle : texts.editTitle}
      labels={{ save: texts.save, saving: texts.saving, cancel: texts.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.title} required {...fieldValidation(messageText(texts, errors.title))}>
        <Input
          value={values.title}
          maxLength={CHAT_TITLE_MAX}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ title: data.value })}
          onBlur={() => leave('title')}
        />
      </Field>
      <Field label={texts.users} required {...fieldValidation(messageText(texts, errors.users))}>
        <LocalizedDropdown
          className={styles.dropdown}
          multiselect
          placeholder={texts.usersPlaceholder}
          value={chosenNames.join(', ')}
          selectedOptions={[...values.users]}
          disabled={busy}
          onOptionSelect={(_, data) => change({ users: data.selectedOptions })}
          onBlur={() => leave('users')}
        >
          {choices.map((user) => (
            <Option key={user.id} value={user.id}>
              {user.name}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
    </FormFrame>
  );
}
