/** What the whole app shares, built once at start from the runtime config (see main.tsx). */
import { createContext, useContext } from 'react';
import type { ApiClient } from '../api/client';
import type { AuthStore } from '../auth/auth-store';
import type { RuntimeConfig } from '../config';

export interface AppServices {
  readonly config: RuntimeConfig;
  readonly auth: AuthStore;
  readonly api: ApiClient;
}

export const ServicesContext = createContext<AppServices | undefined>(undefined);

export function useServices(): AppServices {
  const services = useContext(ServicesContext);
  if (services === undefined) throw new Error('useServices must be used inside ServicesContext');
  return services;
}
