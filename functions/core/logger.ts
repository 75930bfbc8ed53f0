/**
 * JSON log lines, one object per line, so CloudWatch Logs Insights (and `npm start`'s console) can
 * filter by field. Never log tokens, passwords or session credentials.
 */
import { config } from './config';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

function threshold(): number {
  const configured = config.logLevel();
  // An unknown LOG_LEVEL logs at info rather than failing every handler.
  return Object.hasOwn(LEVELS, configured) ? LEVELS[configured as keyof typeof LEVELS] : LEVELS.info;
}

function write(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  if (LEVELS[level] < threshold()) return;
  const line = JSON.stringify({ level, time: new Date().toISOString(), message, ...fields }, errorReplacer);
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`);
  else process.stdout.write(`${line}\n`);
}

/** Errors are not JSON-serialisable by default; keep name, message and stack for the logs only. */
function errorReplacer(_key: string, value: unknown): unknown {
  if (value instanceof Error) return { name: value.name, message: value.message, stack: value.stack };
  return value;
}

export const logger = {
  debug: (message: string, fields?: Record<string, unknown>) => write('debug', message, fields),
  info: (message: string, fields?: Record<string, unknown>) => write('info', message, fields),
  warn: (message: string, fields?: Record<string, unknown>) => write('warn', message, fields),
  error: (message: string, fields?: Record<string, unknown>) => write('error', message, fields),
};
