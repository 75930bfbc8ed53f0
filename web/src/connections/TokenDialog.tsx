/**
 * The connection's API token (docs/architecture.md §1.6: stored as a hash, shown once), after a
 * creation and after POST /whatsapp/{id}/token: the token in a read-only field and a copy button
 * (components/CopyField.tsx). A Cloud API connection just created also shows what goes in Meta's app
 * (its webhook's address and verify token), which the admin needs next; its edit form shows them again.
 */
import { Body1, Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, makeStyles, tokens } from '@fluentui/react-components';
import { CopyField } from '../components/CopyField';
import { useTexts } from '../i18n/texts';
import { CloudWebhookDetails, type CloudWebhookDetailsProps } from './CloudWebhookDetails';
import { connectionsTexts } from './texts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
});

/** What the dialog shows: the token, and a new cloud connection's webhook. */
export interface ShownToken {
  readonly token: string;
  readonly webhook?: CloudWebhookDetailsProps;
}

export interface TokenDialogProps {
  /** The dialog is closed without one. */
  readonly shown: ShownToken | undefined;
  readonly onClose: () => void;
}

export function TokenDialog({ shown, onClose }: TokenDialogProps) {
  const styles = useStyles();
  const texts = useTexts(connectionsTexts);

  return (
    <Dialog open={shown !== undefined} modalType="alert" onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.token.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{texts.token.help}</Body1>
            {/* Keyed by the token, so a new one starts without the last one's 'copied'. */}
            <CopyField
              key={shown?.token}
              label={texts.token.label}
              value={shown?.token ?? ''}
              labels={{ copy: texts.token.copy, copied: texts.token.copied, copyFailed: texts.token.copyFailed }}
            />
            {shown?.webhook !== undefined && <CloudWebhookDetails {...shown.webhook} />}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {texts.token.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
