import { CONTACTS_IMPORT_MAX_BYTES } from '../../../../shared/contacts';
import { importErrorsByRow, importFileProblem, refusedRowCount } from '../../../../web/src/contacts/contact-import';

describe('importFileProblem', () => {
  test.each(['contatos.xlsx', 'CONTATOS.CSV'])('lets %p be sent', (name) => {
    expect(importFileProblem({ name, size: 100 })).toBeUndefined();
  });

  test('refuses a legacy .xls before sending it', () => {
    expect(importFileProblem({ name: 'contatos.xls', size: 100 })).toBe('xls');
  });

  test('refuses a file that is no spreadsheet', () => {
    expect(importFileProblem({ name: 'contatos.pdf', size: 100 })).toBe('unsupported');
  });

  test('refuses an empty file', () => {
    expect(importFileProblem({ name: 'contatos.csv', size: 0 })).toBe('empty');
  });

  test('refuses a file bigger than the import takes', () => {
    expect(importFileProblem({ name: 'contatos.csv', size: CONTACTS_IMPORT_MAX_BYTES + 1 })).toBe('tooBig');
  });
});

describe('importErrorsByRow', () => {
  test("groups the problems by row in the sheet's order, messages ready to translate", () => {
    // Prepare
    const errors = [
      { row: 7, field: 'email', message: 'Email inválido' },
      { row: 3, field: 'name', message: 'Muito pequeno!' },
      { row: 7, field: 'number', message: 'Número inválido' },
    ];

    // Act
    const rows = importErrorsByRow(errors);

    // Assess
    expect(rows).toEqual([
      { row: 3, problems: [{ field: 'name', message: { key: 'tooShort' } }] },
      {
        row: 7,
        problems: [
          { field: 'email', message: { key: 'invalidEmail' } },
          { field: 'number', message: { key: 'invalidNumber' } },
        ],
      },
    ]);
  });

  test('keeps a row refused as a whole without a field', () => {
    expect(importErrorsByRow([{ row: 2, message: 'Linha ilegível' }])).toEqual([
      { row: 2, problems: [{ message: { text: 'Linha ilegível' } }] },
    ]);
  });
});

describe('refusedRowCount', () => {
  test('counts a row with two bad cells once', () => {
    const result = {
      created: 1,
      skipped: 0,
      errors: [
        { row: 2, field: 'name', message: 'Obrigatório' },
        { row: 2, field: 'number', message: 'Obrigatório' },
        { row: 4, field: 'email', message: 'Email inválido' },
      ],
    };

    expect(refusedRowCount(result)).toBe(2);
  });
});
