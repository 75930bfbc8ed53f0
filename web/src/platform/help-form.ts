/**
 * The Ajuda tab's form without React (spec 3 §3: title, video code, description): the video field
 * takes the code or a link to the video, from which the code is read, since only the code is stored
 * (shared/helps.ts); the link shown back is built from the code.
 */
import { CreateHelpBody, UpdateHelpBody } from '../../../shared/helps';
import type { Help, HelpBody } from '../api/helps';

export interface HelpFormValues {
  readonly title: string;
  readonly description: string;
  /** The video's code, or a link to it, as typed or pasted. */
  readonly video: string;
}

export function emptyHelpForm(): HelpFormValues {
  return { title: '', description: '', video: '' };
}

export function helpFormOf(help: Help): HelpFormValues {
  return { title: help.title, description: help.description, video: help.video };
}

/** Links of the video host: youtu.be/CODE, youtube.com/watch?v=CODE, /embed/CODE, /shorts/CODE. */
const LINKS = [/youtu\.be\/([A-Za-z0-9_-]+)/, /[?&]v=([A-Za-z0-9_-]+)/, /youtube(?:-nocookie)?\.com\/(?:embed|shorts|live)\/([A-Za-z0-9_-]+)/];

/** The code of a pasted link, or the text as typed (the schema then judges it). */
export function videoCodeOf(typed: string): string {
  const text = typed.trim();
  for (const link of LINKS) {
    const match = link.exec(text);
    if (match?.[1] !== undefined) return match[1];
  }
  return text;
}

/** The link to watch a stored code. */
export function videoLinkOf(code: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(code)}`;
}

export function helpBody(values: HelpFormValues): HelpBody {
  return { title: values.title, description: values.description, video: videoCodeOf(values.video) };
}

export function helpSchema(creating: boolean) {
  return creating ? CreateHelpBody : UpdateHelpBody;
}
