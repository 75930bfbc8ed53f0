/**
 * The admin-page kit's tables: on a narrow screen, which column heads a row's card and which lines
 * follow; on a table, how wide each column is.
 */
import { cardLayout, cellSizing, type NarrowColumn } from '../../../../web/src/components/list-columns';

const column = (id: string, narrow: NarrowColumn['narrow']): NarrowColumn => ({ id, narrow });

describe('cardLayout', () => {
  test('heads the card with the title column and lists the detail columns in the table order', () => {
    const name = column('name', 'title');
    const number = column('number', 'detail');
    const email = column('email', 'hidden');
    const city = column('city', 'detail');

    expect(cardLayout([number, name, email, city])).toEqual({ title: name, details: [number, city] });
  });

  test('heads the card with the first column when none is marked as the title, so a card names its item', () => {
    const first = column('name', 'detail');
    const second = column('number', 'detail');

    expect(cardLayout([first, second])).toEqual({ title: first, details: [second] });
  });

  test('takes the first title when two are marked', () => {
    const first = column('name', 'title');
    const second = column('company', 'title');

    expect(cardLayout([first, second])).toEqual({ title: first, details: [] });
  });

  test('refuses a table without columns', () => {
    expect(() => cardLayout([])).toThrow('at least one column');
  });
});

describe('cellSizing (issue 27: columns squeezed by the title at 1366 px)', () => {
  test('lets the title column take the width the others leave', () => {
    expect(cellSizing(undefined, true)).toEqual({ kind: 'fill' });
    expect(cellSizing('content', true)).toEqual({ kind: 'fill' });
  });

  test("keeps a 'content' column's content on one line (a session button, a status, a date)", () => {
    expect(cellSizing('content', false)).toEqual({ kind: 'content' });
  });

  test('gives a column of words its floor, so a file name or a plan\'s features are not one letter or word a line', () => {
    expect(cellSizing({ min: '12rem' }, false)).toEqual({ kind: 'auto', minWidth: '12rem' });
    expect(cellSizing(undefined, false)).toEqual({ kind: 'auto' });
  });
});
