/**
 * The backend's one logger: a Powertools for AWS Lambda Logger, so every Lambda, the session host and the
 * local cloud write one JSON shape per line (`level`, `message`, `timestamp`, `service`, and under Lambda
 * the request id and function), which CloudWatch Logs Insights filters by field (docs/architecture.md
 * §3, Observability). Call sites pass a message and an object of fields: `logger.info('request', { status })`.
 *
 * - Service: POWERTOOLS_SERVICE_NAME, else 'atende'. Level: LOG_LEVEL (`debug`, `info`, `warn`, `error`,
 *   `silent`; an unknown one logs at info), followed when it changes, so `npm start` and the tests stay
 *   quiet until asked. Debug sampling: POWERTOOLS_LOGGER_SAMPLE_RATE (0 to 1) logs that share of
 *   invocations at debug.
 * - Errors keep their name, message and stack (Powertools' error formatting, `location` added).
 * - Secrets are never written: a value whose key names a secret (see `SECRET_KEY`) is written as
 *   '[redacted]' wherever it sits in a line. Call sites still never pass tokens, passwords or session
 *   credentials; this is the net under them.
 */
import { Logger, LogLevelThreshold } from '@aws-lambda-powertools/logger';
import { config } from './config';

/** The level names LOG_LEVEL takes, in Powertools' spelling. */
type LevelName = keyof typeof LogLevelThreshold;

function configuredLevel(): LevelName {
  const name = config.logLevel().toUpperCase();
  return Object.hasOwn(LogLevelThreshold, name) ? (name as LevelName) : 'INFO';
}

/**
 * Keys whose values are secrets (compared without case and separators): tokens (bearer, API, socket
 * tickets' `token`), passwords, API keys, secrets (webhook signing), authorization and cookie headers,
 * credentials (Baileys' `creds`, private keys) and a Dialogflow service account's `jsonContent`.
 * Numbers and booleans under such keys are kept: `tokens: 812` (AI usage) or `hasToken: true` reveal nothing.
 */
const SECRET_KEY = /token|password|passwd|apikey|secret|authorization|cookie|credential|creds|privatekey|privkey|jsoncontent/;

export const REDACTED = '[redacted]';

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[^a-z]/g, ''));
}

/** JSON.stringify's replacer for every log line (Powertools calls it before its own Error handling). */
export function redactSecrets(key: string, value: unknown): unknown {
  if (key === '' || !isSecretKey(key)) return value;
  if (value === null || value === undefined || typeof value === 'number' || typeof value === 'boolean') return value;
  return REDACTED;
}

/** The LOG_LEVEL last applied; set before the logger is built, which may log (debug sampling) while building. */
let followed = configuredLevel();

/** Applies LOG_LEVEL when it changed since it was last applied. */
function follow(logger: Logger): void {
  const wanted = configuredLevel();
  if (wanted === followed) return;
  followed = wanted;
  logger.setLogLevel(wanted);
}

/**
 * Powertools' Logger fixes its level when built; this one also follows LOG_LEVEL when it changes later
 * (the local cloud sets it after modules are loaded, tests raise it around a call). On Lambda the
 * variable never changes, so it is the level the logger was built with.
 */
class AtendeLogger extends Logger {
  protected override processLogItem(...args: Parameters<Logger['processLogItem']>): void {
    follow(this);
    super.processLogItem(...args);
  }

  /**
   * Called per invocation by `injectLambdaContext`: Powertools draws the debug sample, or goes back to
   * the level the logger was built with. Unless sampled, the level LOG_LEVEL names now is kept.
   */
  public override refreshSampleRateCalculation(): void {
    super.refreshSampleRateCalculation();
    if (this.level === LogLevelThreshold.DEBUG) return;
    followed = configuredLevel();
    this.setLogLevel(followed);
  }
}

export const logger: Logger = new AtendeLogger({
  serviceName: process.env.POWERTOOLS_SERVICE_NAME || 'atende',
  logLevel: configuredLevel(),
  jsonReplacerFn: redactSecrets,
});
