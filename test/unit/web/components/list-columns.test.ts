/** The admin-page kit's tables on a narrow screen: which column heads a row's card, which lines follow. */
import { cardLayout, type NarrowColumn } from '../../../../web/src/components/list-columns';

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
