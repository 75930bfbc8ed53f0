/** Measures of what a page lays out, for the browser tests of widths and wrapping. */
import type { Locator } from 'playwright-core';

/**
 * How many lines the element's text takes on screen: the distinct tops of its text boxes (icons and
 * other boxes without text are left out). A button whose words broke in two has 2; a file name broken
 * letter by letter has as many as its letters.
 */
export function textLines(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const tops = new Set<number>();
    const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
      if ((node.textContent ?? '').trim() === '') continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of range.getClientRects()) tops.add(Math.round(rect.top));
    }
    return tops.size;
  });
}
