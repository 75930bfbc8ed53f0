/** The providers this host can run, by the connection's `provider` field. */
import type { Providers } from '../session-manager';
import { createSimulatorProvider } from './simulator/provider';

export function defaultProviders(): Providers {
  // The Baileys provider (`beta`) joins here once its adapter lands.
  return { simulator: createSimulatorProvider() };
}
