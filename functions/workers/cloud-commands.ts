/**
 * The consumer of the `cloud-commands` FIFO queue (issue 32): the commands of Cloud API connections,
 * carried out by core/whatsapp-cloud/run-cloud-command.ts. Each record is validated with SessionCommand
 * (an invalid one is logged and dropped: retrying cannot fix it). A connection's records (one FIFO
 * group) are handled in order; when one must wait (Meta throttled us or failed in passing) or failed
 * unexpectedly, it and the rest of its group in the batch are reported as failures, so SQS hands them
 * back in order, while other connections go on. A command to try again is made visible again after a
 * growing pause (CLOUD_COMMAND_TRIES tries, INTEGRATION_RETRY_BASE_SECONDS x 1, 2, 4, ... between them:
 * the outside services' retry base, 20 s on AWS); a FIFO queue takes no per-message delay, so the pause is
 * the records' visibility, and the later commands of the group wait behind the first. Log lines name the
 * command, never the token.
 */
import { ChangeMessageVisibilityBatchCommand } from '@aws-sdk/client-sqs';
import type { SQSBatchItemFailure, SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { CLOUD_COMMANDS_QUEUE_ID, QUEUES } from '../../infra/resources/queues';
import { sqs } from '../core/aws/clients';
import { config } from '../core/config';
import { logger } from '../core/logger';
import { appendSharedKeys, logKeysOf, observed } from '../core/observability';
import { SessionCommand } from '../core/sessions/commands';
import { runCloudCommand } from '../core/whatsapp-cloud/run-cloud-command';

/** How many times a command is tried before a retryable failure counts as final. */
export const CLOUD_COMMAND_TRIES = 5;

/** The pause before the try after `receives` receives: the base doubled each time, within the queue's visibility timeout. */
export function retryPauseSeconds(receives: number): number {
  const longest = QUEUES.find((queue) => queue.id === CLOUD_COMMANDS_QUEUE_ID)?.visibilityTimeoutSeconds ?? 60;
  return Math.min(longest, Math.max(1, Math.round(config.integrationRetryBaseSeconds() * 2 ** Math.max(0, receives - 1))));
}

function parse(record: SQSRecord): SessionCommand | undefined {
  try {
    const parsed = SessionCommand.safeParse(JSON.parse(record.body));
    if (parsed.success) return parsed.data;
    logger.error('cloud command dropped: invalid', { messageId: record.messageId, issues: parsed.error.issues.map((issue) => issue.path.join('.')) });
  } catch {
    logger.error('cloud command dropped: not JSON', { messageId: record.messageId });
  }
  return undefined;
}

const receivesOf = (record: SQSRecord): number => Math.max(1, Number(record.attributes.ApproximateReceiveCount) || 1);

/** Makes the records visible again after `seconds`; a failure leaves them to the queue's own timeout. */
async function delay(records: readonly SQSRecord[], seconds: number): Promise<void> {
  try {
    await sqs().send(
      new ChangeMessageVisibilityBatchCommand({
        QueueUrl: config.queueUrl(CLOUD_COMMANDS_QUEUE_ID),
        Entries: records.map((record, index) => ({ Id: String(index), ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds })),
      }),
    );
  } catch (error) {
    logger.warn('cloud commands not delayed; they come back after the queue visibility timeout', { count: records.length, error });
  }
}

/** One connection's records in order; answers the records to hand back (the one that must wait and those after it). */
async function handleGroup(items: readonly { record: SQSRecord; command: SessionCommand | undefined }[]): Promise<SQSRecord[]> {
  for (const [index, { record, command }] of items.entries()) {
    if (!command) continue;
    const about = { messageId: record.messageId, commandId: command.commandId, type: command.type, companyId: command.companyId, whatsappId: command.whatsappId };
    const receives = receivesOf(record);
    const rest = items.slice(index).map((item) => item.record);
    try {
      const outcome = await runCloudCommand(command, { lastTry: receives >= CLOUD_COMMAND_TRIES });
      if (outcome.kind === 'done') continue;
      const pause = retryPauseSeconds(receives);
      logger.warn('cloud command will be tried again', { ...about, receives, retryInSeconds: pause, status: outcome.error.status, code: outcome.error.code, reason: outcome.error.reason });
      await delay(rest, pause);
      return rest;
    } catch (error) {
      logger.error('cloud command failed; it will be retried', { ...about, receives, error });
      return rest;
    }
  }
  return [];
}

async function handle(event: SQSEvent): Promise<SQSBatchResponse> {
  const groups = new Map<string, { record: SQSRecord; command: SessionCommand | undefined }[]>();
  const commands: SessionCommand[] = [];
  for (const record of event.Records) {
    const command = parse(record);
    if (command) commands.push(command);
    const group = command?.whatsappId ?? record.attributes.MessageGroupId ?? record.messageId;
    groups.set(group, [...(groups.get(group) ?? []), { record, command }]);
  }
  appendSharedKeys(commands, logKeysOf);
  const handedBack = await Promise.all([...groups.values()].map(handleGroup));
  const failures: SQSBatchItemFailure[] = handedBack.flat().map((record) => ({ itemIdentifier: record.messageId }));
  return { batchItemFailures: failures };
}

export const handler = observed(handle);
