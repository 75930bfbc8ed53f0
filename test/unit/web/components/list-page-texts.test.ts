import { listPageTexts } from '../../../../web/src/components/list-page-texts';

const page = {
  title: 'Tags',
  searchPlaceholder: 'Pesquisar...',
  searchLabel: 'Pesquisar tags',
  loading: 'Carregando',
  loadingMore: 'Carregando mais',
  loadError: 'Erro',
  retry: 'Tentar de novo',
  empty: 'Nenhuma tag',
  noMatches: 'Nenhuma tag para "{{search}}"',
  deleted: 'Operação realizada com sucesso!',
};

describe('listPageTexts', () => {
  test("says the list is empty when nothing is searched, and names the search when it finds nothing", () => {
    expect(listPageTexts(page, '').empty).toBe('Nenhuma tag');
    expect(listPageTexts(page, 'vip').empty).toBe('Nenhuma tag para "vip"');
  });

  test('hands the list page its own texts and nothing else of the feature', () => {
    expect(listPageTexts(page, '')).toEqual({
      title: 'Tags',
      searchPlaceholder: 'Pesquisar...',
      searchLabel: 'Pesquisar tags',
      loading: 'Carregando',
      loadingMore: 'Carregando mais',
      loadError: 'Erro',
      retry: 'Tentar de novo',
      empty: 'Nenhuma tag',
    });
  });
});
