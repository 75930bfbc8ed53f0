/**
 * What a screen shows when reading what it shows failed: the error's words and a button that reads it
 * again (a query's refetch). One bar for every page, tab, step and dialog that loads something.
 */
import { Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components';

export interface LoadErrorBarProps {
  readonly message: string;
  readonly retryLabel: string;
  readonly onRetry: () => void;
}

export function LoadErrorBar({ message, retryLabel, onRetry }: LoadErrorBarProps) {
  return (
    <MessageBar intent="error">
      <MessageBarBody>{message}</MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{retryLabel}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
