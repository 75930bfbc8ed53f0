/** The bounded memory of a warm container: the least recently used entry leaves first. */
import { RecentMap } from '../../../functions/core/caller/recent-map';

describe('RecentMap', () => {
  it('keeps at most its capacity, dropping the entry used least recently', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    expect(map.get('a')).toBe(1); // 'b' is now the least recent
    map.set('c', 3);

    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });

  it('forgets a deleted entry', () => {
    const map = new RecentMap<string, number>(2);
    map.set('a', 1);
    map.delete('a');

    expect(map.get('a')).toBeUndefined();
  });
});
