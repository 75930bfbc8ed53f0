/** The file list's body as the server and the dialog check it (spec 2 §5: name of 3 or more, message required). */
import { FileListBody, FileListUploadFields } from '../../../shared/file-lists';

const messagesOf = (value: unknown) => {
  const result = FileListBody.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('FileListBody', () => {
  it("asks for a name of at least 3 characters with the spec's 'nome muito curto', after trimming", () => {
    expect(messagesOf({ name: 'ab', message: 'Oi' })).toEqual([['name', 'nome muito curto']]);
    expect(messagesOf({ name: '  ab  ', message: 'Oi' })).toEqual([['name', 'nome muito curto']]);
    expect(messagesOf({ name: '', message: 'Oi' })).toEqual([['name', 'Obrigatório']]);
    expect(messagesOf({ name: 'abc', message: 'Oi' })).toEqual([]);
  });

  it('asks for a message that is more than blanks, and keeps its lines as written', () => {
    expect(messagesOf({ name: 'Lista', message: '' })).toEqual([['message', 'Obrigatório']]);
    expect(messagesOf({ name: 'Lista', message: ' \n\t' })).toEqual([['message', 'Obrigatório']]);
    expect(FileListBody.parse({ name: 'Lista', message: 'Linha 1\r\nLinha 2' }).message).toBe('Linha 1\nLinha 2');
  });

  it('takes up to 10 options, each named, none twice, or none sent at all', () => {
    const options = (count: number) => Array.from({ length: count }, (_, index) => ({ name: `Opção ${index}` }));
    const id = '01J000000000000000000000PT';

    expect(FileListBody.parse({ name: 'Lista', message: 'Oi' }).options).toBeUndefined();
    expect(messagesOf({ name: 'Lista', message: 'Oi', options: [] })).toEqual([]);
    expect(messagesOf({ name: 'Lista', message: 'Oi', options: options(10) })).toEqual([]);
    expect(messagesOf({ name: 'Lista', message: 'Oi', options: options(11) })).toEqual([['options', 'No máximo 10 opções']]);
    expect(messagesOf({ name: 'Lista', message: 'Oi', options: [{ name: ' ' }] })).toEqual([['options.0.name', 'Obrigatório']]);
    expect(messagesOf({ name: 'Lista', message: 'Oi', options: [{ id, name: 'a' }, { id, name: 'b' }] })).toEqual([['options', 'Opção repetida']]);
  });

  it("drops an option's mediaType, which only the file's bytes decide", () => {
    expect(FileListBody.parse({ name: 'Lista', message: 'Oi', options: [{ name: 'Foto', mediaType: 'image/png' }] }).options).toEqual([{ name: 'Foto' }]);
  });
});

describe('FileListUploadFields', () => {
  it('wants an option id per file and, when sent, typeArch fileList', () => {
    expect(FileListUploadFields.safeParse({ id: [] }).success).toBe(false);
    expect(FileListUploadFields.safeParse({ id: ['01J000000000000000000000PT'], typeArch: 'quickMessage' }).success).toBe(false);
    expect(FileListUploadFields.parse({ id: ['01J000000000000000000000PT'], typeArch: 'fileList' })).toEqual({
      id: ['01J000000000000000000000PT'],
      typeArch: 'fileList',
      name: [],
      mediaType: [],
    });
  });
});
