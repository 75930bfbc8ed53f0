/**
 * Baileys logs through a pino-shaped logger; this one writes through the backend's logger (core/logger.ts) instead, so the
 * host has one log format and no second logging library. Baileys logs protocol details at trace,
 * debug and info (message nodes among them); only warnings and errors are kept by default.
 */
import type { SocketConfig } from 'baileys';
import { logger } from '../../../core/logger';

/** Baileys' logger interface (not exported by name from its package index). */
export type BaileysLogger = SocketConfig['logger'];

const RANKS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 } as const;
type Rank = keyof typeof RANKS;

const rankOf = (level: string): number => (Object.hasOwn(RANKS, level) ? RANKS[level as Rank] : RANKS.warn);

export function baileysLogger(fields: Record<string, unknown> = {}, level: Rank = 'warn'): BaileysLogger {
  const emit = (at: Exclude<Rank, 'silent' | 'fatal'>, self: BaileysLogger, value: unknown, message?: string) => {
    if (RANKS[at] < rankOf(self.level)) return;
    const [text, extra] =
      typeof value === 'string'
        ? [value, {}]
        : [message ?? 'baileys', typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : { value }];
    logger[at === 'trace' ? 'debug' : at](`baileys: ${text}`, { ...fields, ...extra });
  };
  const self: BaileysLogger = {
    level,
    child: (more) => baileysLogger({ ...fields, ...more }, self.level as Rank),
    trace: (value, message) => emit('trace', self, value, message),
    debug: (value, message) => emit('debug', self, value, message),
    info: (value, message) => emit('info', self, value, message),
    warn: (value, message) => emit('warn', self, value, message),
    error: (value, message) => emit('error', self, value, message),
  };
  return self;
}
