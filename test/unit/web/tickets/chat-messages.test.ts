import type { ConversationTicketDto, MessageDto, MessagePage } from '../../../../shared/messages';
import { ackState } from '../../../../web/src/tickets/conversation/ack';
import { loadedMessages, upsertMessage, type MessagePages } from '../../../../web/src/tickets/conversation/message-cache';
import { messageContent } from '../../../../web/src/tickets/conversation/message-content';
import { buildTimeline, timelineTickets, type TimelineTicket } from '../../../../web/src/tickets/conversation/timeline';
import { dayLabel, formatTime } from '../../../../web/src/tickets/conversation/dates';
import { noteProblem } from '../../../../web/src/tickets/conversation/note-rules';
import { quotePreview } from '../../../../web/src/tickets/conversation/quote-preview';
import { messageDto } from '../../../support/message-dto';

const message = (id: string, createdAt: string, changes: Partial<MessageDto> = {}): MessageDto =>
  messageDto({ id: `T1.${id}`, body: `mensagem ${id}`, createdAt, ...changes });

const page = (messages: MessageDto[], hasMore: boolean): MessagePage => ({ messages, hasMore, cursor: hasMore ? 'X' : null, tickets: [] });
const pages = (...list: MessagePage[]): MessagePages => ({ pages: list, pageParams: list.map((_, index) => (index === 0 ? null : `P${index}`)) });

const m1 = message('01', '2024-05-01T10:00:00.000Z');
const m2 = message('02', '2024-05-01T11:00:00.000Z');
const m3 = message('03', '2024-05-02T09:00:00.000Z');
const m4 = message('04', '2024-05-02T09:30:00.000Z');

describe('conversation cache', () => {
  test('shows the loaded pages oldest first, each message once', () => {
    // Prepare
    const data = pages(page([m4, m3], true), page([m3, m2, m1], false));

    // Act
    const messages = loadedMessages(data);

    // Assess
    expect(messages.map((item) => item.id)).toEqual([m1.id, m2.id, m3.id, m4.id]);
  });

  test('a new message goes to the newest page', () => {
    // Prepare
    const data = pages(page([m3, m2], true), page([m1], false));
    const fresh = message('05', '2024-05-03T08:00:00.000Z');

    // Act
    const next = upsertMessage(data, fresh);

    // Assess
    expect(next?.pages[0]?.messages.map((item) => item.id)).toEqual([fresh.id, m3.id, m2.id]);
    expect(next?.pages[1]).toBe(data.pages[1]);
  });

  test('a changed message is replaced where it is, so its ack and deletion show', () => {
    // Prepare
    const data = pages(page([m3, m2], true), page([m1], false));

    // Act
    const next = upsertMessage(data, { ...m1, isDeleted: true });

    // Assess
    expect(loadedMessages(next).find((item) => item.id === m1.id)?.isDeleted).toBe(true);
    expect(loadedMessages(next)).toHaveLength(3);
  });

  test('the answer of a send and its event count as one message', () => {
    // Prepare
    const sent = message('05', '2024-05-03T08:00:00.000Z', { fromMe: true, ack: 0 });
    const data = pages(page([m2, m1], false));

    // Act
    const next = upsertMessage(upsertMessage(data, sent), { ...sent, ack: 1 });

    // Assess
    expect(loadedMessages(next).filter((item) => item.id === sent.id)).toEqual([{ ...sent, ack: 1 }]);
  });

  test('a message older than every loaded one waits for its page while older pages remain', () => {
    // Prepare
    const data = pages(page([m4, m3], true));

    // Act
    const next = upsertMessage(data, m1);

    // Assess
    expect(next).toBe(data);
  });

  test('nothing is cached before the first page arrives', () => {
    expect(upsertMessage(undefined, m1)).toBeUndefined();
  });
});

describe('conversation timeline', () => {
  const dayOf = (iso: string) => iso.slice(0, 10);
  const ticket = (id: string, createdAt: string, changes: Partial<TimelineTicket> = {}): TimelineTicket => ({
    id,
    createdAt,
    closedAt: null,
    startLoaded: false,
    ...changes,
  });
  const t1 = ticket('T1', '2024-05-01T09:59:00.000Z');
  const kinds = (rows: ReturnType<typeof buildTimeline>) => rows.map((row) => (row.kind === 'message' ? row.message.body : row.kind));

  test('puts a day separator before the first message of each day', () => {
    // Act
    const rows = buildTimeline([m1, m2, m3], [t1], dayOf);

    // Assess
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'message', 'day', 'message']);
    expect(rows[3]).toMatchObject({ kind: 'day', at: m3.createdAt });
  });

  test('marks where the conversation started and where it was closed', () => {
    // Act
    const rows = buildTimeline([m1, m2], [{ ...t1, startLoaded: true, closedAt: '2024-05-02T12:00:00.000Z' }], dayOf);

    // Assess
    expect(rows.map((row) => row.kind)).toEqual(['day', 'started', 'message', 'message', 'day', 'closed']);
  });

  test('the close of the same instant as the last message comes after it', () => {
    // Act
    const rows = buildTimeline([m1], [{ ...t1, closedAt: m1.createdAt }], dayOf);

    // Assess
    expect(rows.map((row) => row.kind)).toEqual(['day', 'message', 'closed']);
  });

  describe('across the tickets of the contact', () => {
    const earlier = (id: string, createdAt: string) => message(id, createdAt, { id: `T0.${id}`, ticketId: 'T0', body: `antiga ${id}` });
    const e1 = earlier('01', '2024-04-30T10:00:00.000Z');
    const e2 = earlier('02', '2024-04-30T10:05:00.000Z');
    const t0 = ticket('T0', '2024-04-30T09:58:00.000Z', { closedAt: '2024-04-30T10:06:00.000Z', startLoaded: true });

    test("closes the earlier ticket after its last message and starts the next before its first, by day", () => {
      // Act
      const rows = buildTimeline([e1, e2, m1, m2], [t0, { ...t1, startLoaded: true }], dayOf);

      // Assess
      expect(kinds(rows)).toEqual(['day', 'started', 'antiga 01', 'antiga 02', 'closed', 'day', 'started', 'mensagem 01', 'mensagem 02']);
      expect(rows.filter((row) => row.kind === 'closed' || row.kind === 'started').map((row) => row.key)).toEqual([
        'started-T0',
        'closed-T0',
        'started-T1',
      ]);
      expect(rows[4]).toMatchObject({ kind: 'closed', at: t0.closedAt });
      expect(rows[6]).toMatchObject({ kind: 'started', at: t1.createdAt });
    });

    test('keeps each marker beside its own messages when a message is stamped before its ticket was created', () => {
      // Prepare: the contact wrote while the phone was offline; the ticket opened when the message arrived.
      const late = message('09', '2024-05-01T09:00:00.000Z', { body: 'escrita offline' });

      // Act
      const rows = buildTimeline([e1, e2, late, m1], [t0, { ...t1, startLoaded: true }], dayOf);

      // Assess
      expect(kinds(rows)).toEqual(['day', 'started', 'antiga 01', 'antiga 02', 'closed', 'day', 'started', 'escrita offline', 'mensagem 01']);
      expect(rows[6]).toMatchObject({ kind: 'started', at: t1.createdAt });
    });

    test('shows both markers of an earlier ticket without messages between the others', () => {
      // Act
      const empty = ticket('T05', '2024-04-30T12:00:00.000Z', { closedAt: '2024-04-30T12:30:00.000Z', startLoaded: true });
      const rows = buildTimeline([e1, e2, m1], [t0, empty, { ...t1, startLoaded: true }], dayOf);

      // Assess
      expect(rows.filter((row) => row.kind !== 'message' && row.kind !== 'day').map((row) => row.key)).toEqual([
        'started-T0',
        'closed-T0',
        'started-T05',
        'closed-T05',
        'started-T1',
      ]);
    });

    test('shows a message of a ticket it was not told about, without markers', () => {
      // Act
      const rows = buildTimeline([e1, m1], [{ ...t1, startLoaded: true }], dayOf);

      // Assess
      expect(kinds(rows)).toEqual(['day', 'antiga 01', 'day', 'started', 'mensagem 01']);
    });
  });

  describe('tickets of the loaded history', () => {
    const live = { id: 'T2', status: 'open' as const, createdAt: '2024-05-03T08:00:00.000Z', updatedAt: '2024-05-03T09:00:00.000Z' };
    const summary = (id: string, createdAt: string, closedAt: string | null = null): ConversationTicketDto => ({
      id,
      status: closedAt ? 'closed' : 'open',
      createdAt,
      closedAt,
    });
    const t0 = summary('T0', '2024-04-01T08:00:00.000Z', '2024-04-01T09:00:00.000Z');
    const t1Summary = summary('T1', '2024-04-20T08:00:00.000Z', '2024-04-20T09:00:00.000Z');

    test('a ticket shows where it started once a page reached an earlier ticket, the oldest once nothing is left', () => {
      // Prepare
      const first = { tickets: [summary('T2', live.createdAt), t1Summary] };

      // Act
      const reading = timelineTickets(live, [first], true);
      const done = timelineTickets(live, [first, { tickets: [t1Summary, t0] }], false);

      // Assess
      expect(reading.map((item) => [item.id, item.startLoaded])).toEqual([
        ['T1', false],
        ['T2', true],
      ]);
      expect(done.map((item) => [item.id, item.startLoaded, item.closedAt])).toEqual([
        ['T0', true, t0.closedAt],
        ['T1', true, t1Summary.closedAt],
        ['T2', true, null],
      ]);
    });

    test("the conversation's own ticket is as the app knows it now, closed since its pages were read", () => {
      // Act
      const tickets = timelineTickets({ ...live, status: 'closed' }, [{ tickets: [summary('T2', live.createdAt)] }], false);

      // Assess
      expect(tickets).toEqual([{ id: 'T2', createdAt: live.createdAt, closedAt: live.updatedAt, startLoaded: true }]);
    });

    test('before any page, the ticket has not shown where it started', () => {
      expect(timelineTickets(live, [], true)).toEqual([{ id: 'T2', createdAt: live.createdAt, closedAt: null, startLoaded: false }]);
    });
  });
});

describe('delivery ticks', () => {
  test.each([
    [0, 'pending'],
    [1, 'pending'],
    [2, 'sent'],
    [3, 'delivered'],
    [4, 'read'],
    [5, 'read'],
  ] as const)('ack %p shows as %p', (ack, state) => {
    expect(ackState(ack)).toBe(state);
  });
});

describe('message content', () => {
  test('an image with its file shows the image and its caption', () => {
    expect(messageContent(message('01', m1.createdAt, { mediaType: 'image', mediaUrl: 'https://s3/x.jpg', body: 'foto' }))).toEqual({
      kind: 'image',
      url: 'https://s3/x.jpg',
      caption: 'foto',
    });
  });

  test('a document is a download under its name, without repeating the name as caption', () => {
    expect(
      messageContent(message('01', m1.createdAt, { mediaType: 'application', mediaUrl: 'https://s3/a.pdf', mediaName: 'a.pdf', body: 'a.pdf' })),
    ).toEqual({ kind: 'document', url: 'https://s3/a.pdf', name: 'a.pdf', caption: '' });
  });

  test('a location is read from its stored form', () => {
    expect(messageContent(message('01', m1.createdAt, { mediaType: 'locationMessage', body: 'geo:-23.5,-46.6\nAv. Paulista' }))).toEqual({
      kind: 'location',
      location: { latitude: -23.5, longitude: -46.6, description: 'Av. Paulista' },
    });
  });

  test('a contact card shows its name and number', () => {
    const body = 'BEGIN:VCARD\nVERSION:3.0\nFN:Maria\nTEL;type=CELL;waid=5511999990000:+55 11 99999-0000\nEND:VCARD';
    expect(messageContent(message('01', m1.createdAt, { mediaType: 'vcard', body }))).toEqual({
      kind: 'vcard',
      card: { name: 'Maria', number: '5511999990000' },
    });
  });

  test('a video call log is a call entry', () => {
    expect(messageContent(message('01', m1.createdAt, { mediaType: 'call_log', body: 'call:video' }))).toEqual({ kind: 'call', video: true });
  });

  test('a received photo whose download failed says so, with its caption', () => {
    expect(messageContent(message('01', m1.createdAt, { mediaType: 'image', mediaUrl: null, mediaMissing: true, body: 'foto do produto' }))).toEqual({
      kind: 'missingMedia',
      caption: 'foto do produto',
    });
  });

  test('media without a file falls back to its text', () => {
    expect(messageContent(message('01', m1.createdAt, { mediaType: 'audio', mediaUrl: null, body: 'áudio' }))).toEqual({
      kind: 'text',
      text: 'áudio',
    });
  });
});

describe('quoted message preview', () => {
  test('shows the text without formatting on one line', () => {
    expect(quotePreview({ body: '*Ana*:\nbom   dia', mediaType: 'chat' })).toEqual({ text: 'Ana: bom dia', kind: null });
  });

  test('names the kind of a media message beside its caption', () => {
    expect(quotePreview({ body: 'recibo', mediaType: 'application' })).toEqual({ text: 'recibo', kind: 'document' });
  });

  test('shows the place of a location rather than its coordinates', () => {
    expect(quotePreview({ body: 'geo:1,2\nPraça da Sé', mediaType: 'locationMessage' })).toEqual({ text: 'Praça da Sé', kind: 'location' });
  });
});

describe('day separators and notes', () => {
  const now = new Date(2024, 4, 10, 15, 0);

  test.each([
    [new Date(2024, 4, 10, 0, 5), { kind: 'today' }],
    [new Date(2024, 4, 9, 23, 55), { kind: 'yesterday' }],
    [new Date(2024, 3, 2, 12, 0), { kind: 'date', text: '02/04/2024' }],
  ])('labels %p as %p', (date, label) => {
    expect(dayLabel(date.toISOString(), 'pt', now)).toEqual(label);
  });

  test('times show as HH:mm', () => {
    expect(formatTime(new Date(2024, 0, 1, 7, 5).toISOString())).toBe('07:05');
  });

  test.each([
    ['', 'required'],
    ['   ', 'required'],
    [' a ', 'tooShort'],
    ['ok', null],
  ] as const)('the note %p has problem %p', (note, problem) => {
    expect(noteProblem(note)).toBe(problem);
  });
});
