/**
 * Announcements (spec 3 §3, §4, §5, §9; spec 1 §2.7): platform-wide notices written by the super user
 * and read by everyone in the shell's popover. The inputs the API accepts, with the spec's field
 * messages, and the shapes it answers. Imported by the backend and by the web's dialog and popover.
 */
import { z } from 'zod';
import { withoutControls } from './text';

/** 1 high (red), 2 medium (orange), 3 low (grey). */
export type AnnouncementPriority = 1 | 2 | 3;

export const ANNOUNCEMENT_PRIORITIES: readonly AnnouncementPriority[] = [1, 2, 3];

/** New announcements are low priority and active (spec 3 §4). */
export const DEFAULT_ANNOUNCEMENT_PRIORITY: AnnouncementPriority = 3;
export const DEFAULT_ANNOUNCEMENT_STATUS = true;

/**
 * Lengths are ours (the spec gives none). They keep an announcement, with its media URL, inside one
 * realtime frame (32 KB) even in the worst case of escaped characters.
 */
export const ANNOUNCEMENT_TITLE_MAX = 150;
export const ANNOUNCEMENT_TEXT_MAX = 4000;

/** The image an announcement may carry (spec 3 §5): these extensions, and content that matches them. */
export const ANNOUNCEMENT_MEDIA_EXTENSIONS = ['.png', '.jpg', '.jpeg'] as const;
/** Ours: well under Lambda's 6 MB request payload once API Gateway has base64-encoded the upload. */
export const ANNOUNCEMENT_MEDIA_MAX_BYTES = 4 * 1024 * 1024;
/** Form fields the upload is read from: `file`, or `medias` as the original product's web sends it. */
export const ANNOUNCEMENT_MEDIA_FIELDS = ['file', 'medias'] as const;

/** An announcement as the API answers it and as the `company-announcement` event carries it. */
export interface Announcement {
  readonly id: string;
  readonly title: string;
  readonly text: string;
  readonly priority: AnnouncementPriority;
  /** true: active, shown to everyone; false: kept for the super user only. */
  readonly status: boolean;
  /** The stored image's key in the private media bucket, or null without an image. */
  readonly mediaPath: string | null;
  /** The image's file name as stored (spaces as underscores, only [A-Za-z0-9._-]). */
  readonly mediaName: string | null;
  /** A short-lived presigned download URL of the image (15 minutes), or null without an image. */
  readonly mediaUrl: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** GET /announcements: a page of the search, newest first. */
export interface AnnouncementPage {
  readonly records: readonly Announcement[];
  readonly hasMore: boolean;
}

const title = z
  .string({ error: 'Required' })
  .overwrite(withoutControls)
  .trim()
  .min(1, 'Required')
  .max(ANNOUNCEMENT_TITLE_MAX, 'Too Long!');

const text = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(ANNOUNCEMENT_TEXT_MAX, 'Too Long!');

const priority = z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'Invalid priority' });

const status = z.boolean({ error: 'Invalid status' });

/** POST /announcements: the dialog's fields; priority defaults to 3 and status to active. */
export const CreateAnnouncementBody = z.object({
  title,
  text,
  priority: priority.optional().default(DEFAULT_ANNOUNCEMENT_PRIORITY),
  status: status.optional().default(DEFAULT_ANNOUNCEMENT_STATUS),
});
export type CreateAnnouncementBody = z.output<typeof CreateAnnouncementBody>;

/**
 * PUT /announcements/{id}: the dialog's fields; a priority or status left out stays as it is. The image
 * changes only through the media-upload routes: mediaPath or mediaName in this body are ignored.
 */
export const UpdateAnnouncementBody = z.object({ title, text, priority: priority.optional(), status: status.optional() });
export type UpdateAnnouncementBody = z.output<typeof UpdateAnnouncementBody>;

export const AnnouncementParams = z.object({ id: z.ulid('Invalid id') });
