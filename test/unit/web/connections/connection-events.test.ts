import { QueryClient } from '@tanstack/react-query';
import type { ConnectionDto } from '../../../../shared/connections';
import { applyConnectionEvent, applyConnectionEventToCache, connectionKeys } from '../../../../web/src/api/connections';
import { anyConnectionNeedsAttention } from '../../../../web/src/app/shell/connection-alert';
import { connectionDto } from '../../../support/connection-dto';

const connection = (id: string, overrides: Partial<ConnectionDto> = {}): ConnectionDto =>
  connectionDto({ id, name: `Conexão ${id}`, provider: 'simulator', ...overrides });

describe('the connections list under live events', () => {
  test('a whatsappSession update replaces the row with the new status, QR code and pairing code', () => {
    const before = [connection('a'), connection('b', { status: 'CONNECTED' })];

    const after = applyConnectionEvent(before, {
      action: 'update',
      session: connection('a', { status: 'qrcode', qrcode: 'QR-1', pairingCode: 'ABCD2345' }),
    });

    expect(after.map((row) => [row.id, row.status, row.qrcode, row.pairingCode])).toEqual([
      ['a', 'qrcode', 'QR-1', 'ABCD2345'],
      ['b', 'CONNECTED', '', ''],
    ]);
  });

  test('a new QR code replaces the one shown', () => {
    const showing = [connection('a', { status: 'qrcode', qrcode: 'QR-1' })];

    const after = applyConnectionEvent(showing, { action: 'update', session: connection('a', { status: 'qrcode', qrcode: 'QR-2', retries: 2 }) });

    expect(after[0]).toMatchObject({ qrcode: 'QR-2', retries: 2 });
  });

  test('a whatsapp delete removes the row, and a whatsapp update of an unknown connection adds it', () => {
    const before = [connection('a'), connection('b')];

    const removed = applyConnectionEvent(before, { action: 'delete', whatsappId: 'a' });
    const added = applyConnectionEvent(removed, { action: 'update', whatsapp: connection('c', { name: 'Nova' }) });

    expect(added.map((row) => row.id)).toEqual(['b', 'c']);
  });

  test('the same event applied twice (the shell and the page both listen) leaves the same list', () => {
    const event = { action: 'update', session: connection('a', { status: 'CONNECTED' }) } as const;

    const once = applyConnectionEvent([connection('a')], event);

    expect(applyConnectionEvent(once, event)).toEqual(once);
  });

  test("the page and the menu's badge read one cached list: an event clears the badge once all are CONNECTED", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(connectionKeys.all, [connection('a', { status: 'qrcode', qrcode: 'QR-1' })]);

    applyConnectionEventToCache(queryClient, { action: 'update', session: connection('a', { status: 'CONNECTED' }) });

    const cached = queryClient.getQueryData<ConnectionDto[]>(connectionKeys.all) ?? [];
    expect(cached.map((row) => row.status)).toEqual(['CONNECTED']);
    expect(anyConnectionNeedsAttention(cached)).toBe(false);
  });

  test('an event before the list was ever loaded leaves the cache empty (the first load reads it whole)', () => {
    const queryClient = new QueryClient();

    applyConnectionEventToCache(queryClient, { action: 'update', session: connection('a') });

    expect(queryClient.getQueryData(connectionKeys.all)).toBeUndefined();
  });
});
