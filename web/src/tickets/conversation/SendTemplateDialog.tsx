/**
 * 'Enviar modelo' (issue 32): an approved template of the ticket's Cloud API connection, sent at any
 * time and the only thing that may go once the customer's 24-hour window has closed. The agent picks
 * one (its body shows with its `{{n}}` placeholders), types one value per placeholder (the first starts
 * as the contact's name), reads the message as it will go out, and sends it; the message joins the
 * conversation at once. Refusals (ERR_NO_TEMPLATE_FOUND after a template changed at Meta,
 * ERR_WAPP_CLOUD_API) show as their catalogue toast, and the dialog stays open.
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
  makeStyles,
  Spinner,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useWhatsAppTemplates, type WhatsAppTemplateDto } from '../../api/whatsapp-templates';
import { LoadErrorBar } from '../../components/LoadErrorBar';
import { LocalizedDropdown } from '../../components/LocalizedDropdown';
import { RouterLink } from '../../components/RouterLink';
import { useToast } from '../../feedback/toast';
import { useTexts } from '../../i18n/texts';
import { connectionTemplatesPath } from '../../runtime/paths';
import { sendableTemplates, templateLabel } from '../../whatsapp-templates/template-display';
import { TemplateFill } from '../../whatsapp-templates/TemplateFill';
import { TemplateOptions } from '../../whatsapp-templates/TemplateOptions';
import { initialTemplateVariables, templateMessageOf } from './template-send';
import { conversationTexts } from './texts';
import { useSendMessages } from './use-send-messages';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
});

export interface SendTemplateDialogProps {
  readonly open: boolean;
  readonly ticketId: string;
  readonly whatsappId: string;
  readonly contactName: string;
  readonly onClose: () => void;
}

export function SendTemplateDialog({ open, ticketId, whatsappId, contactName, onClose }: SendTemplateDialogProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).template;
  const toast = useToast();
  const { sendTemplate } = useSendMessages(ticketId);
  const list = useWhatsAppTemplates(whatsappId, open);
  const [chosenId, setChosenId] = useState<string>();
  const [variables, setVariables] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  // Starts afresh each time it opens (React's "adjust state when a prop changes" pattern).
  const [openSeen, setOpenSeen] = useState(false);
  if (open !== openSeen) {
    setOpenSeen(open);
    if (open) {
      setChosenId(undefined);
      setVariables([]);
    }
  }

  const templates = sendableTemplates(list.data?.records ?? []);
  const chosen = templates.find((template) => template.id === chosenId);
  const message = chosen === undefined ? null : templateMessageOf(chosen, variables);

  const choose = (template: WhatsAppTemplateDto) => {
    setChosenId(template.id);
    setVariables(initialTemplateVariables(template.body, contactName));
  };

  const send = async () => {
    if (message === null || busy) return;
    setBusy(true);
    try {
      await sendTemplate(message);
      onClose();
    } catch (error) {
      toast.error(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={(_, data) => !data.open && !busy && onClose()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.title}</DialogTitle>
          <DialogContent className={styles.content}>
            {list.isPending && <Spinner label={texts.loading} />}
            {list.isError && list.data === undefined && (
              <LoadErrorBar message={texts.loadError} retryLabel={texts.retry} onRetry={() => void list.refetch()} />
            )}
            {list.data !== undefined && templates.length === 0 && (
              <>
                <Body1>{texts.none}</Body1>
                <RouterLink to={connectionTemplatesPath(whatsappId)}>{texts.seeTemplates}</RouterLink>
              </>
            )}
            {templates.length > 0 && (
              <Field label={texts.template} required>
                <LocalizedDropdown
                  placeholder={texts.placeholder}
                  value={chosen === undefined ? '' : templateLabel(chosen)}
                  selectedOptions={chosenId === undefined ? [] : [chosenId]}
                  disabled={busy}
                  onOptionSelect={(_, data) => {
                    const picked = templates.find((template) => template.id === data.optionValue);
                    if (picked !== undefined) choose(picked);
                  }}
                >
                  <TemplateOptions templates={templates} />
                </LocalizedDropdown>
              </Field>
            )}
            {chosen !== undefined && (
              <TemplateFill
                template={chosen}
                variables={variables}
                texts={texts}
                disabled={busy}
                onVariable={(index, value) => setVariables((current) => current.map((old, at) => (at === index ? value : old)))}
              />
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={busy} onClick={onClose}>
              {texts.cancel}
            </Button>
            <Button appearance="primary" disabled={busy || message === null} onClick={() => void send()}>
              {busy ? texts.sending : texts.send}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
