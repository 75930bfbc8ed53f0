/**
 * The notices asked for and not yet shown. `useToast` (toast.tsx) puts them here rather than handing
 * them to Fluent's Toaster directly, so the Toaster's code (toasts, their styles and motions) loads with
 * the first notice instead of with every page: AppToaster starts loading it when one waits, and the
 * loaded ToastHost takes the waiting notices and every later one.
 */
export type ToastIntent = 'error' | 'success' | 'info' | 'warning';

export interface ToastRequest {
  readonly intent: ToastIntent;
  readonly text: string;
  readonly timeoutMs: number;
}

export interface ToastQueue {
  /** Keeps the notice and tells every listener. */
  push(request: ToastRequest): void;
  /** The waiting notices, oldest first, which are then no longer waiting. */
  take(): ToastRequest[];
  /** Calls `listener` on every new notice, and at once when some are already waiting; returns the unsubscribe. */
  listen(listener: () => void): () => void;
}

export function createToastQueue(): ToastQueue {
  const waiting: ToastRequest[] = [];
  const listeners = new Set<() => void>();
  return {
    push(request) {
      waiting.push(request);
      for (const listener of [...listeners]) listener();
    },
    take: () => waiting.splice(0),
    listen(listener) {
      listeners.add(listener);
      if (waiting.length > 0) listener();
      return () => {
        listeners.delete(listener);
      };
    },
  };
}

/** The app's one queue, between `useToast` and the one Toaster. */
export const toastQueue = createToastQueue();
