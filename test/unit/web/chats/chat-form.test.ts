/**
 * The chat dialog's rules (spec 3 §5): the title and at least one user are required, with the spec's
 * words in Portuguese and their translations; editing starts from the chat's title and its members but
 * the owner; the users offered are the company's but the viewer.
 */
import type { Chat } from '../../../../shared/chats';
import { chatBody, chatFormErrors, chatFormOf, chatSchema, emptyChatForm, memberChoices, type ChatFieldMessage, type ChatFormValues } from '../../../../web/src/chats/chat-form';
import { chatsTexts } from '../../../../web/src/chats/texts';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { textsIn } from '../../../../web/src/i18n/texts';
import type { Language } from '../../../../web/src/i18n/language';

/** What the dialog shows for the values, in a language. */
function shown(values: ChatFormValues, language: Language = 'pt'): Partial<Record<'title' | 'users', string>> {
  const texts = textsIn(chatsTexts, language).dialog;
  const text = (message: ChatFieldMessage | undefined) => (message === undefined ? undefined : 'text' in message ? message.text : texts[message.key]);
  const errors = chatFormErrors(schemaFieldMessages(chatSchema, chatBody(values)));
  return Object.fromEntries(Object.entries({ title: text(errors.title), users: text(errors.users) }).filter(([, value]) => value !== undefined));
}

describe('the chat dialog', () => {
  it("asks for the title with the spec's words: 'Por favor, preencha o título da conversa.'", () => {
    expect(shown({ title: '   ', users: ['U2'] })).toEqual({ title: 'Por favor, preencha o título da conversa.' });
  });

  it("asks for at least one user with the spec's words: 'Por favor, selecione pelo menos um usuário.'", () => {
    expect(shown({ title: 'Vendas', users: [] })).toEqual({ users: 'Por favor, selecione pelo menos um usuário.' });
  });

  it('says both, translated, in English and Spanish', () => {
    expect(shown(emptyChatForm(), 'en')).toEqual({ title: "Please fill in the chat's title.", users: 'Please select at least one user.' });
    expect(shown(emptyChatForm(), 'es')).toEqual({
      title: 'Por favor, complete el título de la conversación.',
      users: 'Por favor, seleccione al menos un usuario.',
    });
  });

  it('takes a title and a user, and sends them as POST /chats and PUT /chats/{id} take them', () => {
    const values = { title: 'Vendas', users: ['U2', 'U3'] };
    expect(shown(values)).toEqual({});
    expect(chatBody(values)).toEqual({ title: 'Vendas', users: ['U2', 'U3'] });
  });

  it('starts editing from the chat: its title and its members but the owner', () => {
    const chat: Pick<Chat, 'title' | 'users' | 'ownerId'> = {
      title: 'Suporte',
      ownerId: 'U1',
      users: [
        { userId: 'U1', unreads: 0, user: { id: 'U1', name: 'Ana' } },
        { userId: 'U2', unreads: null, user: { id: 'U2', name: 'Bruno' } },
      ],
    };
    expect(chatFormOf(chat)).toEqual({ title: 'Suporte', users: ['U2'] });
  });

  it("offers the company's users but the viewer, by name", () => {
    const users = [
      { id: 'U3', name: 'Carla' },
      { id: 'U1', name: 'Ana' },
      { id: 'U2', name: 'Bruno' },
    ];
    expect(memberChoices(users, 'U1').map((user) => user.name)).toEqual(['Bruno', 'Carla']);
  });
});
