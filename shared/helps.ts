/**
 * Help videos (spec 3 §3): title, the video's code on the video host, and a description. Only the code
 * is stored, never a URL: the web builds the player and thumbnail URLs from it, so a help can never
 * point a browser at another site or carry a script.
 */
import { z } from 'zod';
import { withoutControls } from './text';

export interface Help {
  readonly id: string;
  readonly title: string;
  /** A YouTube-style video id, e.g. 'dQw4w9WgXcQ'. */
  readonly video: string;
  readonly description: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** GET /helps, paged as the spec's lists are. */
export interface HelpsPage {
  readonly helps: readonly Help[];
  readonly hasMore: boolean;
}

/** A video host's id: letters, digits, '-' and '_' (YouTube's are 11 characters). */
export const VIDEO_CODE = /^[A-Za-z0-9_-]{6,20}$/;

const required = (issue: { input: unknown }) => (issue.input === undefined || issue.input === null ? 'Required' : 'Invalid value');

const title = z.string({ error: required }).overwrite(withoutControls).trim().min(1, { error: 'Required', abort: true }).max(100, 'Too Long!');
const video = z.string({ error: required }).trim().min(1, { error: 'Required', abort: true }).regex(VIDEO_CODE, 'Invalid video code');
const description = z.string({ error: 'Invalid value' }).trim().max(2000, 'Too Long!');

export const CreateHelpBody = z.object({ title, video, description: description.optional().default('') });
export type CreateHelpBody = z.output<typeof CreateHelpBody>;

/** PUT /helps/{id}: any field; the ones left out stay as they are. */
export const UpdateHelpBody = z.object({ title: title.optional(), video: video.optional(), description: description.optional() });
export type UpdateHelpBody = z.output<typeof UpdateHelpBody>;

export const HelpIdParams = z.object({ id: z.string().trim().min(1, 'Required').max(64, 'Invalid id') });

/** The thumbnail the web shows on a help card (spec 3 §2: thumbnails come from the video host). */
export const helpThumbnailUrl = (video: string): string => `https://img.youtube.com/vi/${encodeURIComponent(video)}/0.jpg`;
