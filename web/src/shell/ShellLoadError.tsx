/** Shown in the private area when `/auth/me` fails for a reason other than an ended session. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { errorMessage, pt } from '../i18n/pt';

export function ShellLoadError({ code, onRetry }: { readonly code: string; readonly onRetry: () => void }) {
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{pt.shell.loadError}</MessageBarTitle>
        {errorMessage(code)}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{pt.shell.retry}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
