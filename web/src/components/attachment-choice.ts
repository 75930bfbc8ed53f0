/**
 * A form's one attached file (a quick message's attachment, a schedule's or an announcement's image) as
 * its dialog leaves it (the picker is AttachmentPicker.tsx), and what follows the save for it: the file
 * is uploaded or deleted through its own route once the record is stored, so one rule for every dialog
 * with an attachment.
 */

/** As it was (`keep`), taken off (`remove`), or a file chosen to replace it (`add`). */
export type AttachmentChoice = { readonly kind: 'keep' } | { readonly kind: 'remove' } | { readonly kind: 'add'; readonly file: File };

/** The request that follows the save for the attachment, if any. */
export type AttachmentStep = { readonly kind: 'upload'; readonly file: File } | { readonly kind: 'delete' } | null;

/** Upload a chosen file; delete an attachment taken off (nothing to delete when there was none). */
export function attachmentStep(hadAttachment: boolean, choice: AttachmentChoice): AttachmentStep {
  switch (choice.kind) {
    case 'add':
      return { kind: 'upload', file: choice.file };
    case 'remove':
      return hadAttachment ? { kind: 'delete' } : null;
    case 'keep':
      return null;
  }
}

/**
 * The attachment's name as the dialog shows it: the chosen file's (through `nameOf` when the server will
 * store it under another name), the stored one's, or none.
 */
export function attachmentName(storedName: string | null, choice: AttachmentChoice, nameOf: (file: File) => string = (file) => file.name): string | null {
  switch (choice.kind) {
    case 'add':
      return nameOf(choice.file);
    case 'remove':
      return null;
    case 'keep':
      return storedName;
  }
}

/** What choosing a file in the picker does: it becomes the attachment, or it is refused with the form's reason. */
export type FileChosen = { readonly choice: AttachmentChoice; readonly error?: undefined } | { readonly choice?: undefined; readonly error: string };

/**
 * A file just chosen, checked by the form (`problemOf` answers the reason to refuse it, or undefined):
 * undefined when the browser's dialog was closed without a file.
 */
export function fileChosen(file: File | undefined, problemOf: (file: File) => string | undefined): FileChosen | undefined {
  if (file === undefined) return undefined;
  const problem = problemOf(file);
  return problem === undefined ? { choice: { kind: 'add', file } } : { error: problem };
}
