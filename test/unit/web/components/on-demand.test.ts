/**
 * Code loaded on demand (web/src/components/on-demand.tsx): loaded once, a failed load tried again;
 * and the button of a menu or popover not loaded yet, which must read and answer as Fluent's trigger
 * makes it once loaded.
 */
import type { KeyboardEvent } from 'react';
import { menuButtonAtRest, onDemand, popoverButtonAtRest } from '../../../../web/src/components/on-demand';

const key = (name: string) => ({ key: name }) as KeyboardEvent;

describe('onDemand', () => {
  test('loads the code once however often it is asked, and says it is loaded only then', async () => {
    // Prepare
    let imports = 0;
    const popup = onDemand(async () => {
      imports += 1;
      return () => null;
    });
    const before = popup.isLoaded();

    // Act
    await Promise.all([popup.load(), popup.load()]);
    await popup.load();

    // Assess
    expect(before).toBe(false);
    expect(popup.isLoaded()).toBe(true);
    expect(imports).toBe(1);
  });

  test('tries a failed load again on the next ask (offline, a release replaced the file)', async () => {
    // Prepare
    let imports = 0;
    const popup = onDemand(async () => {
      imports += 1;
      if (imports === 1) throw new Error('network');
      return () => null;
    });

    // Act
    const first = await popup.load().then(
      () => 'loaded',
      () => 'failed',
    );
    const loadedAfterFailure = popup.isLoaded();
    await popup.load();

    // Assess
    expect(first).toBe('failed');
    expect(loadedAfterFailure).toBe(false);
    expect(popup.isLoaded()).toBe(true);
    expect(imports).toBe(2);
  });
});

describe('the button of a menu not loaded yet', () => {
  test('says it opens a menu, and is not marked expanded (as MenuTrigger leaves a closed menu)', () => {
    // Act
    const props = menuButtonAtRest(() => undefined);

    // Assess
    expect(props['aria-haspopup']).toBe('menu');
    expect(props['aria-expanded']).toBeUndefined();
  });

  test('opens the menu on a press and on Arrow Down, and on no other key', () => {
    // Prepare
    const asked: boolean[] = [];
    const props = menuButtonAtRest((open) => asked.push(open));

    // Act
    props.onClick();
    props.onKeyDown?.(key('ArrowDown'));
    props.onKeyDown?.(key('ArrowUp'));
    props.onKeyDown?.(key('Escape'));

    // Assess
    expect(asked).toEqual([true, true]);
  });
});

describe('the button of a popover not loaded yet', () => {
  test('reads as collapsed (as PopoverTrigger marks a closed popover) and opens it on a press', () => {
    // Prepare
    const asked: boolean[] = [];

    // Act
    const props = popoverButtonAtRest((open) => asked.push(open));
    props.onClick();

    // Assess
    expect(props['aria-expanded']).toBe(false);
    expect(props['aria-haspopup']).toBeUndefined();
    expect(asked).toEqual([true]);
  });
});
