/**
 * The chat dialog without React (spec 3 §5, §7): its values (a title and the other members), the body
 * it sends (POST /chats or PUT /chats/{id} `{ title, users }`), and the schema that checks it, the
 * server's own (shared/chats.ts ChatBody), so the dialog refuses exactly what the API would: a title
 * ('Por favor, preencha o título da conversa.') and at least one user ('Por favor, selecione pelo
 * menos um usuário.'), shown in the interface language. Loaded with the dialog: it brings zod.
 */
import { CHAT_TITLE_REQUIRED, CHAT_USERS_REQUIRED, ChatBody, type Chat } from '../../../shared/chats';
import type { ChatSaveBody } from '../api/chats';

export interface ChatFormValues {
  readonly title: string;
  /** The members besides the viewer (the owner, a member without being listed). */
  readonly users: readonly string[];
}

export type ChatFormField = 'title' | 'users';

export const emptyChatForm = (): ChatFormValues => ({ title: '', users: [] });

/** A chat's values to edit: its title and its members but the owner. */
export function chatFormOf(chat: Pick<Chat, 'title' | 'users' | 'ownerId'>): ChatFormValues {
  return { title: chat.title, users: chat.users.filter((member) => member.userId !== chat.ownerId).map((member) => member.userId) };
}

export function chatBody(values: ChatFormValues): ChatSaveBody {
  return { title: values.title, users: [...values.users] };
}

export const chatSchema = ChatBody;

/** The schema's messages, by the key of their translation. */
const MESSAGE_KEYS: Readonly<Record<string, ChatMessageKey>> = {
  [CHAT_TITLE_REQUIRED]: 'titleRequired',
  [CHAT_USERS_REQUIRED]: 'usersRequired',
  'Muito longo!': 'tooLong',
};

export type ChatMessageKey = 'titleRequired' | 'usersRequired' | 'tooLong';

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type ChatFieldMessage = { readonly key: ChatMessageKey } | { readonly text: string };

export function chatFieldMessage(message: string): ChatFieldMessage {
  const key = MESSAGE_KEYS[message];
  return key === undefined ? { text: message } : { key };
}

/** The form's messages by field (a path `users.0` is about the users). */
export function chatFormErrors(messages: Readonly<Record<string, string>>): Partial<Record<ChatFormField, ChatFieldMessage>> {
  const errors: Partial<Record<ChatFormField, ChatFieldMessage>> = {};
  for (const [path, message] of Object.entries(messages)) {
    const field = path.split('.')[0];
    if ((field === 'title' || field === 'users') && errors[field] === undefined) errors[field] = chatFieldMessage(message);
  }
  return errors;
}

/** The users a chat may be with: the company's users but the viewer, by name. */
export function memberChoices<U extends { readonly id: string; readonly name: string }>(users: readonly U[], viewerId: string): U[] {
  return users.filter((user) => user.id !== viewerId).toSorted((a, b) => a.name.localeCompare(b.name));
}
