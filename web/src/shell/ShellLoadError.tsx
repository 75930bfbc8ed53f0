/** Shown in the private area when `/auth/me` fails for a reason other than an ended session. */
import { Button, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';
import { useErrorText } from '../i18n/errors';
import { useTexts } from '../i18n/texts';
import { shellTexts } from './texts';

export function ShellLoadError({ code, onRetry }: { readonly code: string; readonly onRetry: () => void }) {
  const texts = useTexts(shellTexts);
  const errorText = useErrorText();
  return (
    <MessageBar intent="error" layout="multiline">
      <MessageBarBody>
        <MessageBarTitle>{texts.loadError}</MessageBarTitle>
        {errorText(code)}
      </MessageBarBody>
      <MessageBarActions>
        <Button onClick={onRetry}>{texts.retry}</Button>
      </MessageBarActions>
    </MessageBar>
  );
}
