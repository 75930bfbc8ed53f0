/** The spec's list paging: the query schema's defaults and messages, cutting pages, and the search match. */
import { ListQuery, PAGE_SIZE, matchesSearch, paginate } from '../../../functions/core/http/pagination';

const messagesOf = (input: unknown) => {
  const result = ListQuery.safeParse(input);
  return result.success ? [] : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
};

describe('ListQuery', () => {
  it('answers the first page of an empty search when nothing is sent', () => {
    expect(ListQuery.parse({})).toEqual({ searchParam: '', pageNumber: 1 });
  });

  it('reads the page number from query-string text', () => {
    expect(ListQuery.parse({ searchParam: 'ana', pageNumber: '3' })).toEqual({ searchParam: 'ana', pageNumber: 3 });
  });

  it.each([
    ['text that is no number', 'abc'],
    ['an empty value', ''],
    ['zero', '0'],
    ['a fraction', '1.5'],
    ['a page past the last allowed', '10001'],
    ['infinity', 'Infinity'],
  ])('refuses %s as a page with "Invalid page"', (_, pageNumber) => {
    expect(messagesOf({ pageNumber })).toEqual([['pageNumber', 'Invalid page']]);
  });

  it('refuses a search longer than 200 characters with "Too Long!"', () => {
    expect(messagesOf({ searchParam: 'x'.repeat(201) })).toEqual([['searchParam', 'Too Long!']]);
    expect(messagesOf({ searchParam: 'x'.repeat(200) })).toEqual([]);
  });
});

describe('paginate', () => {
  const items = Array.from({ length: 45 }, (_, index) => index + 1);

  it('cuts pages of 20 and says whether more follow', () => {
    expect(PAGE_SIZE).toBe(20);
    expect(paginate(items, 1)).toEqual({ page: items.slice(0, 20), hasMore: true });
    expect(paginate(items, 2)).toEqual({ page: items.slice(20, 40), hasMore: true });
    expect(paginate(items, 3)).toEqual({ page: [41, 42, 43, 44, 45], hasMore: false });
  });

  it('answers an empty last page when the items end exactly at a page boundary', () => {
    expect(paginate(items.slice(0, 40), 2)).toEqual({ page: items.slice(20, 40), hasMore: false });
    expect(paginate(items.slice(0, 40), 3)).toEqual({ page: [], hasMore: false });
  });

  it('takes another page size when given one', () => {
    expect(paginate(['a', 'b', 'c'], 2, 2)).toEqual({ page: ['c'], hasMore: false });
  });
});

describe('matchesSearch', () => {
  it('matches any of the texts ignoring case and accents, on either side', () => {
    expect(matchesSearch('JOAO', 'Maria', 'João da Silva')).toBe(true);
    expect(matchesSearch('promoção', 'Promocao de verão')).toBe(true);
    expect(matchesSearch('silva', 'Maria', 'maria@acme.test')).toBe(false);
  });

  it('matches everything for an empty or blank search, and skips missing texts', () => {
    expect(matchesSearch('', 'anything')).toBe(true);
    expect(matchesSearch('  ')).toBe(true);
    expect(matchesSearch('ana', null, undefined, 'Ana Paula')).toBe(true);
    expect(matchesSearch('ana', null, undefined)).toBe(false);
  });
});
