/** The DynamoDB thread's side of dynamodb-thread.ts: starts the local DynamoDB and answers sweep and stop. */
import { parentPort, workerData } from 'node:worker_threads';
import { startDynamo, type StartDynamoOptions } from './dynamodb';
import type { DynamoThreadReply, DynamoThreadRequest } from './dynamodb-thread';

const port = parentPort;
if (!port) throw new Error('dynamodb-thread-entry runs as a worker thread only');
const reply = (message: DynamoThreadReply) => port.postMessage(message);

try {
  const dynamo = await startDynamo(workerData as StartDynamoOptions);
  port.on('message', (request: DynamoThreadRequest) => {
    const run = request.kind === 'sweep' ? dynamo.sweepExpired() : dynamo.stop().then(() => 0);
    run.then(
      (value) => reply({ kind: 'done', id: request.id, value }),
      (error: unknown) => reply({ kind: 'done', id: request.id, error: error instanceof Error ? error.message : String(error) }),
    );
  });
  reply({ kind: 'ready', endpoint: dynamo.endpoint, port: dynamo.port });
} catch (error) {
  reply({ kind: 'failed', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
}
