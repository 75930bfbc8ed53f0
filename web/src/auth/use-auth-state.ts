/** The auth store's state as React state: components re-render when the session starts or ends. */
import { useSyncExternalStore } from 'react';
import { useServices } from '../runtime/services';
import type { AuthState } from './auth-store';

export function useAuthState(): AuthState {
  const { auth } = useServices();
  return useSyncExternalStore(auth.subscribe, auth.getState, auth.getState);
}
