/**
 * The SQS queues, each with its dead-letter queue, generated from a QueueDefinition list (QUEUES in
 * infra/resources/queues.ts unless a test passes its own). Queues that declare a `consumer` get a Lambda
 * with an SQS event source; the others are read by the session host.
 */
import { Duration } from 'aws-cdk-lib';
import { SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import * as sqs from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { deadLetterQueueName, type QueueDefinition, queueName } from '../../resources/queues';
import type { StageConfig } from '../../resources/stage';
import type { AddFunction } from './function-factory';

export interface QueuesProps {
  readonly stage: StageConfig;
  readonly definitions: readonly QueueDefinition[];
}

/** A queue as deployed, with the definition it was made from. */
export interface DeployedQueue {
  readonly definition: QueueDefinition;
  readonly queue: sqs.Queue;
  readonly deadLetterQueue: sqs.Queue;
}

/** Memory of queue consumers, before the stage's scale; the definitions do not size them. */
const CONSUMER_MEMORY_MB = 512;

export class Queues extends Construct {
  readonly all: readonly DeployedQueue[];
  private readonly stage: StageConfig;

  constructor(scope: Construct, id: string, { stage, definitions }: QueuesProps) {
    super(scope, id);
    this.stage = stage;
    this.all = definitions.map((definition) => this.createQueue(definition));
  }

  /** The deployed queue of a definition id; a missing id is a programming error, so it throws. */
  byId(queueId: string): sqs.Queue {
    const found = this.all.find(({ definition }) => definition.id === queueId);
    if (!found) throw new Error(`No queue "${queueId}" among the deployed queues`);
    return found.queue;
  }

  /**
   * Creates the consumers declared by the definitions. Separate from the constructor because the
   * consumers need the backend environment, which itself lists the queue URLs.
   */
  addConsumers(addFunction: AddFunction): void {
    for (const { definition, queue } of this.all) {
      const { consumer } = definition;
      if (!consumer) continue;
      const consumerFunction = addFunction(this, `${definition.id}-consumer`, {
        name: `${definition.id}-consumer`,
        module: consumer.module,
        memoryMb: CONSUMER_MEMORY_MB,
        // AWS advises a visibility timeout of six times the function timeout, so that a batch retried
        // after throttling is not handed to a second invocation while the first still works on it.
        timeoutSeconds: Math.max(3, Math.floor(definition.visibilityTimeoutSeconds / 6)),
      });
      consumerFunction.addEventSource(
        new SqsEventSource(queue, {
          batchSize: consumer.batchSize,
          maxConcurrency: consumer.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
    }
  }

  private createQueue(definition: QueueDefinition): DeployedQueue {
    const fifo = definition.fifo || undefined;
    const deadLetterQueue = new sqs.Queue(this, `${definition.id}-dlq`, {
      queueName: deadLetterQueueName(this.stage.name, definition),
      fifo,
      // The longest SQS allows: failed messages wait for someone to look at them and redrive.
      retentionPeriod: Duration.days(14),
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    const queue = new sqs.Queue(this, definition.id, {
      queueName: queueName(this.stage.name, definition),
      fifo,
      contentBasedDeduplication: definition.fifo ? (definition.contentBasedDeduplication ?? false) : undefined,
      visibilityTimeout: Duration.seconds(definition.visibilityTimeoutSeconds),
      deadLetterQueue: { queue: deadLetterQueue, maxReceiveCount: definition.maxReceiveCount },
      encryption: sqs.QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
    });
    return { definition, queue, deadLetterQueue };
  }
}
