/**
 * A DynamoDB transaction whose actions are named, so that a cancellation says by name which conditions
 * failed instead of by position (positions shift when actions are optional).
 */
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, type TransactWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { dynamo } from '../aws/clients';

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
      // Cancelled for another reason (a conflict with another transaction, throttling): not ours to map.
      if (failed.size === 0) throw error;
      return failed;
    }
  }
}
