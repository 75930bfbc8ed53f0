/** The providers this host can run, by the connection's `provider` field. */
import type { Providers } from '../shard-sessions';
import { createBaileysProvider } from './baileys';
import { createSimulatorProvider } from './simulator/provider';

export function defaultProviders(): Providers {
  return { beta: createBaileysProvider(), simulator: createSimulatorProvider() };
}
