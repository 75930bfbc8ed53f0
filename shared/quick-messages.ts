/**
 * Quick messages (spec 2 §2, §3, §5, §7; spec 1 §2.6): canned replies an agent inserts by typing '/'
 * and the shortcode. `geral` ones are shared with the whole company; the others are personal. The
 * inputs the API accepts, with the spec's field messages, and the shapes it answers.
 *
 * Who may do what (ours; the spec is silent): everyone sees the shared ones and their own; a personal
 * quick message is seen and changed only by its owner; a shared one is changed (and deleted) by its
 * author and by the company's admins.
 */
import { z } from 'zod';
import { withoutControls, writtenText } from './text';

export interface QuickMessage {
  readonly id: string;
  readonly shortcode: string;
  readonly message: string;
  /** Shared with every user of the company (true) or personal to `userId` (false). */
  readonly geral: boolean;
  /** Active: offered in the message input's suggestions. */
  readonly status: boolean;
  /** The author (the owner of a personal one). */
  readonly userId: string | null;
  /** The attachment's key in the private media bucket, or null. */
  readonly mediaPath: string | null;
  /** The attachment's file name as stored (spaces as underscores), or null. */
  readonly mediaName: string | null;
  readonly isMedia: boolean;
  /** A short-lived presigned download URL of the attachment, or null. */
  readonly mediaUrl: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** GET /quick-messages: a page of the search (spec 2 §7). */
export interface QuickMessagePage {
  readonly records: readonly QuickMessage[];
  readonly hasMore: boolean;
}

export const QUICK_MESSAGE_SHORTCODE_MAX = 100;
export const QUICK_MESSAGE_TEXT_MAX = 4096;
/** Suggestions show this many characters of the message, then '...' (spec 1 §2.6). */
export const QUICK_MESSAGE_LABEL_MAX = 35;

/** Form fields the attachment is read from (`file`, with `typeArch=quickMessage` beside it; or `medias`). */
export const QUICK_MESSAGE_MEDIA_FIELDS = ['file', 'medias'] as const;
/** Ours: under Lambda's 6 MB request once API Gateway has base64-encoded the upload. */
export const QUICK_MESSAGE_MEDIA_MAX_BYTES = 4 * 1024 * 1024;

const shortcode = z
  .string({ error: 'Obrigatório' })
  .overwrite(withoutControls)
  .trim()
  .min(1, 'Obrigatório')
  .max(QUICK_MESSAGE_SHORTCODE_MAX, 'Muito longo!');

/** A written text (shared/text.ts): line breaks as LF, kept. */
const message = z.string({ error: 'Mensagem inválida' }).overwrite(writtenText).max(QUICK_MESSAGE_TEXT_MAX, 'Muito longo!');

const flag = (name: string) => z.boolean({ error: `${name} deve ser verdadeiro ou falso` });

/** POST /quick-messages: personal and active unless said otherwise. The attachment comes through media-upload. */
export const CreateQuickMessageBody = z.object({
  shortcode,
  message: message.optional().default(''),
  geral: flag('geral').optional().default(false),
  status: flag('status').optional().default(true),
});
export type CreateQuickMessageBody = z.output<typeof CreateQuickMessageBody>;

/** PUT /quick-messages/{id}: the dialog's fields; what is left out stays as it is. */
export const UpdateQuickMessageBody = z.object({
  shortcode,
  message: message.optional(),
  geral: flag('geral').optional(),
  status: flag('status').optional(),
});
export type UpdateQuickMessageBody = z.output<typeof UpdateQuickMessageBody>;

export const QuickMessageParams = z.object({ id: z.ulid('Invalid id') });

/** Who looks at a quick message: the user, and whether their profile is admin. */
export interface QuickMessageViewer {
  readonly userId: string;
  readonly isAdmin: boolean;
}

/** Seen by everyone when shared (`geral`), else by its owner only (the server's rule; the web lists what it is answered). */
export const canSeeQuickMessage = (viewer: QuickMessageViewer, quickMessage: Pick<QuickMessage, 'geral' | 'userId'>): boolean =>
  quickMessage.geral || quickMessage.userId === viewer.userId;

/** Changed and deleted by its author, and a shared one by admins too: the server refuses the rest, the web hides it. */
export const canChangeQuickMessage = (viewer: QuickMessageViewer, quickMessage: Pick<QuickMessage, 'geral' | 'userId'>): boolean =>
  quickMessage.userId === viewer.userId || (quickMessage.geral && viewer.isAdmin);

/** The label of a suggestion: the first 35 characters of the message, then an ellipsis. */
export function quickMessageLabel(text: string): string {
  return text.length > QUICK_MESSAGE_LABEL_MAX ? `${text.slice(0, QUICK_MESSAGE_LABEL_MAX)}...` : text;
}
