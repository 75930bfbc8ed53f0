import { nextPinned, PINNED_WITHIN_PX, showsNewMessagesCue, type ScrollSample } from '../../../../web/src/tickets/conversation/scroll-pin';

/** A panel 600 px high over 2000 px of messages, `fromBottom` px above the end. */
const at = (fromBottom: number, changes: Partial<ScrollSample> = {}): ScrollSample => {
  const scrollHeight = changes.scrollHeight ?? 2000;
  const clientHeight = changes.clientHeight ?? 600;
  return { scrollHeight, clientHeight, scrollTop: scrollHeight - clientHeight - fromBottom };
};

describe('pinning the conversation to its newest message', () => {
  test('pins whenever the view is at the bottom, or close enough to it', () => {
    expect(nextPinned(false, at(500), at(0))).toBe(true);
    expect(nextPinned(false, at(500), at(PINNED_WITHIN_PX))).toBe(true);
  });

  test('unpins when the reader scrolls up over content that did not change', () => {
    expect(nextPinned(true, at(0), at(300))).toBe(false);
  });

  test('stays pinned when an image loading below the view leaves the end one image lower', () => {
    // The same scrollTop over taller content: the browser moved nothing, the content grew.
    const before = at(0);
    const after: ScrollSample = { ...before, scrollHeight: before.scrollHeight + 320 };

    expect(nextPinned(true, before, after)).toBe(true);
  });

  test("stays pinned when the browser's scroll anchoring moves the view down while content grows", () => {
    const before = at(0);
    const after: ScrollSample = { scrollTop: before.scrollTop + 200, scrollHeight: before.scrollHeight + 520, clientHeight: before.clientHeight };

    expect(nextPinned(true, before, after)).toBe(true);
  });

  test('stays pinned when the panel shrinks under the view (the attachment tray opens)', () => {
    expect(nextPinned(true, at(0), at(250, { clientHeight: 350 }))).toBe(true);
  });

  test('stays unpinned while the reader reads above the end, even as content grows', () => {
    expect(nextPinned(false, at(900), at(1200, { scrollHeight: 2300 }))).toBe(false);
  });

  test('a first event away from the bottom, with nothing to compare, keeps the pin as it was', () => {
    expect(nextPinned(true, null, at(400))).toBe(true);
    expect(nextPinned(false, null, at(400))).toBe(false);
  });
});

describe('the new messages cue', () => {
  test('shows when the customer wrote while the reader is scrolled up', () => {
    expect(showsNewMessagesCue(false, 'm2', 'm1')).toBe(true);
  });

  test('does not show while the reader is at the newest message', () => {
    expect(showsNewMessagesCue(true, 'm2', 'm1')).toBe(false);
  });

  test('does not show for a scrolled-up reader when nothing came from the customer since they left the bottom', () => {
    expect(showsNewMessagesCue(false, 'm1', 'm1')).toBe(false);
    expect(showsNewMessagesCue(false, null, null)).toBe(false);
  });
});
