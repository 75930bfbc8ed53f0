/**
 * The ids a campaign's message to one recipient is stored and sent under, derived from the campaign,
 * the recipient's place, the part (the text, then the file list's parts) and the instant the hop took
 * the recipient on (recorded with its work, repositories/campaign-cursors.ts). A hop that runs again
 * after a crash derives the same ids: the store keeps one message per id (send-message.ts `fixedId`),
 * the session queue drops a repeated command within five minutes, and WhatsApp shows one message per id.
 */
import { createHash } from 'node:crypto';
import { encodeTime } from 'ulid';

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

export interface RecipientMessageIds {
  /** The ulid part of the stored message's id (time: the hop's instant plus the part, so parts keep their order). */
  readonly ulid: string;
  /** What WhatsApp knows it by: hex, upper case, after the `3EB0` its web clients use. */
  readonly whatsappMessageId: string;
}

export function recipientMessageIds(campaignId: string, position: number, part: number, at: string): RecipientMessageIds {
  const digest = createHash('sha256').update(`${campaignId}:${position}:${part}`).digest();
  const random = Array.from(digest.subarray(0, 16), (byte) => CROCKFORD[byte % 32]).join('');
  return {
    ulid: `${encodeTime(Date.parse(at) + part, 10)}${random}`,
    whatsappMessageId: `3EB0${digest.subarray(16, 32).toString('hex').toUpperCase()}`,
  };
}
