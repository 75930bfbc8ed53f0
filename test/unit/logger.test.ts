/**
 * The backend's logger (functions/core/logger.ts): one JSON object per line with level, message,
 * service and the call's fields; errors keep name, message and stack; LOG_LEVEL is followed as it
 * changes, `silent` writing nothing; values under secret-naming keys are written redacted.
 */
import { logger, REDACTED } from '../../functions/core/logger';
import { atLogLevel, logLinesOf } from '../support/log-lines';

describe('the logger', () => {
  it('writes one JSON line with level, message, service and the fields given', async () => {
    const lines = await atLogLevel('info', () => logLinesOf(async () => logger.info('ticket created', { ticketId: 'T1', unread: 2 })));

    expect(lines).toEqual([expect.objectContaining({ level: 'INFO', message: 'ticket created', service: 'atende', ticketId: 'T1', unread: 2 })]);
    expect(lines[0]).toHaveProperty('timestamp');
  });

  it('keeps the name, message and stack of an error', async () => {
    const lines = await atLogLevel('info', () => logLinesOf(async () => logger.error('send failed', { error: new TypeError('socket closed') })));

    expect(lines[0]?.error).toEqual(expect.objectContaining({ name: 'TypeError', message: 'socket closed', stack: expect.stringContaining('TypeError: socket closed') }));
  });

  it('stays silent at LOG_LEVEL=silent, errors included', async () => {
    const lines = await atLogLevel('silent', () =>
      logLinesOf(async () => {
        logger.debug('detail');
        logger.info('request');
        logger.error('unexpected error', { error: new Error('boom') });
      }),
    );

    expect(lines).toEqual([]);
  });

  it('follows LOG_LEVEL as it changes: debug lines appear at debug and not at warn', async () => {
    const atDebug = await atLogLevel('debug', () => logLinesOf(async () => logger.debug('hop', { outcome: 'sent' })));
    const atWarn = await atLogLevel('warn', () => logLinesOf(async () => logger.info('request')));

    expect(atDebug).toEqual([expect.objectContaining({ level: 'DEBUG', message: 'hop' })]);
    expect(atWarn).toEqual([]);
  });

  it('never writes a value under a key that names a secret, at any depth', async () => {
    const secrets = {
      token: 'tok-123',
      password: 'hunter2',
      apiKey: 'sk-live-abc',
      secret: 'whsec-xyz',
      authorization: 'Bearer eyJhbGciOi',
      headers: { Authorization: 'Bearer eyJhbGciOi', 'x-api-key': 'key-456' },
      integration: { webhookSecret: 'whsec-nested', jsonContent: '{"private_key":"-----BEGIN"}' },
      creds: { noiseKey: 'noise' },
    };
    const lines = await atLogLevel('debug', () => logLinesOf(async () => logger.info('integration called', { ...secrets, status: 200, tokens: 812 })));

    const written = JSON.stringify(lines);
    for (const value of ['tok-123', 'hunter2', 'sk-live-abc', 'whsec-xyz', 'eyJhbGciOi', 'key-456', 'whsec-nested', 'BEGIN', 'noise']) {
      expect(written).not.toContain(value);
    }
    expect(lines[0]).toEqual(
      expect.objectContaining({
        token: REDACTED,
        password: REDACTED,
        apiKey: REDACTED,
        secret: REDACTED,
        authorization: REDACTED,
        headers: { Authorization: REDACTED, 'x-api-key': REDACTED },
        creds: REDACTED,
        // What names no secret, and counts under a secret-like name, are kept.
        status: 200,
        tokens: 812,
      }),
    );
  });
});
