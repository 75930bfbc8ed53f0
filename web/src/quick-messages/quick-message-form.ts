/**
 * The quick-message dialog without React (spec 2 §2, §5): its values, the body it sends and the schema
 * that checks it (the server's own, shared/quick-messages.ts, so the form refuses exactly what the API
 * would, with the spec's 'Obrigatório'), and what becomes of the attachment when it is saved.
 */
import {
  CreateQuickMessageBody,
  QUICK_MESSAGE_MEDIA_MAX_BYTES,
  UpdateQuickMessageBody,
  type QuickMessage,
} from '../../../shared/quick-messages';
import type { QuickMessageBody } from '../api/quick-messages';

export interface QuickMessageFormValues {
  readonly shortcode: string;
  readonly message: string;
  /** Shared with the whole company, rather than personal. */
  readonly geral: boolean;
}

export function emptyQuickMessageForm(): QuickMessageFormValues {
  return { shortcode: '', message: '', geral: false };
}

export function quickMessageFormOf(quickMessage: QuickMessage): QuickMessageFormValues {
  return { shortcode: quickMessage.shortcode, message: quickMessage.message, geral: quickMessage.geral };
}

export function quickMessageBody(values: QuickMessageFormValues): QuickMessageBody {
  return { shortcode: values.shortcode, message: values.message, geral: values.geral };
}

/** The API's schema of the body: POST /quick-messages when creating, PUT /quick-messages/{id} when editing. */
export function quickMessageSchema(editing?: QuickMessage) {
  return editing === undefined ? CreateQuickMessageBody : UpdateQuickMessageBody;
}

/** The messages of the schemas, by the key of their translation. */
const MESSAGE_KEYS = {
  Obrigatório: 'required',
  'Muito longo!': 'tooLong',
} as const;

export type QuickMessageFieldMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type QuickMessageFieldMessage = { readonly key: QuickMessageFieldMessageKey } | { readonly text: string };

export function quickMessageFieldMessage(message: string): QuickMessageFieldMessage {
  const key = (MESSAGE_KEYS as Readonly<Record<string, QuickMessageFieldMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

export { attachmentName, attachmentStep, type AttachmentChoice, type AttachmentStep } from '../components/attachment-choice';

/** A file the server would refuse for its size (checked before anything is sent). */
export const attachmentTooBig = (file: Pick<File, 'size'>): boolean => file.size > QUICK_MESSAGE_MEDIA_MAX_BYTES;
