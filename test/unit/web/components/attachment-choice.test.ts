/** A form's one attached file (components/AttachmentPicker.tsx, attachment-choice.ts): choosing, naming, what follows the save. */
import { attachmentName, attachmentStep, fileChosen, type AttachmentChoice } from '../../../../web/src/components/attachment-choice';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);
const noProblem = () => undefined;

describe('fileChosen', () => {
  test('takes a file the form finds no problem with', () => {
    const chosen = file('a.png');
    expect(fileChosen(chosen, noProblem)).toEqual({ choice: { kind: 'add', file: chosen } });
  });

  test("refuses a file with the form's reason, choosing nothing", () => {
    const tooBig = (candidate: File) => (candidate.size > 5 ? 'Too big' : undefined);
    expect(fileChosen(file('big.png', 6), tooBig)).toEqual({ error: 'Too big' });
  });

  test('does nothing when the file dialog was closed without a file', () => {
    expect(fileChosen(undefined, () => 'never asked')).toBeUndefined();
  });
});

describe('attachmentName', () => {
  const chosen: AttachmentChoice = { kind: 'add', file: file('new.jpg') };
  test('shows the chosen file, else the stored one while kept, and none once taken off', () => {
    expect(attachmentName('old.png', chosen)).toBe('new.jpg');
    expect(attachmentName('old.png', { kind: 'keep' })).toBe('old.png');
    expect(attachmentName('old.png', { kind: 'remove' })).toBeNull();
    expect(attachmentName(null, { kind: 'keep' })).toBeNull();
  });
});

describe('attachmentStep', () => {
  test('uploads a chosen file, deletes one taken off only when there was one', () => {
    const chosen = file('a.png');
    expect(attachmentStep(true, { kind: 'add', file: chosen })).toEqual({ kind: 'upload', file: chosen });
    expect(attachmentStep(true, { kind: 'remove' })).toEqual({ kind: 'delete' });
    expect(attachmentStep(false, { kind: 'remove' })).toBeNull();
    expect(attachmentStep(true, { kind: 'keep' })).toBeNull();
  });
});
