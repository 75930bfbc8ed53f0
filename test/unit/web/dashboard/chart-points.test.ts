import { dayPoints, isPerHour, userPoints } from '../../../../web/src/dashboard/chart-points';

describe('the conversations-per-user chart', () => {
  test('gives one bar per attendant in the server order', () => {
    expect(
      userPoints(
        [
          { nome: 'Ana', quantidade: 5 },
          { nome: 'Bruno', quantidade: 2 },
        ],
        'Sem nome',
      ),
    ).toEqual([
      { x: 'Ana', y: 5 },
      { x: 'Bruno', y: 2 },
    ]);
  });

  test('tells attendants of the same name apart and names a nameless one', () => {
    expect(
      userPoints(
        [
          { nome: 'Ana', quantidade: 3 },
          { nome: 'Ana', quantidade: 1 },
          { nome: ' ', quantidade: 1 },
        ],
        'Sem nome',
      ).map((point) => point.x),
    ).toEqual(['Ana', 'Ana (2)', 'Sem nome']);
  });
});

describe('the tickets chart', () => {
  test('labels hour buckets of a one-day answer as hours', () => {
    const answer = { data: [{ horario: '00', total: 0 }, { horario: '08', total: 3 }], count: 3 };
    expect(isPerHour(answer)).toBe(true);
    expect(dayPoints(answer, 'pt')).toEqual([
      { x: '00h', y: 0 },
      { x: '08h', y: 3 },
    ]);
  });

  test('labels day buckets as day and month', () => {
    const answer = { data: [{ data: '2026-11-01', total: 2 }, { data: '2026-11-02', total: 0 }], count: 2 };
    expect(isPerHour(answer)).toBe(false);
    expect(dayPoints(answer, 'pt')).toEqual([
      { x: '01/11', y: 2 },
      { x: '02/11', y: 0 },
    ]);
  });

  test('adds the year when the days span two years, so no two bars share a label', () => {
    const answer = { data: [{ data: '2025-12-31', total: 1 }, { data: '2026-01-01', total: 4 }], count: 5 };
    expect(dayPoints(answer, 'pt').map((point) => point.x)).toEqual(['31/12/2025', '01/01/2026']);
  });
});
