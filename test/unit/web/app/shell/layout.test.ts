import type { ConnectionDto } from '../../../../../shared/connections';
import { activeUntilDate, formatDay } from '../../../../../web/src/app/shell/active-until';
import { anyConnectionNeedsAttention, applyConnectionEvent, CONNECTION_ALERT_DELAY_MS } from '../../../../../web/src/app/shell/connection-alert';
import {
  HEADER_ACTIONS,
  headerPlacement,
  initialMenuOpen,
  MENU_WIDTH_PX,
  menuPresentation,
  NARROW_MEDIA_QUERY,
  viewportSize,
  WIDE_MEDIA_QUERY,
} from '../../../../../web/src/app/shell/layout';

describe('the menu layout rules', () => {
  test('uses the spec sizes: 240 px, narrow under 600 px, wide above 1200 px', () => {
    expect(MENU_WIDTH_PX).toBe(240);
    expect(NARROW_MEDIA_QUERY).toBe('(max-width: 599.98px)');
    expect(WIDE_MEDIA_QUERY).toBe('(min-width: 1200.02px)');
  });

  test('classifies the viewport from the two media queries', () => {
    expect(viewportSize(true, false)).toBe('narrow');
    expect(viewportSize(false, false)).toBe('medium');
    expect(viewportSize(false, true)).toBe('wide');
  });

  test('opens the menu expanded on wide screens only', () => {
    expect(initialMenuOpen('wide')).toBe(true);
    expect(initialMenuOpen('medium')).toBe(false);
    expect(initialMenuOpen('narrow')).toBe(false);
  });

  test('uses a temporary drawer, always with labels, on narrow screens', () => {
    expect(menuPresentation('narrow', false)).toEqual({ mode: 'overlay', expanded: true });
  });

  test('keeps the menu beside the page elsewhere, expanded as the toggle says', () => {
    expect(menuPresentation('medium', false)).toEqual({ mode: 'inline', expanded: false });
    expect(menuPresentation('wide', true)).toEqual({ mode: 'inline', expanded: true });
  });
});

describe('the header on each viewport', () => {
  const everything = [...HEADER_ACTIONS];

  test('keeps every button on the bar, in order, on medium and wide screens', () => {
    for (const size of ['medium', 'wide'] as const) {
      expect(headerPlacement(size, everything)).toEqual({ bar: everything, overflow: [] });
    }
  });

  test('keeps the notifications, the theme and the user menu on a phone, the rest in the overflow in the bar order', () => {
    expect(headerPlacement('narrow', everything)).toEqual({
      bar: ['notifications', 'theme', 'userMenu'],
      overflow: ['language', 'reload', 'volume', 'announcements', 'internalChat'],
    });
  });

  test('places only the buttons the account has, in the bar order whatever order they come in', () => {
    // Before /auth/me answers: the language, reload and theme; and a plan without the internal chat.
    expect(headerPlacement('narrow', ['theme', 'reload', 'language'])).toEqual({ bar: ['theme'], overflow: ['language', 'reload'] });
    expect(headerPlacement('wide', ['userMenu', 'language', 'theme'])).toEqual({ bar: ['language', 'theme', 'userMenu'], overflow: [] });
  });
});

describe('the connections alert', () => {
  const connection = (id: string, status: ConnectionDto['status']) => ({ id, status });
  const dto = (id: string, status: ConnectionDto['status']) => ({ id, status }) as ConnectionDto;

  test('checks 2 seconds after load', () => {
    expect(CONNECTION_ALERT_DELAY_MS).toBe(2000);
  });

  test.each(['qrcode', 'PAIRING', 'DISCONNECTED', 'TIMEOUT', 'OPENING'] as const)('raises the alert for a connection in %s', (status) => {
    expect(anyConnectionNeedsAttention([connection('a', 'CONNECTED'), connection('b', status)])).toBe(true);
  });

  test('stays quiet when every connection is connected, or there is none', () => {
    expect(anyConnectionNeedsAttention([connection('a', 'CONNECTED'), connection('b', 'CONNECTED')])).toBe(false);
    expect(anyConnectionNeedsAttention([])).toBe(false);
  });

  test('follows a status change of a whatsappSession event', () => {
    // Prepare
    const before = [dto('a', 'DISCONNECTED')];

    // Act
    const after = applyConnectionEvent(before, { action: 'update', session: dto('a', 'CONNECTED') });

    // Assess
    expect(after).toEqual([dto('a', 'CONNECTED')]);
    expect(anyConnectionNeedsAttention(after)).toBe(false);
  });

  test('adds a new connection from a whatsapp update and drops a deleted one', () => {
    // Prepare
    const before = [dto('a', 'CONNECTED')];

    // Act
    const added = applyConnectionEvent(before, { action: 'update', whatsapp: dto('b', 'qrcode') });
    const removed = applyConnectionEvent(added, { action: 'delete', whatsappId: 'b' });

    // Assess
    expect(added).toEqual([dto('a', 'CONNECTED'), dto('b', 'qrcode')]);
    expect(removed).toEqual([dto('a', 'CONNECTED')]);
  });
});

describe('Ativo até', () => {
  test('formats the due date as DD/MM/YYYY without shifting the day', () => {
    expect(formatDay('2025-01-31', 'pt')).toBe('31/01/2025');
    expect(formatDay('2025-03-01T00:00:00.000Z', 'pt')).toBe('01/03/2025');
  });

  test('is shown to admins whose company has a due date', () => {
    expect(activeUntilDate({ profile: 'admin' }, { dueDate: '2030-12-05' }, 'pt')).toBe('05/12/2030');
  });

  test('is not shown to other profiles', () => {
    expect(activeUntilDate({ profile: 'user' }, { dueDate: '2030-12-05' }, 'pt')).toBeUndefined();
    expect(activeUntilDate({ profile: 'supervisor' }, { dueDate: '2030-12-05' }, 'pt')).toBeUndefined();
  });

  test('is not shown when the company has no due date', () => {
    expect(activeUntilDate({ profile: 'admin' }, { dueDate: null }, 'pt')).toBeUndefined();
    expect(activeUntilDate({ profile: 'admin' }, {}, 'pt')).toBeUndefined();
  });
});
