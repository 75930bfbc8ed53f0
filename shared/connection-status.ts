/**
 * A connection's statuses and which of them need attention (spec 2 §4; spec 1 §4.3), apart from
 * connections.ts and its schemas, so that the web's shell, which shows the alert badge on every page,
 * does not load zod for it. connections.ts builds on this module, never the other way round.
 */

/** Spec 2 §4; qrcode, PAIRING, DISCONNECTED, TIMEOUT and OPENING need attention (spec 1 §4.3). */
export const CONNECTION_STATUSES = ['OPENING', 'qrcode', 'PAIRING', 'CONNECTED', 'DISCONNECTED', 'TIMEOUT'] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];

/** Statuses that show the connections alert badge (spec 1 §4.3). */
export const needsAttention = (status: ConnectionStatus): boolean => status !== 'CONNECTED';
