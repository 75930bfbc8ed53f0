/**
 * The chatbot menu of a queue (spec 3 §3, §7): a tree of options, each with a title, a message and a
 * position among its siblings. The queue and the parent named by a request must be in the caller's
 * company (the session's; keys start with it) and the parent must be an option of that same queue,
 * otherwise the answer is ERR_NO_QUEUE_FOUND / ERR_NO_QUEUE_OPTION_FOUND, exactly as for a missing id.
 *
 * listQueueOptions: check the queue and the parent; answer the options under the parent (null: the top
 * level) in menu order, each with its whole subtree in `children`.
 * createQueueOption: check the queue and the parent; position: the one given, or after the last
 * sibling; write in one transaction the option with checks that the queue still exists and the parent
 * is still an option of that queue (a concurrent deletion cannot leave an orphan).
 * updateQueueOption: read the option; write the title, message and position sent (the list index
 * follows the position), conditioned on the option still existing. Options do not move between parents.
 * deleteQueueOption: read the option; delete its subtree, deepest options first and the option last, so
 * an interrupted deletion leaves a smaller tree that a retry finishes.
 */
import { ulid } from 'ulid';
import type {
  CreateQueueOptionBody,
  QueueOptionDto,
  QueueOptionsQuery,
  UpdateQueueOptionBody,
} from '../../../shared/queues';
import { AppError } from '../errors';
import {
  checkQueueOptionAction,
  compareOptions,
  deleteQueueOptions,
  getQueueOption,
  lastOptionPosition,
  listOptionLevels,
  putNewQueueOptionAction,
  replaceQueueOptionAction,
  type QueueOption,
} from '../repositories/queue-options';
import { checkQueueAction, getQueue } from '../repositories/queues';
import { Steps } from '../repositories/transaction';
import type { Session } from './load-session';

type Caller = Pick<Session, 'companyId'>;

export async function listQueueOptions(session: Caller, query: QueueOptionsQuery): Promise<QueueOptionDto[]> {
  await assertPlace(session.companyId, query.queueId, query.parentId);
  const levels = await listOptionLevels(session.companyId, query.queueId, query.parentId);
  return toTree(levels.flat(), query.parentId);
}

export async function createQueueOption(session: Caller, input: CreateQueueOptionBody, now = new Date()): Promise<QueueOptionDto> {
  const { companyId } = session;
  await assertPlace(companyId, input.queueId, input.parentId);
  const createdAt = now.toISOString();
  const option: QueueOption = {
    id: ulid(),
    companyId,
    queueId: input.queueId,
    parentId: input.parentId,
    title: input.title,
    message: input.message,
    option: input.option ?? (await lastOptionPosition(companyId, input.queueId, input.parentId)) + 1,
    createdAt,
    updatedAt: createdAt,
  };

  const steps = new Steps<'queue' | 'parent' | 'option'>();
  steps.add('queue', checkQueueAction(companyId, option.queueId));
  if (option.parentId !== null) steps.add('parent', checkQueueOptionAction(companyId, option.parentId, option.queueId));
  steps.add('option', putNewQueueOptionAction(option));
  const failed = await steps.run();
  if (failed.has('queue')) throw new AppError('ERR_NO_QUEUE_FOUND');
  if (failed.has('parent')) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
  if (failed.size > 0) throw new Error(`Queue option ${option.id} creation failed on ${[...failed].join(', ')}`);
  return toDto(option, []);
}

export async function updateQueueOption(
  session: Caller,
  optionId: string,
  input: UpdateQueueOptionBody,
  now = new Date(),
): Promise<QueueOptionDto> {
  const current = await getQueueOption(session.companyId, optionId);
  if (!current) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
  const option: QueueOption = {
    ...current,
    title: input.title ?? current.title,
    message: input.message ?? current.message,
    option: input.option ?? current.option,
    updatedAt: now.toISOString(),
  };

  const steps = new Steps<'option'>();
  steps.add('option', replaceQueueOptionAction(option));
  if ((await steps.run()).has('option')) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');

  const levels = await listOptionLevels(session.companyId, option.queueId, option.id);
  return toDto(option, toTree(levels.flat(), option.id));
}

export async function deleteQueueOption(session: Caller, optionId: string): Promise<void> {
  const option = await getQueueOption(session.companyId, optionId);
  if (!option) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
  const levels = await listOptionLevels(session.companyId, option.queueId, option.id);
  const deepestFirst = levels.reverse().flatMap((level) => level.map((child) => child.id));
  await deleteQueueOptions(session.companyId, [...deepestFirst, option.id]);
}

/** The queue must be in the company, and the parent (when given) an option of that queue. */
async function assertPlace(companyId: string, queueId: string, parentId: string | null): Promise<void> {
  const [queue, parent] = await Promise.all([
    getQueue(companyId, queueId, true),
    parentId === null ? Promise.resolve(undefined) : getQueueOption(companyId, parentId),
  ]);
  if (!queue) throw new AppError('ERR_NO_QUEUE_FOUND');
  if (parentId !== null && parent?.queueId !== queueId) throw new AppError('ERR_NO_QUEUE_OPTION_FOUND');
}

/** Nests the options under `rootId` by their parent, each level in menu order. */
function toTree(options: readonly QueueOption[], rootId: string | null): QueueOptionDto[] {
  const byParent = new Map<string | null, QueueOption[]>();
  for (const option of options) {
    byParent.set(option.parentId, [...(byParent.get(option.parentId) ?? []), option]);
  }
  const build = (parentId: string | null): QueueOptionDto[] =>
    [...(byParent.get(parentId) ?? [])].sort(compareOptions).map((option) => toDto(option, build(option.id)));
  return build(rootId);
}

const toDto = (option: QueueOption, children: readonly QueueOptionDto[]): QueueOptionDto => ({
  id: option.id,
  queueId: option.queueId,
  parentId: option.parentId,
  title: option.title,
  message: option.message,
  option: option.option,
  children,
});
