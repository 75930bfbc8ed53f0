/**
 * A webhook's signing secret, shown the once the API answers it (after a create, after 'new secret'):
 * the secret in a read-only field, a copy button, the warning that it will not be shown again and how a
 * receiver checks a delivery with it. When the browser will not copy (no clipboard API outside a secure
 * context, or permission refused), the field's text is selected and a message says to copy it by hand.
 */
import { Body1, Button, Field, Input, makeStyles, MessageBar, MessageBarBody, tokens } from '@fluentui/react-components';
import { Copy24Regular } from '@fluentui/react-icons/svg/copy';
import { useRef, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { queueIntegrationsTexts } from './texts';

const useStyles = makeStyles({
  box: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, minWidth: 0 },
  row: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS, minWidth: 0 },
  field: { flexGrow: 1, minWidth: 0 },
  secret: { fontFamily: tokens.fontFamilyMonospace },
  help: { color: tokens.colorNeutralForeground3, overflowWrap: 'anywhere' },
});

type CopyState = 'idle' | 'copied' | 'failed';

export function SecretBox({ secret }: { readonly secret: string }) {
  const styles = useStyles();
  const texts = useTexts(queueIntegrationsTexts);
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const copySecret = async () => {
    try {
      // Outside a secure context `navigator.clipboard` is missing: the call throws, and the catch helps.
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className={styles.box}>
      <MessageBar intent="warning">
        <MessageBarBody>{texts.secret.warning}</MessageBarBody>
      </MessageBar>
      <div className={styles.row}>
        <Field
          className={styles.field}
          label={texts.secret.label}
          {...(copy === 'failed' && { validationMessage: texts.secret.copyFailed, validationState: 'warning' as const })}
          {...(copy === 'copied' && { validationMessage: texts.secret.copied, validationState: 'success' as const })}
        >
          <Input ref={input} className={styles.secret} value={secret} readOnly onFocus={(event) => event.target.select()} />
        </Field>
        <Button icon={<Copy24Regular />} onClick={() => void copySecret()}>
          {texts.secret.copy}
        </Button>
      </div>
      <Body1 className={styles.help}>{texts.secret.help}</Body1>
    </div>
  );
}
