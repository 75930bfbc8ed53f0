/** The commands waiting on the session host's shard queues of a test cloud, for asserting what was sent. */
import { DeleteMessageCommand, ReceiveMessageCommand } from '@aws-sdk/client-sqs';
import { SESSION_SHARDS, sessionCommandQueueId } from '../../infra/resources/queues';
import { sqs } from '../../functions/core/aws/clients';
import type { SessionCommand } from '../../functions/core/sessions/commands';
import type { TestCloud } from './local-cloud';

export interface ReceivedCommand {
  readonly shard: number;
  readonly groupId: string | undefined;
  readonly command: SessionCommand;
}

/** Every command waiting on the session-host queues, taken off them (the tests run one after the other). */
export async function drainCommands(cloud: TestCloud): Promise<ReceivedCommand[]> {
  const received: ReceivedCommand[] = [];
  for (let shard = 0; shard < SESSION_SHARDS; shard += 1) {
    const QueueUrl = cloud.queueUrls[sessionCommandQueueId(shard)] ?? '';
    for (;;) {
      const { Messages = [] } = await sqs().send(
        new ReceiveMessageCommand({
          QueueUrl,
          MaxNumberOfMessages: 10,
          WaitTimeSeconds: 0,
          // eslint-disable-next-line @typescript-eslint/no-deprecated -- local-aws-sqs reads only the older AttributeNames; AWS reads MessageSystemAttributeNames
          AttributeNames: ['All'],
          MessageSystemAttributeNames: ['All'],
        }),
      );
      if (Messages.length === 0) break;
      for (const message of Messages) {
        received.push({ shard, groupId: message.Attributes?.MessageGroupId, command: JSON.parse(message.Body ?? '{}') });
        await sqs().send(new DeleteMessageCommand({ QueueUrl, ReceiptHandle: message.ReceiptHandle }));
      }
    }
  }
  return received;
}
