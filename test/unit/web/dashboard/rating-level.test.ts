import { ratingLevel } from '../../../../web/src/dashboard/rating-level';

describe("an attendant's rating face", () => {
  test('is the nearest level of the 1 to 3 scale', () => {
    expect(ratingLevel(1)).toBe(1);
    expect(ratingLevel(1.4)).toBe(1);
    expect(ratingLevel(2.5)).toBe(3);
    expect(ratingLevel(2.4)).toBe(2);
    expect(ratingLevel(3)).toBe(3);
  });

  test('is none without ratings', () => {
    expect(ratingLevel(null)).toBeNull();
  });

  test('stays on the scale for figures outside it', () => {
    expect(ratingLevel(0.2)).toBe(1);
    expect(ratingLevel(4)).toBe(3);
  });
});
