/**
 * How a construct asks for a Lambda of a backend module without knowing the Backend construct: the
 * HTTP API, the WebSocket API and the queue consumers are handed `backend.addFunction` alone, so the
 * constructs import this module and never one another in a circle.
 */
import type * as nodejs from 'aws-cdk-lib/aws-lambda-nodejs';
import type { Construct } from 'constructs';

/**
 * What a piece of backend code may do. `data`: items of the table and its indexes (never Scan);
 * `media`: objects of the media bucket; `sendToQueues`: send to every queue; `realtime`: post to
 * WebSocket connections; `cognitoAdmin`: manage the pool's users; `scheduling`: create and delete
 * EventBridge schedules that deliver to the schedule-due queue.
 */
export type Permission = 'data' | 'media' | 'sendToQueues' | 'realtime' | 'cognitoAdmin' | 'scheduling';

export interface BackendFunctionOptions {
  /** Unique in the stage; the function is named `atende-<stage>-<name>`. */
  readonly name: string;
  /** Module under functions/ exporting `handler`, e.g. `http/auth`. */
  readonly module: string;
  /** Memory before the stage's lambdaMemoryScale. */
  readonly memoryMb: number;
  readonly timeoutSeconds: number;
  /** @default STANDARD_PERMISSIONS plus the module's entry in the module permissions */
  readonly permissions?: readonly Permission[];
  /**
   * Run under the one execution role of its set of permissions, shared with the other functions of the
   * same set (each function's own role otherwise). Only for a function whose role never gains more
   * than its permissions: one invoked through its resource policy (an API's), never one an event source
   * grants a queue's receive to, which the other functions of the role would then hold too.
   */
  readonly sharedRole?: boolean;
  /**
   * Write to the stage's log group of this name (`/aws/lambda/atende-<stage>-<sharedLogGroup>`), shared
   * with the other functions that name it, instead of one of its own: a log group is one of the stack's
   * 500 resources. Each line still names its module (`service`) and function (`function_name`), which
   * is how Logs Insights tells them apart.
   */
  readonly sharedLogGroup?: string;
}

/** Backend.addFunction: the module's handler as a Lambda with the shared environment and its permissions. */
export type AddFunction = (scope: Construct, id: string, options: BackendFunctionOptions) => nodejs.NodejsFunction;
