/**
 * Which connection statuses need attention (spec 1 §4.3), apart from connections.ts and its schemas, so
 * that the web's shell, which shows the alert badge on every page, does not load zod for it.
 */
import type { ConnectionStatus } from './connections';

/** Statuses that show the connections alert badge (spec 1 §4.3). */
export const needsAttention = (status: ConnectionStatus): boolean => status !== 'CONNECTED';
