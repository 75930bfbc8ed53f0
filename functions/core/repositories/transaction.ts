/**
 * A DynamoDB transaction whose actions are named, so that a cancellation says by name which conditions
 * failed instead of by position (positions shift when actions are optional). The actions come from the
 * repositories' builders (`putNewTicketAction`, `claimQueueColorAction`, ...); a use case names them,
 * runs the transaction and maps a failed name to its own error.
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';
import { conflict } from '../errors';

export type TransactItem = NonNullable<TransactWriteCommandInput['TransactItems']>[number];

/** `run` answers the names of the actions whose condition failed (none when the transaction committed). */
export class Steps<Name extends string = string> {
  private readonly names: Name[] = [];
  private readonly items: TransactItem[] = [];

  add(name: Name, item: TransactItem): void {
    this.names.push(name);
    this.items.push(item);
  }

  async run(): Promise<Set<Name>> {
    try {
      await dynamo().send(new TransactWriteCommand({ TransactItems: this.items }));
      return new Set();
    } catch (error) {
      if (!(error instanceof TransactionCanceledException)) throw error;
      const reasons = error.CancellationReasons ?? [];
      const failed = new Set(this.names.filter((_, index) => reasons[index]?.Code === 'ConditionalCheckFailed'));
      if (failed.size > 0) return failed;
      // Another transaction held one of these items at the same moment: nothing was written; the
      // caller may try again (DynamoDB's TransactionConflict, which the SDK does not retry).
      if (reasons.some((reason) => reason.Code === 'TransactionConflict')) {
        throw conflict(`Transaction of ${this.names.join(', ')}`);
      }
      // Cancelled for another reason (throttling, validation): not ours to map.
      throw error;
    }
  }
}
