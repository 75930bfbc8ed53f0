/** A ticket note must have at least 2 characters besides spaces (spec 1 §5). */
import { NOTE_MAX, NOTE_MIN } from '../../../../shared/notes';

export type NoteProblem = 'required' | 'tooShort' | 'tooLong';

export function noteProblem(note: string): NoteProblem | null {
  const text = note.trim();
  if (text === '') return 'required';
  if (text.length < NOTE_MIN) return 'tooShort';
  if (text.length > NOTE_MAX) return 'tooLong';
  return null;
}
