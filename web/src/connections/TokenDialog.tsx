/**
 * The connection's API token (docs/architecture.md §1.6: stored as a hash, shown once), after a
 * creation and after POST /whatsapp/{id}/token: the token in a read-only field and a copy button. When
 * the browser will not copy (no clipboard API outside a secure context, or permission refused), the
 * field's text is selected and a message says to copy it by hand.
 */
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  tokens,
} from '@fluentui/react-components';
import { Copy24Regular } from '@fluentui/react-icons/svg/copy';
import { useRef, useState } from 'react';
import { useTexts } from '../i18n/texts';
import { connectionsTexts } from './texts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  row: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS },
  field: { flexGrow: 1, minWidth: 0 },
  token: { fontFamily: tokens.fontFamilyMonospace },
});

export interface TokenDialogProps {
  /** The token to show; the dialog is closed without one. */
  readonly token: string | undefined;
  readonly onClose: () => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

export function TokenDialog({ token, onClose }: TokenDialogProps) {
  const styles = useStyles();
  const texts = useTexts(connectionsTexts);
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const copyToken = async () => {
    if (token === undefined) return;
    try {
      // Outside a secure context `navigator.clipboard` is missing: the call throws, and the catch helps.
      await navigator.clipboard.writeText(token);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };

  const close = () => {
    setCopy('idle');
    onClose();
  };

  return (
    <Dialog open={token !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.token.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{texts.token.help}</Body1>
            <div className={styles.row}>
              <Field
                className={styles.field}
                label={texts.token.label}
                {...(copy === 'failed' && { validationMessage: texts.token.copyFailed, validationState: 'warning' as const })}
                {...(copy === 'copied' && { validationMessage: texts.token.copied, validationState: 'success' as const })}
              >
                <Input ref={input} className={styles.token} value={token ?? ''} readOnly onFocus={(event) => event.target.select()} />
              </Field>
              <Button icon={<Copy24Regular />} onClick={() => void copyToken()}>
                {texts.token.copy}
              </Button>
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close}>
              {texts.token.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
