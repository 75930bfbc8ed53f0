/** The contact picker's rules (components/ContactSearch.tsx: the new-ticket dialog and the schedule form). */
import { contactOptionText, contactSearchTerm, foundNoContacts } from '../../../../web/src/components/contact-search';

describe('contactSearchTerm', () => {
  test('does not search below 3 characters', () => {
    expect(contactSearchTerm('an', null)).toBe('');
    expect(contactSearchTerm(' an  ', null)).toBe('');
  });

  test('searches the trimmed text from 3 characters on', () => {
    expect(contactSearchTerm('  ana ', null)).toBe('ana');
  });

  test('does not search for the contact already picked', () => {
    expect(contactSearchTerm('Ana Souza', { name: 'Ana Souza' })).toBe('');
    expect(contactSearchTerm('Ana Souz', { name: 'Ana Souza' })).toBe('Ana Souz');
  });
});

describe('foundNoContacts', () => {
  test('says so only once a search has answered with no contact', () => {
    expect(foundNoContacts('ana', false, 0)).toBe(true);
    expect(foundNoContacts('ana', true, 0)).toBe(false);
    expect(foundNoContacts('ana', false, 2)).toBe(false);
  });

  test('says nothing while no search is made (below 3 characters)', () => {
    expect(foundNoContacts('', false, 0)).toBe(false);
    expect(foundNoContacts('an', false, 0)).toBe(false);
  });
});

test('an option names the contact and its number, so namesakes can be told apart', () => {
  expect(contactOptionText({ name: 'Ana', number: '5511999990000' })).toBe('Ana (5511999990000)');
});
