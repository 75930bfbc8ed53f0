/**
 * The frame of a form (spec 1 §5): its title, its fields and the cancel and save buttons, the save
 * button saying 'Salvando…' with a spinner while the form is sent. In a dialog (inside FormDialog) the
 * parts are the dialog's title, content and actions; `inline` lays it out in the page or a side drawer,
 * with a heading and the buttons under the fields.
 */
import { Button, DialogActions, DialogBody, DialogContent, DialogTitle, makeStyles, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import { useId, type SubmitEvent, type ReactNode } from 'react';

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  inline: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  inlineActions: { display: 'flex', justifyContent: 'flex-end', columnGap: tokens.spacingHorizontalS },
});

export interface FormFrameLabels {
  readonly save: string;
  readonly saving: string;
  readonly cancel: string;
}

export interface FormFrameProps {
  readonly title: string;
  readonly labels: FormFrameLabels;
  readonly busy: boolean;
  readonly onSubmit: (event: SubmitEvent) => void;
  readonly onCancel: () => void;
  /** In the page or a drawer rather than in a dialog. */
  readonly inline?: boolean;
  /** Shown but no longer submittable (e.g. a schedule already sent): no save button. */
  readonly readOnly?: boolean;
  /** The record's own buttons (a campaign's stop or restart), apart from cancel and save: at the start of the actions. */
  readonly extraActions?: ReactNode;
  /** The fields. */
  readonly children: ReactNode;
}

export function FormFrame({ title, labels, busy, onSubmit, onCancel, inline = false, readOnly = false, extraActions, children }: FormFrameProps) {
  const styles = useStyles();
  const formId = useId();

  const form = (
    <form id={formId} className={styles.form} noValidate onSubmit={onSubmit}>
      {children}
    </form>
  );

  const buttons = (
    <>
      <Button appearance="secondary" disabled={busy} onClick={onCancel}>
        {labels.cancel}
      </Button>
      {!readOnly && (
        <Button appearance="primary" type="submit" form={formId} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
          {busy ? labels.saving : labels.save}
        </Button>
      )}
    </>
  );

  if (inline) {
    return (
      <section className={styles.inline} aria-label={title}>
        <Subtitle2 as="h3">{title}</Subtitle2>
        {form}
        <div className={styles.inlineActions}>
          {extraActions}
          {buttons}
        </div>
      </section>
    );
  }
  return (
    <DialogBody>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{form}</DialogContent>
      {extraActions !== undefined && <DialogActions position="start">{extraActions}</DialogActions>}
      <DialogActions>{buttons}</DialogActions>
    </DialogBody>
  );
}
