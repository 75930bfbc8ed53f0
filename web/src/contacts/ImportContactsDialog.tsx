/**
 * Imports contacts from a spreadsheet (spec 3 §9; .xlsx or .csv, docs/architecture.md §8): the user picks a file,
 * which is checked here first (type and size), then sent to POST /contacts/import; the answer is shown
 * as a summary (created, skipped, refused) with the problems of each refused row. A file the server
 * refuses as a whole (no name and number columns, unreadable, too many rows) shows its reason.
 * The server announces the new contacts with a `reload` event; the lists are refreshed here as well.
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
  makeStyles,
  MessageBar,
  MessageBarBody,
  Spinner,
  Subtitle2,
  tokens,
} from '@fluentui/react-components';
import { DocumentTable24Regular } from '@fluentui/react-icons/svg/document-table';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { CONTACTS_IMPORT_FIELDS, CONTACTS_IMPORT_MAX_BYTES, CONTACTS_IMPORT_MAX_ROWS } from '../../../shared/contacts';
import type { ErrorBody } from '../../../shared/errors';
import { ApiError } from '../api/client';
import { contactKeys, importContacts } from '../api/contacts';
import { useServices } from '../runtime/services';
import { useToast } from '../feedback/toast';
import { format, useCountText, useTexts } from '../i18n/texts';
import { IMPORT_ACCEPT, importErrorsByRow, importFileProblem, refusedRowCount, type ImportFileProblem } from './contact-import';
import { fieldMessageText } from './field-message-text';
import { contactsTexts } from './texts';

const useStyles = makeStyles({
  content: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  hiddenInput: { display: 'none' },
  picker: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalM, flexWrap: 'wrap' },
  summary: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  errors: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalXL,
    maxHeight: '240px',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
  },
});

const MEGABYTES = CONTACTS_IMPORT_MAX_BYTES / (1024 * 1024);

export interface ImportContactsDialogProps {
  readonly open: boolean;
  readonly onClose: () => void;
}

export function ImportContactsDialog({ open, onClose }: ImportContactsDialogProps) {
  const styles = useStyles();
  const texts = useTexts(contactsTexts);
  const countText = useCountText();
  const toast = useToast();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File>();
  const [problem, setProblem] = useState<ImportFileProblem>();
  const [refusal, setRefusal] = useState<string>();

  const { api } = useServices();
  const queryClient = useQueryClient();
  const upload = useMutation({
    mutationFn: (chosen: File) => {
      const form = new FormData();
      form.append(CONTACTS_IMPORT_FIELDS[0], chosen, chosen.name);
      return importContacts(api, form);
    },
    onSuccess: (result) => {
      if (result.created > 0) {
        void queryClient.invalidateQueries({ queryKey: contactKeys.all });
        toast.success(countText(texts.importDialog.done, result.created));
      }
    },
    onError: (error) => {
      const reason = error instanceof ApiError && error.code === 'ERR_VALIDATION' ? (error.body as ErrorBody | undefined)?.message : undefined;
      if (reason !== undefined) setRefusal(reason);
      else toast.error(error);
    },
  });

  const choose = (chosen: File | undefined) => {
    upload.reset();
    setRefusal(undefined);
    setFile(chosen);
    setProblem(chosen === undefined ? undefined : importFileProblem(chosen));
  };

  const close = () => {
    if (upload.isPending) return;
    choose(undefined);
    onClose();
  };

  const problemText = (kind: ImportFileProblem) => format(texts.importDialog[kind], { megabytes: MEGABYTES });
  const result = upload.data;
  const rows = result === undefined ? [] : importErrorsByRow(result.errors);

  return (
    <Dialog open={open} modalType="modal" onOpenChange={(_, data) => !data.open && close()}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{texts.importDialog.title}</DialogTitle>
          <DialogContent className={styles.content}>
            <Body1>{format(texts.importDialog.description, { rows: CONTACTS_IMPORT_MAX_ROWS, megabytes: MEGABYTES })}</Body1>
            <div className={styles.picker}>
              <input
                ref={input}
                className={styles.hiddenInput}
                type="file"
                accept={IMPORT_ACCEPT}
                onChange={(event) => {
                  choose(event.target.files?.[0]);
                  // The same file can be chosen again after it was fixed.
                  event.target.value = '';
                }}
              />
              <Button icon={<DocumentTable24Regular />} disabled={upload.isPending} onClick={() => input.current?.click()}>
                {texts.importDialog.choose}
              </Button>
              {file !== undefined && <Body1>{format(texts.importDialog.chosen, { file: file.name })}</Body1>}
            </div>
            {problem !== undefined && (
              <MessageBar intent="error">
                <MessageBarBody>{problemText(problem)}</MessageBarBody>
              </MessageBar>
            )}
            {refusal !== undefined && (
              <MessageBar intent="error">
                <MessageBarBody>{format(texts.importDialog.refusedFile, { reason: refusal })}</MessageBarBody>
              </MessageBar>
            )}
            {result !== undefined && (
              <>
                <MessageBar intent={result.errors.length > 0 ? 'warning' : 'success'}>
                  <MessageBarBody>
                    <ul className={styles.summary}>
                      <li>{format(texts.importDialog.summaryCreated, { count: result.created })}</li>
                      <li>{format(texts.importDialog.summarySkipped, { count: result.skipped })}</li>
                      <li>{format(texts.importDialog.summaryRefused, { count: refusedRowCount(result) })}</li>
                    </ul>
                  </MessageBarBody>
                </MessageBar>
                {rows.length > 0 && (
                  <>
                    <Subtitle2 as="h3">{texts.importDialog.errorsTitle}</Subtitle2>
                    <ul className={styles.errors}>
                      {rows.map(({ row, problems }) => (
                        <li key={row}>
                          <strong>{format(texts.importDialog.row, { row })}</strong>
                          {': '}
                          {problems
                            .map(({ field, message }) => `${fieldLabel(texts.importDialog, field)}: ${fieldMessageText(texts, message) ?? ''}`)
                            .join('; ')}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={upload.isPending} onClick={close}>
              {texts.importDialog.close}
            </Button>
            <Button
              appearance="primary"
              disabled={file === undefined || problem !== undefined || upload.isPending || result !== undefined}
              icon={upload.isPending ? <Spinner size="tiny" /> : undefined}
              onClick={() => file !== undefined && upload.mutate(file)}
            >
              {upload.isPending ? texts.importDialog.sending : texts.importDialog.send}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The translated column name of a row problem, or 'row' for a row refused as a whole. */
function fieldLabel(texts: { readonly wholeRow: string; readonly fields: Readonly<Record<'name' | 'number' | 'email', string>> }, field: string | undefined): string {
  if (field === 'name' || field === 'number' || field === 'email') return texts.fields[field];
  return field ?? texts.wholeRow;
}
