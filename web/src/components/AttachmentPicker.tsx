/**
 * A form's one attached file (a quick message's attachment, a schedule's or an announcement's image):
 * its name or 'none', a button to take it off, a button that opens the browser's file dialog to choose
 * or replace it, and the form's reason when a chosen file is refused (too big, not an image). What the
 * form does with the choice after saving is attachment-choice.ts's attachmentStep.
 */
import { Button, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { Attach20Regular } from '@fluentui/react-icons/svg/attach';
import { Dismiss20Regular } from '@fluentui/react-icons/svg/dismiss';
import { useId, useRef, useState, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { fileChosen, type AttachmentChoice } from './attachment-choice';

const useStyles = makeStyles({
  group: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXS },
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  fileName: { overflowWrap: 'anywhere', minWidth: 0 },
  muted: { color: tokens.colorNeutralForeground3 },
  error: { color: tokens.colorPaletteRedForeground1 },
  hidden: { display: 'none' },
});

export interface AttachmentPickerLabels {
  /** The group's name ('Imagem', 'Anexo'). */
  readonly title: string;
  /** Said under the title, for the whole group (the announcement's size limit). */
  readonly hint?: string;
  /** Shown when there is no file. */
  readonly none: string;
  readonly choose: string;
  readonly replace: string;
  /** The remove button's name, for the file of that name. */
  readonly remove: (name: string) => string;
}

export interface AttachmentPickerProps {
  readonly labels: AttachmentPickerLabels;
  /** The file's name as the form shows it (attachment-choice.ts attachmentName), null for none. */
  readonly name: string | null;
  readonly onChange: (choice: AttachmentChoice) => void;
  /** The reason to refuse a chosen file, or undefined to take it. */
  readonly problemOf?: (file: File) => string | undefined;
  /** The file dialog's `accept`. */
  readonly accept?: string;
  /** While the form saves: the buttons wait. */
  readonly busy: boolean;
  /** A form that cannot be changed shows the file without its buttons. */
  readonly readOnly?: boolean;
  /** The choose button's icon (a paper clip unless told). */
  readonly chooseIcon?: ReactElement;
  /** Shown under the buttons, before a refusal (the announcement's preview). */
  readonly children?: ReactNode;
}

export function AttachmentPicker({ labels, name, onChange, problemOf = () => undefined, accept, busy, readOnly = false, chooseIcon, children }: AttachmentPickerProps) {
  const styles = useStyles();
  const titleId = useId();
  const hintId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = fileChosen(event.target.files?.[0], problemOf);
    // The same file chosen again after a refusal or a removal must fire a change.
    event.target.value = '';
    if (chosen === undefined) return;
    setError(chosen.error);
    if (chosen.choice !== undefined) onChange(chosen.choice);
  };

  return (
    <div className={styles.group} role="group" aria-labelledby={titleId} aria-describedby={labels.hint === undefined ? undefined : hintId}>
      <Text id={titleId} weight="semibold">
        {labels.title}
      </Text>
      {labels.hint !== undefined && (
        <Text id={hintId} size={200} className={styles.muted}>
          {labels.hint}
        </Text>
      )}
      <div className={styles.row}>
        {name === null ? (
          <Text className={styles.muted}>{labels.none}</Text>
        ) : (
          <>
            <Text className={styles.fileName}>{name}</Text>
            {!readOnly && (
              <Tooltip content={labels.remove(name)} relationship="label">
                <Button
                  appearance="subtle"
                  size="small"
                  icon={<Dismiss20Regular />}
                  disabled={busy}
                  onClick={() => {
                    setError(undefined);
                    onChange({ kind: 'remove' });
                  }}
                />
              </Tooltip>
            )}
          </>
        )}
        {!readOnly && (
          <Button size="small" icon={chooseIcon ?? <Attach20Regular />} disabled={busy} onClick={() => fileInput.current?.click()}>
            {name === null ? labels.choose : labels.replace}
          </Button>
        )}
        {/* Opened by the button beside it, which is what keyboards and screen readers meet. */}
        <input ref={fileInput} className={styles.hidden} type="file" accept={accept} tabIndex={-1} aria-hidden onChange={choose} />
      </div>
      {children}
      {error !== undefined && (
        <Text role="alert" size={200} className={styles.error}>
          {error}
        </Text>
      )}
    </div>
  );
}
