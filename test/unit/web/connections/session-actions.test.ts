import { CONNECTION_STATUSES } from '../../../../shared/connections';
import { displayPairingCode, qrDialogDone, sessionButtons, statusTone } from '../../../../web/src/connections/session-actions';

describe('the session buttons of a row (spec 2 §2)', () => {
  test.each([
    ['qrcode', ['showQr']],
    ['DISCONNECTED', ['retry', 'newQr']],
    ['CONNECTED', ['disconnect']],
    ['PAIRING', ['disconnect']],
    ['TIMEOUT', ['disconnect']],
    ['OPENING', ['connecting']],
  ] as const)('a %s connection shows %j', (status, buttons) => {
    expect(sessionButtons(status, 'beta')).toEqual(buttons);
    expect(sessionButtons(status, 'simulator')).toEqual(buttons);
  });

  test('every status has at least one button, so no row is left without a session control', () => {
    for (const status of CONNECTION_STATUSES) expect(sessionButtons(status, 'beta').length).toBeGreaterThan(0);
  });

  test('a Cloud API connection offers no QR code, pairing or disconnect: try again (a credentials check) and its templates', () => {
    for (const status of CONNECTION_STATUSES.filter((status) => status !== 'OPENING')) {
      expect([status, sessionButtons(status, 'cloud')]).toEqual([status, ['retry', 'templates']]);
    }
    expect(sessionButtons('OPENING', 'cloud')).toEqual(['connecting', 'templates']);
  });
});

describe('the status badge', () => {
  test('is green when connected, red when disconnected and amber while someone must act', () => {
    expect(statusTone('CONNECTED')).toBe('success');
    expect(statusTone('DISCONNECTED')).toBe('danger');
    expect(['qrcode', 'PAIRING', 'TIMEOUT'].map((status) => statusTone(status as 'qrcode'))).toEqual(['warning', 'warning', 'warning']);
    expect(statusTone('OPENING')).toBe('informative');
  });
});

describe('the QR dialog', () => {
  test('closes itself once the connection is CONNECTED or gone, and stays open before', () => {
    expect(qrDialogDone({ status: 'CONNECTED' })).toBe(true);
    expect(qrDialogDone(undefined)).toBe(true);
    expect(qrDialogDone({ status: 'qrcode' })).toBe(false);
    expect(qrDialogDone({ status: 'PAIRING' })).toBe(false);
    expect(qrDialogDone({ status: 'OPENING' })).toBe(false);
  });

  test('shows a pairing code as two groups of four, as WhatsApp does', () => {
    expect(displayPairingCode('ABCD2345')).toBe('ABCD-2345');
    expect(displayPairingCode('')).toBe('');
  });
});
