import type { KanbanTicketDto } from '../../../../shared/tickets';
import { cardNumber } from '../../../../web/src/kanban/card-number';
import {
  boardLanes,
  isLaneId,
  laneOfTicket,
  moveSteps,
  neighbourLane,
  runMoveSteps,
  OPEN_LANE_ID,
  tagIdOfLane,
  tagLaneId,
  type LaneTag,
} from '../../../../web/src/kanban/kanban-board';

const card = (id: string, tags: string[] = [], updatedAt = '2025-01-01T10:00:00.000Z'): KanbanTicketDto => ({
  id,
  uuid: `uuid-${id}`,
  number: null,
  status: 'open',
  queueId: null,
  userId: null,
  tags,
  contact: { id: `c-${id}`, name: `Contato ${id}`, number: '5511999990000' },
  isGroup: false,
  lastMessage: 'Olá',
  updatedAt,
});

const URGENT: LaneTag = { id: 'T1', name: 'Urgente', color: '#b91c1c' };
const WAITING: LaneTag = { id: 'T2', name: 'Aguardando', color: '#0f766e' };
const TAGS = [URGENT, WAITING];

const idsByLane = (lanes: ReturnType<typeof boardLanes>) => Object.fromEntries(lanes.map((lane) => [lane.id, lane.cards.map((c) => c.id)]));

describe('the board lanes', () => {
  test("starts with 'Em aberto' and then has one lane per kanban tag, in the tags' order", () => {
    const lanes = boardLanes([], TAGS);

    expect(lanes.map((lane) => lane.id)).toEqual([OPEN_LANE_ID, 'tag:T1', 'tag:T2']);
    expect(lanes.map((lane) => lane.tag?.name)).toEqual([undefined, 'Urgente', 'Aguardando']);
  });

  test("puts a ticket without tags in 'Em aberto' and a tagged ticket in its tag's lane", () => {
    const lanes = boardLanes([card('A'), card('B', ['T2']), card('C', ['T1'])], TAGS);

    expect(idsByLane(lanes)).toEqual({ open: ['A'], 'tag:T1': ['C'], 'tag:T2': ['B'] });
  });

  test("puts a ticket whose only tags are not kanban tags in 'Em aberto'", () => {
    const lanes = boardLanes([card('A', ['PLAIN'])], TAGS);

    expect(idsByLane(lanes).open).toEqual(['A']);
  });

  test('shows a ticket with two kanban tags once, in the first of their lanes', () => {
    const lanes = boardLanes([card('A', ['T2', 'T1'])], TAGS);

    expect(idsByLane(lanes)).toEqual({ open: [], 'tag:T1': ['A'], 'tag:T2': [] });
  });

  test('counts the cards of each lane', () => {
    const lanes = boardLanes([card('A'), card('B', ['T1']), card('C', ['T1']), card('D')], TAGS);

    expect(lanes.map((lane) => lane.cards.length)).toEqual([2, 2, 0]);
  });

  test('orders the cards of a lane newest change first, the id breaking ties', () => {
    const tickets = [card('A', [], '2025-01-01T10:00:00.000Z'), card('B', [], '2025-01-02T10:00:00.000Z'), card('C', [], '2025-01-01T10:00:00.000Z')];

    expect(idsByLane(boardLanes(tickets, TAGS)).open).toEqual(['B', 'C', 'A']);
  });

  test('shows a ticket whose move is on its way in the lane it goes to', () => {
    const lanes = boardLanes([card('A'), card('B', ['T1'])], TAGS, new Map([['A', tagLaneId('T2')], ['B', OPEN_LANE_ID]] as const));

    expect(idsByLane(lanes)).toEqual({ open: ['B'], 'tag:T1': [], 'tag:T2': ['A'] });
  });

  test('ignores a move to a lane that is gone (its tag was deleted or unflagged)', () => {
    const lanes = boardLanes([card('A', ['T1'])], TAGS, new Map([['A', tagLaneId('GONE')]] as const));

    expect(idsByLane(lanes)['tag:T1']).toEqual(['A']);
  });
});

describe('laneOfTicket', () => {
  test("answers 'Em aberto' for a ticket with no tag", () => {
    expect(laneOfTicket({ tags: [] }, TAGS)).toBe(OPEN_LANE_ID);
  });

  test("answers the tag's lane for a ticket with a kanban tag", () => {
    expect(laneOfTicket({ tags: ['PLAIN', 'T2'] }, TAGS)).toBe('tag:T2');
  });
});

describe('lane ids', () => {
  test('name the tag of a tag lane and none for Em aberto', () => {
    expect(tagIdOfLane(tagLaneId('T1'))).toBe('T1');
    expect(tagIdOfLane(OPEN_LANE_ID)).toBeUndefined();
  });

  test('are told apart from the ids of cards', () => {
    expect(isLaneId(OPEN_LANE_ID)).toBe(true);
    expect(isLaneId('tag:T1')).toBe(true);
    expect(isLaneId('tag:')).toBe(false);
    expect(isLaneId('01JTICKET')).toBe(false);
    expect(isLaneId(7)).toBe(false);
  });
});

describe('moveSteps (spec 2 §4)', () => {
  test('asks nothing when the card is dropped on its own lane', () => {
    expect(moveSteps('tag:T1', 'tag:T1')).toEqual([]);
    expect(moveSteps(OPEN_LANE_ID, OPEN_LANE_ID)).toEqual([]);
  });

  test("only removes the tag when the card goes to 'Em aberto'", () => {
    expect(moveSteps('tag:T1', OPEN_LANE_ID)).toEqual([{ kind: 'removeTag' }]);
  });

  test("removes the ticket's tag and then adds the lane's tag when the card goes from a tag lane to another", () => {
    expect(moveSteps('tag:T1', 'tag:T2')).toEqual([{ kind: 'removeTag' }, { kind: 'addTag', tagId: 'T2' }]);
  });

  test("only adds the lane's tag when the card goes from 'Em aberto' to a tag lane, as there is no tag to remove", () => {
    expect(moveSteps(OPEN_LANE_ID, 'tag:T1')).toEqual([{ kind: 'addTag', tagId: 'T1' }]);
  });
});

describe('runMoveSteps', () => {
  function recorder(refuse?: 'removeTag' | 'addTag') {
    const calls: string[] = [];
    const done: string[] = [];
    const answer = (call: string) => {
      calls.push(call);
      return call.startsWith(refuse ?? '-') ? Promise.reject(new Error('ERR_NO_TAG_FOUND')) : Promise.resolve(`answer of ${call}`);
    };
    const api = { removeTag: () => answer('removeTag'), addTag: (tagId: string) => answer(`addTag ${tagId}`) };
    const tell = (step: { kind: string }, reply: string) => void done.push(`${step.kind}: ${reply}`);
    return { calls, done, api, tell };
  }

  test('removes the tag, then adds the lane tag, telling each answer in turn', async () => {
    const { calls, done, api, tell } = recorder();

    await runMoveSteps(moveSteps('tag:T1', 'tag:T2'), api, tell);

    expect(calls).toEqual(['removeTag', 'addTag T2']);
    expect(done).toEqual(['removeTag: answer of removeTag', 'addTag: answer of addTag T2']);
  });

  test('stops at a refused removal, adding no tag, and throws the refusal', async () => {
    const { calls, done, api, tell } = recorder('removeTag');

    await expect(runMoveSteps(moveSteps('tag:T1', 'tag:T2'), api, tell)).rejects.toThrow('ERR_NO_TAG_FOUND');

    expect(calls).toEqual(['removeTag']);
    expect(done).toEqual([]);
  });

  test('throws a refused addition after telling the removal that was done', async () => {
    const { done, api, tell } = recorder('addTag');

    await expect(runMoveSteps(moveSteps('tag:T1', 'tag:T2'), api, tell)).rejects.toThrow('ERR_NO_TAG_FOUND');

    expect(done).toEqual(['removeTag: answer of removeTag']);
  });
});

describe('neighbourLane', () => {
  const order = [OPEN_LANE_ID, 'tag:T1', 'tag:T2'] as const;

  test('answers the lane on either side', () => {
    expect(neighbourLane(order, 'tag:T1', 'left')).toBe(OPEN_LANE_ID);
    expect(neighbourLane(order, 'tag:T1', 'right')).toBe('tag:T2');
  });

  test('answers nothing past either end or for an unknown lane', () => {
    expect(neighbourLane(order, OPEN_LANE_ID, 'left')).toBeUndefined();
    expect(neighbourLane(order, 'tag:T2', 'right')).toBeUndefined();
    expect(neighbourLane(order, 'tag:GONE', 'right')).toBeUndefined();
  });
});

describe('cardNumber', () => {
  test("shows the ticket's number with a # before it", () => {
    expect(cardNumber({ id: '01JABC', number: 123 })).toBe('#123');
  });

  test('shows the id of a ticket not numbered yet', () => {
    expect(cardNumber({ id: '01JABC', number: null })).toBe('#01JABC');
  });
});
