/**
 * The queue between `useToast` and the Toaster, whose code loads with the first notice: notices asked
 * for before the Toaster is there wait, in order, and none is shown twice.
 */
import { createToastQueue, type ToastRequest } from '../../../../web/src/feedback/toast-queue';

const notice = (text: string): ToastRequest => ({ intent: 'info', text, timeoutMs: 3000 });

describe('the toast queue', () => {
  test('keeps the notices asked for until they are taken, oldest first, and gives each once', () => {
    // Prepare
    const queue = createToastQueue();

    // Act
    queue.push(notice('first'));
    queue.push(notice('second'));
    const taken = queue.take();

    // Assess
    expect(taken.map((request) => request.text)).toEqual(['first', 'second']);
    expect(queue.take()).toEqual([]);
  });

  test('tells each listener of every new notice', () => {
    // Prepare
    const queue = createToastQueue();
    const told: string[] = [];
    queue.listen(() => told.push('a'));
    queue.listen(() => told.push('b'));

    // Act
    queue.push(notice('saved'));

    // Assess
    expect(told).toEqual(['a', 'b']);
  });

  test('tells a listener at once of notices that were already waiting when it came (the Toaster loaded late)', () => {
    // Prepare
    const queue = createToastQueue();
    queue.push(notice('before the Toaster'));
    const seen: string[][] = [];

    // Act
    queue.listen(() => seen.push(queue.take().map((request) => request.text)));

    // Assess
    expect(seen).toEqual([['before the Toaster']]);
  });

  test('does not call a listener when nothing waits, nor after it stopped listening', () => {
    // Prepare
    const queue = createToastQueue();
    let calls = 0;
    const stop = queue.listen(() => (calls += 1));

    // Act
    stop();
    queue.push(notice('unheard'));

    // Assess
    expect(calls).toBe(0);
    expect(queue.take()).toHaveLength(1);
  });
});
