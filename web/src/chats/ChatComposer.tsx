/**
 * The message composer of a chat (spec 3 §2 Internal chat, §7): text, where Enter sends and Shift+Enter
 * starts a new line, and one attached file of at most 4 MB (POST /chats/{id}/messages as JSON, or
 * multipart with the file). The sent message shows at once; a send that fails keeps what was written
 * and says so under the field, never in a toast (spec 3 §8: chat calls fail silently).
 */
import { Button, Caption1, makeStyles, Textarea, Tooltip, tokens } from '@fluentui/react-components';
import { Attach24Regular } from '@fluentui/react-icons/svg/attach';
import { Dismiss16Regular } from '@fluentui/react-icons/svg/dismiss';
import { Send24Regular } from '@fluentui/react-icons/svg/send';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { applyOwnMessage } from '../api/chat-cache';
import { sendChatMessage, type ChatMessageDraft } from '../api/chats';
import { format, useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { CHAT_FILE_MAX_MEGABYTES, CHAT_MESSAGE_MAX, draftToSend, enterSends, fileProblem } from './chat-rules';
import { chatsTexts } from './texts';

/** Spec 1 §9: the message input grows to 5 rows at most. */
const MAX_ROWS = 5;

const useStyles = makeStyles({
  composer: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  row: { display: 'flex', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalXS },
  input: { flexGrow: 1, minWidth: 0 },
  file: {
    display: 'inline-flex',
    alignItems: 'center',
    alignSelf: 'flex-start',
    maxWidth: '100%',
    columnGap: tokens.spacingHorizontalXS,
    padding: `${tokens.spacingVerticalXXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  fileName: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 },
  problem: { color: tokens.colorPaletteRedForeground1 },
  hiddenInput: { display: 'none' },
});

export interface ChatComposerProps {
  readonly chatId: string;
  readonly viewerId: string;
}

export function ChatComposer({ chatId, viewerId }: ChatComposerProps) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts).composer;
  const { api } = useServices();
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<string>();
  const fileInput = useRef<HTMLInputElement>(null);
  const textArea = useRef<HTMLTextAreaElement>(null);
  const problemId = useId();

  const send = useMutation({
    mutationFn: (draft: ChatMessageDraft) => sendChatMessage(api, chatId, draft),
    onMutate: () => setProblem(undefined),
    onSuccess: (message) => {
      applyOwnMessage(queryClient, message, viewerId);
      setText('');
      setFile(undefined);
      textArea.current?.focus();
    },
    onError: () => setProblem(texts.notSent),
  });

  const submit = () => {
    const draft = draftToSend(text, file);
    if (draft === undefined || send.isPending) return;
    send.mutate(draft);
  };

  const choose = (chosen: File | undefined) => {
    if (fileInput.current) fileInput.current.value = '';
    if (chosen === undefined) return;
    if (fileProblem(chosen) === 'tooBig') {
      setProblem(format(texts.tooBig, { megabytes: CHAT_FILE_MAX_MEGABYTES }));
      return;
    }
    setProblem(undefined);
    setFile(chosen);
  };

  const rows = Math.min(MAX_ROWS, Math.max(1, text.split('\n').length));

  return (
    <div className={styles.composer}>
      {file !== undefined && (
        <span className={styles.file}>
          <Caption1 className={styles.fileName}>{file.name}</Caption1>
          <Button
            size="small"
            appearance="subtle"
            icon={<Dismiss16Regular />}
            aria-label={format(texts.removeFile, { name: file.name })}
            disabled={send.isPending}
            onClick={() => setFile(undefined)}
          />
        </span>
      )}
      <div className={styles.row}>
        <input ref={fileInput} className={styles.hiddenInput} type="file" tabIndex={-1} aria-hidden onChange={(event) => choose(event.target.files?.[0])} />
        <Tooltip content={texts.attach} relationship="label">
          <Button appearance="subtle" icon={<Attach24Regular />} disabled={send.isPending} onClick={() => fileInput.current?.click()} />
        </Tooltip>
        <Textarea
          ref={textArea}
          className={styles.input}
          aria-label={texts.label}
          aria-describedby={problem === undefined ? undefined : problemId}
          placeholder={texts.placeholder}
          resize="none"
          rows={rows}
          maxLength={CHAT_MESSAGE_MAX}
          value={text}
          onChange={(_, data) => setText(data.value)}
          onKeyDown={(event) => {
            if (!enterSends({ key: event.key, shiftKey: event.shiftKey, isComposing: event.nativeEvent.isComposing })) return;
            event.preventDefault();
            submit();
          }}
        />
        <Tooltip content={texts.send} relationship="label">
          <Button appearance="transparent" icon={<Send24Regular />} disabled={send.isPending || draftToSend(text, file) === undefined} onClick={submit} />
        </Tooltip>
      </div>
      {problem !== undefined && (
        <Caption1 id={problemId} className={styles.problem} role="status">
          {problem}
        </Caption1>
      )}
    </div>
  );
}
