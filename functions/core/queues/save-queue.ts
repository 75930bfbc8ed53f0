/**
 * Creating and changing a queue (department), with the rules that span the company, each enforced by a
 * condition of the one transaction that writes the queue:
 * - the colour is unique in the company, compared without case: its uniqueness item is written with the
 *   queue, and a colour change deletes the old item and creates the new one (attribute_not_exists).
 *   A taken colour answers ERR_QUEUE_COLOR_ALREADY_EXISTS and nothing is written;
 * - the greeting is required while the company has, or would then have, more than one queue (spec 1 §5):
 *   ERR_WAPP_GREETING_REQUIRED;
 * - the plan's queue limit, kept with the company's `queuesCount` counter: ERR_QUEUE_LIMIT_REACHED;
 * - a prompt named is one of the company's (ai/check-prompt.ts): ERR_NO_PROMPT_FOUND.
 *
 * The plan limit is a cap: a company may create a queue while `queuesCount < plan.queues`. A limit of 0
 * (the spec's default for a new plan) therefore allows no queue beyond those the company has (the first
 * queue, made with the company at sign-up, always exists). No value means "unlimited": a plan meant to
 * feel unlimited sets a large number, so a plan whose limits were left at the default never grants
 * unlimited queues by accident.
 *
 * createQueue steps: refuse at once what the session already shows (limit, then greeting); fill the
 * defaults (schedule: defaultQueueSchedule(); order: after the last queue); write in one transaction the
 * colour item, the company counter (+1, conditioned on the limit and, without a greeting, on being the
 * only queue) and the queue; map a failed condition to its error; publish `queue` create.
 *
 * updateQueue steps: read the queue (strongly consistent; another company's id is a missing one); merge
 * the fields sent; refuse a blank greeting when the company has more than one queue; write in one
 * transaction the queue (conditioned on its colour being still the one read, so two concurrent colour
 * changes cannot both pass), the old colour item's deletion and the new one's creation when the colour
 * changes, and a check of the company's count without a greeting; on a concurrent change, start over
 * (a few times); publish `queue` update.
 */
import { ulid } from 'ulid';
import { checkPromptOf } from '../ai/check-prompt';
import type { CreateQueueBody, QueueDto, UpdateQueueBody } from '../../../shared/queues';
import { defaultQueueSchedule } from '../../../shared/schedules';
import { AppError, conflict } from '../errors';
import { publishToCompany } from '../realtime/publisher';
import { addQueueToCompanyAction, checkSingleQueueAction, getCompany } from '../repositories/companies';
import {
  claimQueueColorAction,
  getQueue,
  listQueues,
  putNewQueueAction,
  queueColorKeyChanged,
  releaseQueueColorAction,
  replaceQueueAction,
  toQueueDto,
  type Queue,
} from '../repositories/queues';
import { getQueueIntegration } from '../repositories/queue-integrations';
import { Steps } from '../repositories/transaction';
import { announceQueueChange } from '../conversations/ticket-rows';
import type { Caller } from '../caller/load-caller';

/** Attempts of an update that meets concurrent changes of the same queue before giving up. */
const UPDATE_ATTEMPTS = 3;

export const isBlank = (text: string): boolean => text.trim() === '';

export async function createQueue(caller: Caller, input: CreateQueueBody, now = new Date()): Promise<QueueDto> {
  const limit = caller.plan.queues;
  const { greetingMessage } = input;
  const needsGreeting = isBlank(greetingMessage);
  if (caller.company.queuesCount >= limit) throw new AppError('ERR_QUEUE_LIMIT_REACHED');
  if (needsGreeting && caller.company.queuesCount >= 1) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
  await checkPromptOf(caller.companyId, input.promptId);
  if (input.integrationId) await assertIntegrationOf(caller.companyId, input.integrationId);

  const createdAt = now.toISOString();
  const queue: Queue = {
    id: ulid(),
    companyId: caller.companyId,
    name: input.name,
    color: input.color,
    orderQueue: input.orderQueue ?? (await nextOrder(caller.companyId)),
    greetingMessage,
    outOfHoursMessage: input.outOfHoursMessage,
    schedules: input.schedules ?? defaultQueueSchedule(),
    promptId: input.promptId ?? null,
    integrationId: input.integrationId ?? null,
    createdAt,
    updatedAt: createdAt,
  };

  const steps = new Steps();
  steps.add('color', claimQueueColorAction(queue));
  steps.add('company', addQueueToCompanyAction(caller.companyId, limit, { first: needsGreeting }));
  steps.add('queue', putNewQueueAction(queue));

  const failed = await steps.run();
  if (failed.has('company')) {
    // Someone else added a queue meanwhile: the count now tells which rule it broke.
    const company = await getCompany(caller.companyId);
    throw new AppError(!needsGreeting || (company?.queuesCount ?? 0) >= limit ? 'ERR_QUEUE_LIMIT_REACHED' : 'ERR_WAPP_GREETING_REQUIRED');
  }
  if (failed.has('color')) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
  if (failed.size > 0) throw new Error(`Queue ${queue.id} creation failed on ${[...failed].join(', ')}`);

  const dto = toQueueDto(queue);
  await publishToCompany(caller.companyId, 'company', 'queue', { action: 'create', queue: dto });
  return dto;
}

export async function updateQueue(caller: Caller, queueId: string, input: UpdateQueueBody, now = new Date()): Promise<QueueDto> {
  for (let attempt = 1; ; attempt += 1) {
    const current = await getQueue(caller.companyId, queueId, true);
    if (!current) throw new AppError('ERR_NO_QUEUE_FOUND');
    if (input.promptId !== current.promptId) await checkPromptOf(caller.companyId, input.promptId);
    if (input.integrationId && input.integrationId !== current.integrationId) await assertIntegrationOf(caller.companyId, input.integrationId);
    const queue = merge(current, input, now);
    const needsGreeting = isBlank(queue.greetingMessage);
    if (needsGreeting && caller.company.queuesCount > 1) throw new AppError('ERR_WAPP_GREETING_REQUIRED');

    const steps = new Steps();
    steps.add('queue', replaceQueueAction(current, queue));
    if (queueColorKeyChanged(current, queue)) {
      steps.add('oldColor', releaseQueueColorAction(current));
      steps.add('newColor', claimQueueColorAction(queue));
    }
    if (needsGreeting) steps.add('company', checkSingleQueueAction(caller.companyId));

    const failed = await steps.run();
    if (failed.size === 0) {
      const dto = toQueueDto(queue);
      await publishToCompany(caller.companyId, 'company', 'queue', { action: 'update', queue: dto });
      await announceQueueChange(current, queue);
      return dto;
    }
    if (failed.has('company')) throw new AppError('ERR_WAPP_GREETING_REQUIRED');
    if (failed.has('newColor')) throw new AppError('ERR_QUEUE_COLOR_ALREADY_EXISTS');
    if (!failed.has('queue')) throw new Error(`Queue ${queueId} update failed on ${[...failed].join(', ')}`);
    if (attempt >= UPDATE_ATTEMPTS) throw conflict(`Queue ${queueId}`);
    // The queue was deleted or its colour changed since it was read: read it again.
  }
}

/**
 * A queue names only an integration of its own company (ERR_NO_INTEGRATION_FOUND otherwise). One deleted
 * right after this check leaves the queue naming none that exists, which the inbound pipeline reads as
 * none (integrations/answer-by-integration.ts).
 */
async function assertIntegrationOf(companyId: string, integrationId: string): Promise<void> {
  if (!(await getQueueIntegration(companyId, integrationId))) throw new AppError('ERR_NO_INTEGRATION_FOUND');
}

/** The stored queue with the fields sent; `orderQueue: null` keeps the current position. */
function merge(current: Queue, input: UpdateQueueBody, now: Date): Queue {
  return {
    ...current,
    name: input.name ?? current.name,
    color: input.color ?? current.color,
    orderQueue: input.orderQueue ?? current.orderQueue,
    greetingMessage: input.greetingMessage ?? current.greetingMessage,
    outOfHoursMessage: input.outOfHoursMessage ?? current.outOfHoursMessage,
    schedules: input.schedules ?? current.schedules,
    promptId: input.promptId === undefined ? current.promptId : input.promptId,
    integrationId: input.integrationId === undefined ? current.integrationId : input.integrationId,
    updatedAt: now.toISOString(),
  };
}

/** A new queue goes after the existing ones unless the admin chose its position. */
async function nextOrder(companyId: string): Promise<number> {
  const queues = await listQueues(companyId);
  return queues.reduce((highest, queue) => Math.max(highest, queue.orderQueue), 0) + 1;
}
