/**
 * The message input (spec 1 §2.6): Enter sends (Shift+Enter for a new line; nothing while a send is in
 * progress), empty text is never sent, it grows to 5 rows, '/' followed by text offers quick replies
 * (a picked one comes with its variables filled in for the ticket, input-rules.ts filledQuickReply),
 * files picked wait in the attachment tray (with paste and drop, issue 14) until sent with their
 * captions, audio is recorded, and the signature toggled (medium and wider screens); it signs captions
 * too. Nothing can be sent unless the ticket is open.
 *
 * On a Cloud API connection within the customer's 24-hour window (issue 32), a 'Modelo' button opens
 * the template dialog; a send the server refuses as outside the window (ERR_OUTSIDE_REPLY_WINDOW) hands
 * over to the conversation, which puts the window's notice in the input's place.
 */
import { Button, makeStyles, Switch, Textarea, tokens, Tooltip } from '@fluentui/react-components';
import { Attach24Regular } from '@fluentui/react-icons/svg/attach';
import { Dismiss16Regular } from '@fluentui/react-icons/svg/dismiss';
import { MailTemplate24Regular } from '@fluentui/react-icons/svg/mail-template';
import { Send24Regular } from '@fluentui/react-icons/svg/send';
import { useId, useLayoutEffect, useMemo, useRef, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import type { MessageDto } from '../../../../shared/messages';
import { useToast } from '../../feedback/toast';
import { format, useTexts } from '../../i18n/texts';
import { useMe } from '../../sign-in/me-context';
import { AttachmentTray } from './AttachmentTray';
import { AudioRecorder } from './AudioRecorder';
import {
  enterSends,
  filledQuickReply,
  INPUT_MAX_ROWS,
  isSendable,
  quickReplyOptions,
  quickReplyQuery,
  type QuickReplyOption,
} from './input-rules';
import { useQuickMessageOptions } from '../../api/quick-messages';
import { QuickMessageSync } from './QuickMessageSync';
import { QuickReplyList } from './QuickReplyList';
import { QuotedMessage } from './QuotedMessage';
import { refusedOutsideWindow } from './reply-window';
import { readSignaturePreference, signedBody, writeSignaturePreference } from './signature';
import { conversationTexts } from './texts';
import type { AttachmentTray as Tray } from './use-attachment-tray';
import { useSendMessages } from './use-send-messages';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  row: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalXS },
  field: { position: 'relative', flexGrow: 1, display: 'flex' },
  textarea: { flexGrow: 1 },
  // The signature toggle is for medium and wider screens only (spec 1 §2.6).
  signature: { '@media (max-width: 599px)': { display: 'none' } },
  reply: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXS },
  replyQuote: { flexGrow: 1, minWidth: 0 },
  hidden: { display: 'none' },
});

export interface MessageInputProps {
  readonly ticketId: string;
  readonly contactName: string;
  /** The ticket's number, for a quick reply's {{protocol}} (null: not numbered yet, the server fills it). */
  readonly ticketNumber: number | null;
  /** The ticket is open: only then may anything be sent or recorded. */
  readonly enabled: boolean;
  readonly replyTo: MessageDto | null;
  readonly onCancelReply: () => void;
  /** The files waiting to be sent: the conversation owns it, as files are also dropped on it. */
  readonly tray: Tray;
  /** A Cloud API connection: opens the template dialog ('Modelo' shows only with it). */
  readonly onTemplate?: () => void;
  /** A send was refused as outside the 24-hour window (ERR_OUTSIDE_REPLY_WINDOW). */
  readonly onOutsideReplyWindow?: () => void;
}

export function MessageInput(props: MessageInputProps) {
  const { ticketId, contactName, ticketNumber, enabled, replyTo, onCancelReply, tray, onTemplate, onOutsideReplyWindow } = props;
  const styles = useStyles();
  const allTexts = useTexts(conversationTexts);
  const texts = allTexts.input;
  const toast = useToast();
  const me = useMe();
  const { sendText, sendFiles } = useSendMessages(ticketId);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [signature, setSignature] = useState(readSignaturePreference);
  const [activeOption, setActiveOption] = useState(0);
  const [quickRepliesClosed, setQuickRepliesClosed] = useState(false);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const listId = useId();

  const query = quickReplyQuery(text);
  const quickMessages = useQuickMessageOptions(enabled && query !== null);
  const options = useMemo(
    () => (query === null || quickRepliesClosed ? [] : quickReplyOptions(quickMessages.data ?? [], query)),
    [query, quickRepliesClosed, quickMessages.data],
  );
  const showOptions = enabled && options.length > 0;

  // Grow with the text up to 5 rows, then scroll.
  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    const style = getComputedStyle(element);
    const lineHeight = Number.parseFloat(style.lineHeight) || 20;
    const padding = Number.parseFloat(style.paddingTop) + Number.parseFloat(style.paddingBottom);
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, lineHeight * INPUT_MAX_ROWS + padding)}px`;
    element.style.overflowY = element.scrollHeight > lineHeight * INPUT_MAX_ROWS + padding ? 'auto' : 'hidden';
  }, [text]);

  const quoted = replyTo?.id ?? null;
  // The window's notice explains a refusal outside it better than a toast; anything else is a toast.
  const outsideWindow = (error: unknown): boolean => {
    if (!refusedOutsideWindow(error) || onOutsideReplyWindow === undefined) return false;
    onOutsideReplyWindow();
    return true;
  };
  const bodyOf = (value: string) => signedBody(value, me.user.name, signature);

  const submit = async () => {
    if (!enabled || sending || !isSendable(text)) return;
    setSending(true);
    try {
      await sendText({ body: bodyOf(text), quotedMsg: quoted });
      setText('');
      onCancelReply();
    } catch (error) {
      if (!outsideWindow(error)) toast.error(error);
    } finally {
      setSending(false);
      // Back to typing, unless the user moved on meanwhile: taking the focus from a dialog opened
      // during the send (notes, transfer) would close it.
      const active = document.activeElement;
      if (active === null || active === document.body || active === textarea.current) textarea.current?.focus();
    }
  };

  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    if (files.length > 0 && enabled) tray.add(files);
  };

  const sendTray = async () => {
    const items = tray.items;
    if (!enabled || sending || items.length === 0) return;
    setSending(true);
    try {
      const captioned = items.map(({ file, caption }) => ({ file, caption: isSendable(caption) ? bodyOf(caption) : '' }));
      // Each file leaves the tray once it is sent, so a failure part way leaves only the unsent ones.
      const refused = await sendFiles(captioned, quoted, (sent) => {
        for (const item of items) if (sent.includes(item.file)) tray.remove(item.id);
      });
      for (const file of refused) toast.failure(format(texts.fileTooLarge, { name: file.name }));
      tray.clear();
      onCancelReply();
    } catch (error) {
      if (!outsideWindow(error)) toast.error(error);
    } finally {
      setSending(false);
    }
  };

  const sendAudio = async (file: File) => {
    try {
      await sendFiles([{ file, caption: '' }], quoted);
    } catch (error) {
      // The recorder toasts any other failure.
      if (outsideWindow(error)) return;
      throw error;
    }
    onCancelReply();
  };

  const pick = (option: QuickReplyOption) => {
    setText(filledQuickReply(option.message, { contactName, number: ticketNumber }, new Date()));
    setActiveOption(0);
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (showOptions) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActiveOption((index) => (index + step + options.length) % options.length);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setQuickRepliesClosed(true);
        return;
      }
      if (event.key === 'Tab' || (event.key === 'Enter' && !event.shiftKey)) {
        const option = options[Math.min(activeOption, options.length - 1)];
        if (option) {
          event.preventDefault();
          pick(option);
          return;
        }
      }
    }
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    // Enter never adds a line; it sends when it may (not while a send is in progress).
    event.preventDefault();
    if (enterSends({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing }, sending)) void submit();
  };

  return (
    <div className={styles.root}>
      <QuickMessageSync />
      {replyTo && (
        <div className={styles.reply}>
          <div className={styles.replyQuote}>
            <QuotedMessage quoted={replyTo} contactName={contactName} />
          </div>
          <Tooltip content={texts.cancelReply} relationship="label">
            <Button appearance="subtle" size="small" icon={<Dismiss16Regular />} onClick={onCancelReply} />
          </Tooltip>
        </div>
      )}
      {tray.items.length > 0 && (
        <AttachmentTray
          items={tray.items}
          canSend={enabled && !sending}
          onCaption={tray.setCaption}
          onRemove={tray.remove}
          onCancel={tray.clear}
          onSend={() => void sendTray()}
        />
      )}
      <div className={styles.row}>
        <Tooltip content={texts.attach} relationship="label">
          <Button appearance="subtle" icon={<Attach24Regular />} disabled={!enabled || sending} onClick={() => fileInput.current?.click()} />
        </Tooltip>
        <input ref={fileInput} className={styles.hidden} type="file" multiple onChange={pickFiles} tabIndex={-1} />
        {onTemplate !== undefined && (
          <Tooltip content={allTexts.replyWindow.templateHint} relationship="label">
            <Button appearance="subtle" icon={<MailTemplate24Regular />} disabled={!enabled || sending} onClick={onTemplate} />
          </Tooltip>
        )}
        <div className={styles.field}>
          {showOptions && <QuickReplyList id={listId} options={options} activeIndex={Math.min(activeOption, options.length - 1)} onPick={pick} />}
          <Textarea
            ref={textarea}
            className={styles.textarea}
            resize="none"
            rows={1}
            value={text}
            disabled={!enabled}
            aria-label={texts.label}
            placeholder={enabled ? texts.placeholder : texts.disabled}
            aria-controls={showOptions ? listId : undefined}
            aria-activedescendant={showOptions ? `${listId}-${Math.min(activeOption, options.length - 1)}` : undefined}
            onChange={(_, data) => {
              setText(data.value);
              setQuickRepliesClosed(false);
              setActiveOption(0);
            }}
            onKeyDown={onKeyDown}
          />
        </div>
        <Switch
          className={styles.signature}
          label={texts.signature}
          checked={signature}
          onChange={(_, data) => {
            setSignature(data.checked);
            writeSignaturePreference(data.checked);
          }}
        />
        {isSendable(text) || !enabled ? (
          <Tooltip content={texts.send} relationship="label">
            <Button appearance="primary" icon={<Send24Regular />} disabled={!enabled || sending || !isSendable(text)} onClick={() => void submit()} />
          </Tooltip>
        ) : (
          <AudioRecorder disabled={sending} send={sendAudio} />
        )}
      </div>
    </div>
  );
}
