import type { MessageDto } from '../../../../shared/messages';
import type { CompanyChannels } from '../../../../shared/realtime-events';
import type { TicketDto } from '../../../../shared/tickets';
import { ticketRoutePath } from '../../../../web/src/runtime/paths';
import { listPlaceOf, pathAfterAction, shownTicketState, stateAfterAction } from '../../../../web/src/tickets/ticket-action-rules';
import { CHIME_SAMPLE_RATE, chimeWav } from '../../../../web/src/notifications/chime';
import {
  addMessage,
  applyTicketEvent,
  initialNotifications,
  isNewInboundMessage,
  NOTIFICATIONS_MAX,
  openTicketOf,
  shouldAlert,
  whenLabel,
} from '../../../../web/src/notifications/notification-list';
import { createVolumeStore, DEFAULT_VOLUME, normalizeVolume, parseVolume } from '../../../../web/src/notifications/volume';

const ME = 'user-me';

const ticket = (id: string, overrides: Partial<TicketDto> = {}): TicketDto =>
  ({
    id,
    uuid: `uuid-${id}`,
    status: 'pending',
    userId: null,
    isGroup: false,
    unreadMessages: 1,
    lastMessage: 'hello',
    contact: { id: `c-${id}`, name: `Contact ${id}`, number: '5511999990000', profilePicUrl: null },
    updatedAt: '2025-01-01T10:00:00.000Z',
    ...overrides,
  }) as TicketDto;

const inbound = (t: TicketDto, overrides: Partial<MessageDto> = {}): CompanyChannels['appMessage'] => ({
  action: 'create',
  message: { id: `m-${t.id}`, ticketId: t.id, body: 'hi', fromMe: false, ...overrides } as MessageDto,
  ticket: t,
});

describe('the notification list', () => {
  test('puts the ticket of a customer message first', () => {
    // Prepare
    const list = [ticket('a'), ticket('b')];

    // Act
    const next = addMessage(list, inbound(ticket('b', { unreadMessages: 2 })), ME);

    // Assess
    expect(next.map((t) => t.id)).toEqual(['b', 'a']);
    expect(next[0]?.unreadMessages).toBe(2);
  });

  test('ignores the messages agents send and message updates', () => {
    const t = ticket('a');
    expect(isNewInboundMessage(inbound(t, { fromMe: true }), ME)).toBe(false);
    expect(isNewInboundMessage({ ...inbound(t), action: 'update' }, ME)).toBe(false);
    expect(addMessage([], inbound(t, { fromMe: true }), ME)).toEqual([]);
  });

  test('lists waiting tickets and the viewer own, not tickets another agent handles', () => {
    expect(isNewInboundMessage(inbound(ticket('a', { userId: null })), ME)).toBe(true);
    expect(isNewInboundMessage(inbound(ticket('a', { status: 'open', userId: ME })), ME)).toBe(true);
    expect(isNewInboundMessage(inbound(ticket('a', { status: 'open', userId: 'someone-else' })), ME)).toBe(false);
  });

  test('keeps at most the newest tickets', () => {
    // Prepare
    const list = Array.from({ length: NOTIFICATIONS_MAX }, (_, i) => ticket(`t${i}`));

    // Act
    const next = addMessage(list, inbound(ticket('new')), ME);

    // Assess
    expect(next).toHaveLength(NOTIFICATIONS_MAX);
    expect(next[0]?.id).toBe('new');
    expect(next.some((t) => t.id === `t${NOTIFICATIONS_MAX - 1}`)).toBe(false);
  });

  test('starts from the loaded tickets that have unread messages and concern the viewer', () => {
    const loaded = [ticket('a'), ticket('b', { unreadMessages: 0 }), ticket('c', { status: 'open', userId: 'other' })];
    expect(initialNotifications(loaded, ME).map((t) => t.id)).toEqual(['a']);
  });

  test('drops a ticket once it is read, deleted, or taken by someone else', () => {
    // Prepare
    const list = [ticket('a'), ticket('b'), ticket('c')];

    // Act
    const read = applyTicketEvent(list, { action: 'updateUnread', ticketId: 'a' }, ME);
    const deleted = applyTicketEvent(read, { action: 'delete', ticketId: 'b' }, ME);
    const taken = applyTicketEvent(deleted, { action: 'update', ticket: ticket('c', { status: 'open', userId: 'other' }) }, ME);

    // Assess
    expect(read.map((t) => t.id)).toEqual(['b', 'c']);
    expect(deleted.map((t) => t.id)).toEqual(['c']);
    expect(taken).toEqual([]);
  });

  test('refreshes a listed ticket in place and leaves unlisted ones out', () => {
    // Prepare
    const list = [ticket('a'), ticket('b')];

    // Act
    const next = applyTicketEvent(list, { action: 'update', ticket: ticket('b', { lastMessage: 'new text' }) }, ME);
    const unrelated = applyTicketEvent(list, { action: 'update', ticket: ticket('z') }, ME);

    // Assess
    expect(next.map((t) => [t.id, t.lastMessage])).toEqual([
      ['a', 'hello'],
      ['b', 'new text'],
    ]);
    expect(unrelated).toBe(list);
  });

  test('drops a ticket whose unread count went back to zero', () => {
    expect(applyTicketEvent([ticket('a')], { action: 'update', ticket: ticket('a', { unreadMessages: 0 }) }, ME)).toEqual([]);
  });
});

describe('shouldAlert', () => {
  test('stays quiet for the conversation the user is looking at', () => {
    expect(shouldAlert(inbound(ticket('a')), { openTicket: 'a', pageVisible: true })).toBe(false);
  });

  test('rings for that conversation when the page is hidden, and for any other one', () => {
    expect(shouldAlert(inbound(ticket('a')), { openTicket: 'a', pageVisible: false })).toBe(true);
    expect(shouldAlert(inbound(ticket('a')), { openTicket: 'b', pageVisible: true })).toBe(true);
  });

  test('never rings for groups', () => {
    expect(shouldAlert(inbound(ticket('a', { isGroup: true })), { openTicket: undefined, pageVisible: false })).toBe(false);
  });

  test('stays quiet for the conversation open at its list address, /tickets/{uuid}', () => {
    expect(shouldAlert(inbound(ticket('a')), { openTicket: openTicketOf('/tickets/uuid-a'), pageVisible: true })).toBe(false);
    expect(shouldAlert(inbound(ticket('a')), { openTicket: openTicketOf('/tickets/uuid-b'), pageVisible: true })).toBe(true);
  });

  test('reads the open ticket from the address', () => {
    expect(openTicketOf('/tickets/01ABC')).toBe('01ABC');
    expect(openTicketOf('/tickets')).toBeUndefined();
    expect(openTicketOf('/contacts/1')).toBeUndefined();
  });
});

describe('the address of a notified ticket', () => {
  test('is the one the ticket lists use, /tickets/{uuid}', () => {
    const notified = ticket('42', { uuid: '0b6f7c1e-5d1a-4c36-9a57-1f0e2d3c4b5a' });

    expect(ticketRoutePath(notified.uuid)).toBe('/tickets/0b6f7c1e-5d1a-4c36-9a57-1f0e2d3c4b5a');
    expect(pathAfterAction('accept', notified, notified, '/tickets')).toBe(ticketRoutePath(notified.uuid));
  });

  test("opens the list on the tab of the ticket's status: a pending ticket under Pending, not Assigned (issue 27)", () => {
    expect(listPlaceOf(shownTicketState('pending'))).toEqual({ tab: 'open', openTab: 'pending' });
    expect(listPlaceOf(shownTicketState('open'))).toEqual({ tab: 'open', openTab: 'assigned' });
    expect(listPlaceOf(shownTicketState('closed'))).toEqual({ tab: 'closed' });
  });

  test('leaves the list where it is for any other navigation, and follows an accept to Assigned', () => {
    expect(listPlaceOf(undefined)).toBeUndefined();
    expect(listPlaceOf({ from: '/contacts' })).toBeUndefined();
    expect(listPlaceOf(stateAfterAction('accept'))).toEqual({ tab: 'open', openTab: 'assigned' });
  });
});

describe('the volume', () => {
  test('defaults to 1 when nothing usable is stored', () => {
    expect(parseVolume(null)).toBe(DEFAULT_VOLUME);
    expect(parseVolume('')).toBe(1);
    expect(parseVolume('loud')).toBe(1);
  });

  test('reads a stored value, clamped to 0..1 and rounded to the 0.1 step', () => {
    expect(parseVolume('0.3')).toBe(0.3);
    expect(parseVolume('0')).toBe(0);
    expect(parseVolume('7')).toBe(1);
    expect(parseVolume('-1')).toBe(0);
    expect(normalizeVolume(0.1 * 3)).toBe(0.3);
    expect(normalizeVolume(0.46)).toBe(0.5);
  });

  test('is stored locally and tells its listeners', () => {
    // Prepare
    const items = new Map<string, string>();
    const storage = { getItem: (key: string) => items.get(key) ?? null, setItem: (key: string, value: string) => void items.set(key, value) };
    const store = createVolumeStore(() => storage);
    let heard = 0;
    store.subscribe(() => {
      heard += 1;
    });

    // Act
    store.set(0.3);

    // Assess
    expect(store.get()).toBe(0.3);
    expect(items.get('volume')).toBe('0.3');
    expect(heard).toBe(1);
    expect(createVolumeStore(() => storage).get()).toBe(0.3);
  });

  test('starts at 1 and still works when storage throws', () => {
    // Prepare
    const store = createVolumeStore(() => {
      throw new Error('storage disabled');
    });

    // Act
    store.set(0.5);

    // Assess
    expect(store.get()).toBe(0.5);
  });
});

describe('chimeWav', () => {
  test('is a mono 16-bit PCM WAV of under half a second with sound in it', () => {
    // Act
    const bytes = chimeWav();
    const view = new DataView(bytes.buffer);
    const text = (offset: number) => String.fromCharCode(...bytes.slice(offset, offset + 4));
    const dataBytes = view.getUint32(40, true);
    let peak = 0;
    for (let offset = 44; offset < bytes.length; offset += 2) peak = Math.max(peak, Math.abs(view.getInt16(offset, true)));

    // Assess
    expect([text(0), text(8), text(12), text(36)]).toEqual(['RIFF', 'WAVE', 'fmt ', 'data']);
    expect(view.getUint32(4, true)).toBe(bytes.length - 8);
    expect(view.getUint16(20, true)).toBe(1);
    expect(view.getUint16(22, true)).toBe(1);
    expect(view.getUint32(24, true)).toBe(CHIME_SAMPLE_RATE);
    expect(view.getUint16(34, true)).toBe(16);
    expect(dataBytes).toBe(bytes.length - 44);
    expect(dataBytes / 2 / CHIME_SAMPLE_RATE).toBeLessThan(0.5);
    expect(peak).toBeGreaterThan(0x7fff * 0.1);
    expect(peak).toBeLessThanOrEqual(0x7fff);
  });
});

describe('whenLabel', () => {
  const now = new Date(2025, 0, 31, 18, 0);

  test('shows the time (HH:mm) of a change made today', () => {
    expect(whenLabel(new Date(2025, 0, 31, 9, 5).toISOString(), now, 'pt')).toBe('09:05');
  });

  test('shows the date (DD/MM/YYYY) of an older change', () => {
    expect(whenLabel(new Date(2025, 0, 30, 23, 59).toISOString(), now, 'pt')).toBe('30/01/2025');
  });

  test('shows nothing for a date it cannot read', () => {
    expect(whenLabel('soon', now, 'pt')).toBe('');
  });
});
