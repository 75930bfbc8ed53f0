/**
 * The file-list dialog without React: its values from a stored list, the body it checks with the
 * server's rules and a file per option, what it sends, the chosen files paired with their saved options,
 * and the uploads they go in.
 */
import type { FileList } from '../../../../shared/file-lists';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { textsIn } from '../../../../web/src/i18n/texts';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import {
  chosenFiles,
  emptyFileListForm,
  fileListFieldMessage,
  fileListFormBody,
  fileListFormOf,
  fileListFormSchema,
  fileTooBig,
  saveBodyOf,
  uploadBatches,
  withNewOption,
  type FileListFormValues,
} from '../../../../web/src/file-lists/file-list-form';
import { fileListsTexts } from '../../../../web/src/file-lists/texts';

const MB = 1024 * 1024;
const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

const stored: FileList = {
  id: '01J000000000000000000000AA',
  name: 'Catálogo',
  message: 'Veja',
  options: [
    { id: '01J000000000000000000000B1', name: 'Fotos', path: 'fotos.png', mediaType: 'image', mediaUrl: 'https://media.example.test/fotos' },
    { id: '01J000000000000000000000B2', name: 'Sem arquivo', path: null, mediaType: null, mediaUrl: null },
  ],
  userId: 'U1',
  companyId: 'C1',
  createdAt: '2030-01-01T00:00:00.000Z',
  updatedAt: '2030-01-01T00:00:00.000Z',
};

const messagesOf = (values: FileListFormValues) => schemaFieldMessages(fileListFormSchema, fileListFormBody(values));

describe('the form of a list', () => {
  it('starts empty, or from a stored list with each option’s stored file and no chosen one', () => {
    expect(emptyFileListForm()).toEqual({ name: '', message: '', options: [] });
    const values = fileListFormOf(stored);

    expect(values.options.map(({ id, name, file: chosen, stored: kept }) => ({ id, name, chosen, kept }))).toEqual([
      { id: stored.options[0]?.id, name: 'Fotos', chosen: null, kept: { path: 'fotos.png', mediaUrl: 'https://media.example.test/fotos' } },
      { id: stored.options[1]?.id, name: 'Sem arquivo', chosen: null, kept: null },
    ]);
    expect(new Set(values.options.map((option) => option.key)).size).toBe(2);
  });

  it("shows the spec's 'nome muito curto' for 'ab' and asks for the message", () => {
    expect(messagesOf({ name: 'ab', message: '', options: [] })).toEqual({ name: 'nome muito curto', message: 'Obrigatório' });
    expect(messagesOf({ name: 'abc', message: 'Oi', options: [] })).toEqual({});
  });

  it('asks each option for a name and a file, stored or chosen', () => {
    const [first, second] = withNewOption(withNewOption([]));
    const options = [{ ...first!, name: 'Com arquivo', file: file('a.png') }, { ...second!, name: '' }];

    expect(messagesOf({ name: 'Lista', message: 'Oi', options })).toEqual({ 'options.1.name': 'Obrigatório', 'options.1.hasFile': 'Escolha um arquivo' });
    expect(messagesOf(fileListFormOf(stored))).toEqual({ 'options.1.hasFile': 'Escolha um arquivo' });
  });

  it('sends the list with kept options by id and new ones without, in the order shown', () => {
    const values = fileListFormOf(stored);
    const [added] = withNewOption([]);

    const body = saveBodyOf(fileListFormBody({ ...values, options: [values.options[1]!, { ...added!, name: 'Novo' }] }));

    expect(body).toEqual({ name: 'Catálogo', message: 'Veja', options: [{ id: stored.options[1]?.id, name: 'Sem arquivo' }, { name: 'Novo' }] });
  });

  it('translates the messages it knows in every language and shows others as they came', () => {
    for (const language of LANGUAGES) {
      const texts = textsIn(fileListsTexts, language).fieldMessages;
      for (const message of ['Obrigatório', 'nome muito curto', 'Muito longo!', 'Escolha um arquivo']) {
        const known = fileListFieldMessage(message);
        expect('key' in known && texts[known.key]).toEqual(expect.any(String));
      }
    }
    expect(textsIn(fileListsTexts, 'pt').fieldMessages.nameTooShort).toBe('nome muito curto');
    expect(fileListFieldMessage('Opção não encontrada nesta lista')).toEqual({ text: 'Opção não encontrada nesta lista' });
  });

  it('refuses a file over 4 MB when chosen', () => {
    expect(fileTooBig({ size: 4 * MB })).toBe(false);
    expect(fileTooBig({ size: 4 * MB + 1 })).toBe(true);
  });
});

describe('after the save', () => {
  it('pairs each chosen file with the id its option got, by place', () => {
    const [a, b, c] = withNewOption(withNewOption(withNewOption([])));
    const [photo, sheet] = [file('foto.png'), file('tabela.pdf')];
    const body = fileListFormBody({ name: 'Lista', message: 'Oi', options: [{ ...a!, name: 'A', file: photo }, { ...b!, name: 'B' }, { ...c!, name: 'C', file: sheet }] });
    const saved = { options: [{ id: 'O1' }, { id: 'O2' }, { id: 'O3' }] };

    expect(chosenFiles(body, saved)).toEqual([
      { optionId: 'O1', file: photo },
      { optionId: 'O3', file: sheet },
    ]);
  });

  it('sends the files in as few uploads as 4 MB and 10 files each allow, in order', () => {
    const sized = (megabytes: number, index: number) => ({ optionId: `O${index}`, file: file(`f${index}`, megabytes * MB) });
    const files = [3, 1, 1, 2, 2].map(sized);

    expect(uploadBatches(files).map((batch) => batch.map((each) => each.optionId))).toEqual([['O0', 'O1'], ['O2', 'O3'], ['O4']]);
    const small = Array.from({ length: 12 }, (_, index) => ({ optionId: `S${index}`, file: file('s') }));
    expect(uploadBatches(small).map((batch) => batch.length)).toEqual([10, 2]);
    expect(uploadBatches([])).toEqual([]);
  });
});
