/**
 * The announcement dialog without React (spec 3 §2 Announcements, §4, §5): its values (a new one is
 * low priority and active), the body it sends and the schema that checks it (the server's own,
 * shared/announcements.ts, so the dialog refuses exactly what the API would: title and text required),
 * and the image: which files it takes (.png, .jpg, .jpeg, under the server's size limit), the name it is
 * stored under (spaces as underscores) and the request that follows the save.
 */
import {
  ANNOUNCEMENT_MEDIA_EXTENSIONS,
  ANNOUNCEMENT_MEDIA_MAX_BYTES,
  CreateAnnouncementBody,
  DEFAULT_ANNOUNCEMENT_PRIORITY,
  DEFAULT_ANNOUNCEMENT_STATUS,
  UpdateAnnouncementBody,
  type Announcement,
  type AnnouncementPriority,
} from '../../../shared/announcements';
import type { AnnouncementBody } from '../api/announcements';
import { attachmentName, attachmentStep, type AttachmentChoice } from '../components/attachment-choice';

export interface AnnouncementFormValues {
  readonly title: string;
  readonly text: string;
  readonly priority: AnnouncementPriority;
  /** Active: shown to every user. */
  readonly status: boolean;
}

export type AnnouncementFormField = 'title' | 'text';

/** Spec 3 §4: new announcements are low priority (3) and active. */
export function emptyAnnouncementForm(): AnnouncementFormValues {
  return { title: '', text: '', priority: DEFAULT_ANNOUNCEMENT_PRIORITY, status: DEFAULT_ANNOUNCEMENT_STATUS };
}

export function announcementFormOf(announcement: Pick<Announcement, 'title' | 'text' | 'priority' | 'status'>): AnnouncementFormValues {
  return { title: announcement.title, text: announcement.text, priority: announcement.priority, status: announcement.status };
}

export function announcementBody(values: AnnouncementFormValues): AnnouncementBody {
  return { title: values.title, text: values.text, priority: values.priority, status: values.status };
}

/** The API's schema of the body: POST /announcements when creating, PUT /announcements/{id} when editing. */
export function announcementSchema(editing: boolean) {
  return editing ? UpdateAnnouncementBody : CreateAnnouncementBody;
}

/** The messages of the schemas, by the key of their translation. */
const MESSAGE_KEYS = {
  Required: 'required',
  'Too Long!': 'tooLong',
} as const;

export type AnnouncementMessageKey = (typeof MESSAGE_KEYS)[keyof typeof MESSAGE_KEYS];

/** A message to show: a key of the dictionary, or the server's text as it came when unknown. */
export type AnnouncementFieldMessage = { readonly key: AnnouncementMessageKey } | { readonly text: string };

export function announcementFieldMessage(message: string): AnnouncementFieldMessage {
  const key = (MESSAGE_KEYS as Readonly<Record<string, AnnouncementMessageKey>>)[message];
  return key === undefined ? { text: message } : { key };
}

/** The form's messages by field (priority and status can only hold valid values). */
export function announcementFormErrors(messages: Readonly<Record<string, string>>): Partial<Record<AnnouncementFormField, AnnouncementFieldMessage>> {
  const errors: Partial<Record<AnnouncementFormField, AnnouncementFieldMessage>> = {};
  if (messages.title !== undefined) errors.title = announcementFieldMessage(messages.title);
  if (messages.text !== undefined) errors.text = announcementFieldMessage(messages.text);
  return errors;
}

/** The file picker's filter: the extensions of spec 3 §5 and their media types. */
export const IMAGE_ACCEPT = [...ANNOUNCEMENT_MEDIA_EXTENSIONS, 'image/png', 'image/jpeg'].join(',');

export const IMAGE_MAX_MEGABYTES = ANNOUNCEMENT_MEDIA_MAX_BYTES / (1024 * 1024);

/** Why a chosen file cannot be the image (checked before anything is sent), or undefined when it can. */
export function imageProblem(file: Pick<File, 'name' | 'size'>): 'wrongType' | 'tooBig' | undefined {
  const name = file.name.toLowerCase();
  if (!ANNOUNCEMENT_MEDIA_EXTENSIONS.some((extension) => name.endsWith(extension))) return 'wrongType';
  if (file.size > ANNOUNCEMENT_MEDIA_MAX_BYTES) return 'tooBig';
  return undefined;
}

/** Spec 3 §5: the file's name with its spaces as underscores (the server keeps it so, and makes it safe). */
export function storedImageName(name: string): string {
  return name.trim().replace(/\s+/g, '_');
}

/** The request that follows the save for the image, if any: an upload names the file as it will be stored. */
export type ImageStep = { readonly kind: 'upload'; readonly file: File; readonly fileName: string } | { readonly kind: 'delete' } | null;

export function imageStep(hadImage: boolean, choice: AttachmentChoice): ImageStep {
  const step = attachmentStep(hadImage, choice);
  return step?.kind === 'upload' ? { ...step, fileName: storedImageName(step.file.name) } : step;
}

/** The image's name as the dialog shows it: the chosen file's as it will be stored, the stored one's, or none. */
export const shownImageName = (storedName: string | null, choice: AttachmentChoice): string | null =>
  attachmentName(storedName, choice, (file) => storedImageName(file.name));
