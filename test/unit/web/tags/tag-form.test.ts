/** The tag dialog's rules: who sees the kanban toggle, the body it sends, its messages and the picker's colour. */
import {
  emptyTagForm,
  pickerColor,
  showsKanbanToggle,
  tagBody,
  tagFieldMessage,
  tagFormErrors,
  tagFormOf,
  tagSchema,
} from '../../../../web/src/tags/tag-form';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { tagsTexts } from '../../../../web/src/tags/texts';
import { textsIn } from '../../../../web/src/i18n/texts';

const messagesFor = (name: string, color = '#0F6CBD', editing = false) =>
  tagFormErrors(schemaFieldMessages(tagSchema(editing), tagBody({ name, color, kanban: false }, true)));

describe('the kanban toggle of the tag dialog', () => {
  it.each(['admin', 'supervisor', 'Admin', 'SUPERVISOR'])('is shown to the profile %s', (profile) => {
    expect(showsKanbanToggle(profile)).toBe(true);
  });

  it.each(['user', '', 'superuser'])('is hidden from the profile "%s"', (profile) => {
    expect(showsKanbanToggle(profile)).toBe(false);
  });
});

describe('the body the tag dialog sends', () => {
  it('carries the flag as 0 or 1 for someone who sees the toggle', () => {
    expect(tagBody({ name: 'Urgente', color: '#FF0000', kanban: true }, true)).toEqual({ name: 'Urgente', color: '#FF0000', kanban: 1 });
    expect(tagBody({ name: 'Urgente', color: '#FF0000', kanban: false }, true)).toEqual({ name: 'Urgente', color: '#FF0000', kanban: 0 });
  });

  it('leaves the flag out for a plain user, so an edited lane stays a lane', () => {
    const body = tagBody(tagFormOf({ name: 'Lane', color: '#00FF00', kanban: 1 }), false);

    expect(body).toEqual({ name: 'Lane', color: '#00FF00' });
    expect('kanban' in body).toBe(false);
  });

  it('trims the typed colour', () => {
    expect(tagBody({ name: 'Urgente', color: ' #ff0000 ', kanban: false }, false).color).toBe('#ff0000');
  });

  it('starts a new tag with a colour, the toggle off and no name', () => {
    expect(emptyTagForm()).toEqual({ name: '', color: '#0F6CBD', kanban: false });
  });
});

describe('the messages of the tag dialog (spec 3 §5)', () => {
  it("says 'Obrigatório' for an empty or blank name", () => {
    expect(messagesFor('')).toEqual({ name: { key: 'required' } });
    expect(messagesFor('   ')).toEqual({ name: { key: 'required' } });
  });

  it("says 'Mensagem muito curta' for a name of two characters, when creating and when editing", () => {
    expect(messagesFor('ab')).toEqual({ name: { key: 'tooShort' } });
    expect(messagesFor('ab', '#0F6CBD', true)).toEqual({ name: { key: 'tooShort' } });
  });

  it('takes a name of three characters and a hex colour', () => {
    expect(messagesFor('abc')).toEqual({});
  });

  it('refuses a colour that is not hex', () => {
    expect(messagesFor('abc', 'red')).toEqual({ color: { key: 'invalidColor' } });
    expect(messagesFor('abc', '')).toEqual({ color: { key: 'required' } });
  });

  it('shows the Portuguese wording of the spec, and its translations', () => {
    expect(textsIn(tagsTexts, 'pt').fieldMessages).toMatchObject({ required: 'Obrigatório', tooShort: 'Mensagem muito curta' });
    expect(textsIn(tagsTexts, 'en').fieldMessages.tooShort).toBe('Message too short');
    expect(textsIn(tagsTexts, 'es').fieldMessages.required).toBe('Obligatorio');
  });

  it("keeps a server's message it does not know as its text", () => {
    expect(tagFieldMessage('Algo novo')).toEqual({ text: 'Algo novo' });
  });
});

describe('the colour the picker shows for what is typed', () => {
  it.each([
    ['#0F6CBD', '#0f6cbd'],
    ['#abc', '#aabbcc'],
    ['#abcd', '#aabbcc'],
    ['#11223344', '#112233'],
    [' #ABCDEF ', '#abcdef'],
    ['#12', '#000000'],
    ['blue', '#000000'],
  ])('shows %s as %s', (typed, shown) => {
    expect(pickerColor(typed)).toBe(shown);
  });
});
