/**
 * Loads `/auth/me` for the shell, with a retry. A 401 needs no handling here: the API client has
 * already ended the sign-in and the route guard is sending the user to /login. A refusal keeps the
 * answer's body, so the shell can say when an expired subscription ended (its due date).
 */
import { useCallback, useEffect, useState } from 'react';
import { fetchMe } from '../api/auth';
import { ApiError } from '../api/client';
import { useServices } from '../runtime/services';
import type { Me } from './me';

export type MeLoad =
  | { readonly status: 'loading' }
  | { readonly status: 'ready'; readonly me: Me }
  | { readonly status: 'failed'; readonly code: string; readonly body?: unknown };

export interface MeLoader {
  readonly load: MeLoad;
  readonly retry: () => void;
  /** Applies a change the user made (their profile) without loading everything again. */
  readonly update: (change: (me: Me) => Me) => void;
}

export function useMeLoader(): MeLoader {
  const { api } = useServices();
  const [attempt, setAttempt] = useState(0);
  const [load, setLoad] = useState<MeLoad>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchMe(api, controller.signal).then(
      (me) => {
        if (!controller.signal.aborted) setLoad({ status: 'ready', me });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoad(
          error instanceof ApiError
            ? { status: 'failed', code: error.code, body: error.body }
            : { status: 'failed', code: 'ERR_INTERNAL_SERVER_ERROR' },
        );
      },
    );
    return () => controller.abort();
  }, [api, attempt]);

  // The services are built once (main.tsx): only a retry loads again, and shows the loading state again.
  const retry = useCallback(() => {
    setLoad({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  const update = useCallback(
    (change: (me: Me) => Me) => setLoad((current) => (current.status === 'ready' ? { status: 'ready', me: change(current.me) } : current)),
    [],
  );
  return { load, retry, update };
}
