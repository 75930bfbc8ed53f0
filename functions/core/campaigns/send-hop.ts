/**
 * One hop of a connection's send cursor (docs/architecture.md §3 "Campaign pacing"; DESIGN §3): the
 * `hop` messages of the campaign-sends queue form one chain per connection, each hop sending the next
 * recipient (or, without a pause between messages, the next few) of the oldest running campaign on the
 * connection, then enqueueing the next hop delayed by the pause. Pauses are in seconds: a random one up
 * to `messageInterval`, and `greaterInterval` after every `longerIntervalAfter` messages, counted across
 * all campaigns of the connection.
 *
 * Exactly once, with at-least-once queues (repositories/campaign-cursors.ts):
 * 1. hold: the cursor must carry the message's token (else it is a duplicate or superseded: dropped)
 *    and be held by nobody else (else it waits a few seconds and tries again); a hold older than
 *    HOLD_STALE_MS belonged to a hop that died, and is taken over;
 * 2. the work: a hop cut off midway left its work recorded, and it is finished first (even for a
 *    campaign cancelled since), with the same message ids (recipient-ids.ts), so nothing is sent
 *    twice; otherwise the next recipients are taken
 *    on and recorded before anything is sent. Each campaign is read (its status: a cancel stops it at
 *    the next batch; a deleted or finished one leaves the cursor) and its recipients written first if
 *    the start has not yet (plan-campaign.ts);
 * 3. the next hop message is enqueued with a new token, then the cursor moves to that token. Cut off
 *    between the two, the old message comes back, finds its work done and moves on; the message already
 *    enqueued is then stale. A start or restart re-keys the cursor (start-campaign.ts kickSender): a
 *    hop acting then finishes its batch and gives the hold back, and the chain continues from the kick.
 *
 * The connection's protections hold before anything is taken on (sending-limits.ts): past its daily
 * cap the cursor waits for the next day, outside its sending window for the window to open, and a
 * session not connected is waited for; recipients are never burned while waiting.
 *
 * When no campaign is left the cursor rests (no token) until the next start.
 */
import { randomInt } from 'node:crypto';
import { ulid } from 'ulid';
import { companyDay } from '../../../shared/company-time';
import type { CampaignSettings } from '../../../shared/campaign-settings';
import { logger } from '../logger';
import { getCampaignSettings } from '../repositories/campaign-settings';
import { endCursorHop, holdSendCursor, recordCursorWork, releaseSendCursor, type CursorWork, type SendCursor } from '../repositories/campaign-cursors';
import { optedOutAmong } from '../repositories/campaign-opt-outs';
import { putShippingOutcomes, readShipping, type ShippingItem } from '../repositories/campaign-shipping';
import { advanceCampaign, getCampaign, setCampaignFields, type StoredCampaign } from '../repositories/campaigns';
import { getConnection, type Connection } from '../repositories/connections';
import { contactIdsByNumber } from '../repositories/contacts';
import { getFileList } from '../repositories/file-lists';
import { planCampaign } from './plan-campaign';
import { campaignWaitSeconds, remainingToday } from './sending-limits';
import { announceCampaign } from './present-campaign';
import { enqueueCampaignSend, type SendHopMessage } from './send-queue';
import { sendToRecipient } from './send-to-recipient';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { countMetric } from '../metrics';

/** A hold older than this belonged to a hop that died (within the queue's 120 s visibility, so its redelivery takes over). */
export const HOLD_STALE_MS = 90_000;
/** How long a hop that found the cursor held waits before trying again. */
const BUSY_RETRY_SECONDS = 5;
/** How long the cursor waits for a connection whose session is not connected. */
const SESSION_WAIT_SECONDS = 30;
/** Recipients one hop takes on when there is no pause between messages (a cancel stops within them). */
export const HOP_BATCH_MAX = 5;

export type HopOutcome = 'stale' | 'busy' | 'sent' | 'waiting' | 'rested';

interface Step {
  readonly outcome: 'sent' | 'waiting' | 'rested';
  readonly pauseSeconds: number;
  /** The pause is the longer one, which starts the count of messages again. */
  readonly longer?: boolean;
  readonly campaignIds: readonly string[];
  readonly delivered: number;
}

export async function runSendHop(message: SendHopMessage, now = new Date()): Promise<HopOutcome> {
  const { companyId, whatsappId, token } = message;
  const holder = ulid();
  const hold = await holdSendCursor(companyId, whatsappId, token, holder, now, new Date(now.getTime() - HOLD_STALE_MS));
  if (hold.kind === 'stale') return 'stale';
  if (hold.kind === 'busy') {
    await enqueueCampaignSend(message, BUSY_RETRY_SECONDS);
    return 'busy';
  }
  const cursor = hold.cursor;
  let step: Step;
  let next: string | null;
  try {
    step = await takeStep(cursor, holder, now);
    next = step.outcome === 'rested' ? null : ulid();
    if (next) await enqueueCampaignSend({ kind: 'hop', companyId, whatsappId, token: next }, step.pauseSeconds);
  } catch (error) {
    await releaseSendCursor(companyId, whatsappId, holder);
    throw error;
  }
  const pacing = paced(cursor, step, now);
  const ended = await endCursorHop(companyId, whatsappId, token, holder, { token: next, campaignIds: step.campaignIds, ...pacing }, new Date());
  if (!ended) logger.info('campaign cursor re-keyed during a hop; the chain goes on from the new token', { companyId, whatsappId });
  return step.outcome;
}

/** The pacing counters after the hop: messages since the last longer pause (reset by it), messages today. */
function paced(cursor: SendCursor, step: Step, now: Date): { sinceLonger: number; day: string; sentToday: number } {
  return { sinceLonger: step.longer ? 0 : cursor.sinceLonger + step.delivered, day: companyDay(now), sentToday: sentTodayOf(cursor, now) + step.delivered };
}

/** The connection's campaign messages of the company's current day (the count restarts with each day). */
const sentTodayOf = (cursor: SendCursor, now: Date): number => (cursor.day === companyDay(now) ? cursor.sentToday : 0);

async function takeStep(cursor: SendCursor, holder: string, now: Date): Promise<Step> {
  const campaignIds = [...cursor.campaignIds];
  const connection = await getConnection(cursor.companyId, cursor.whatsappId);
  if (cursor.work && connection) {
    // Recipients taken on before a stop are finished even if the campaign was cancelled meanwhile: some of
    // their messages may have gone out, and only the ids of that work say which (a restart would derive others).
    const campaign = await getCampaign(cursor.companyId, cursor.work.campaignId, true);
    if (campaign) return doWork(cursor, cursor.work, campaign, connection, campaignIds);
  }
  while (campaignIds.length > 0) {
    const id = campaignIds[0] ?? '';
    let campaign = await getCampaign(cursor.companyId, id, true);
    if (!campaign || campaign.status !== 'EM_ANDAMENTO' || campaign.whatsappId !== cursor.whatsappId) {
      campaignIds.shift();
      continue;
    }
    if (!connection) {
      await stopForGoneConnection(campaign, now);
      campaignIds.shift();
      continue;
    }
    if (connection.status !== 'CONNECTED') return { outcome: 'waiting', pauseSeconds: SESSION_WAIT_SECONDS, campaignIds, delivered: 0 };
    const sentToday = sentTodayOf(cursor, now);
    const wait = campaignWaitSeconds(connection, sentToday, now);
    if (wait > 0) return { outcome: 'waiting', pauseSeconds: wait, campaignIds, delivered: 0 };
    if (campaign.planned === null) {
      campaign = await planCampaign(campaign, now);
      if (!campaign) continue;
      await announceCampaign(campaign);
    }
    if (campaign.position >= (campaign.planned ?? 0)) {
      await finishCampaign(campaign, now);
      campaignIds.shift();
      continue;
    }
    const settings = await getCampaignSettings(cursor.companyId);
    const size = Math.min(batchSize(settings, cursor.sinceLonger), remainingToday(connection, sentToday));
    const items = await readShipping(cursor.companyId, campaign.id, campaign.position, size, true);
    if (items.length === 0) {
      // Fewer recipients than planned (removed meanwhile): nothing is left to send.
      await finishCampaign(campaign, now);
      campaignIds.shift();
      continue;
    }
    const work: CursorWork = { campaignId: campaign.id, from: campaign.position, to: campaign.position + items.length, at: now.toISOString() };
    if (!(await recordCursorWork(cursor.companyId, cursor.whatsappId, holder, work))) throw new Error('The campaign cursor was taken over during the hop');
    return doWork(cursor, work, campaign, connection, campaignIds, settings);
  }
  return { outcome: 'rested', pauseSeconds: 0, campaignIds, delivered: 0 };
}

function batchSize(settings: CampaignSettings, sinceLonger: number): number {
  if (settings.messageInterval > 0) return 1;
  if (settings.longerIntervalAfter > 0) return Math.max(1, Math.min(HOP_BATCH_MAX, settings.longerIntervalAfter - sinceLonger));
  return HOP_BATCH_MAX;
}

async function doWork(
  cursor: SendCursor,
  work: CursorWork,
  campaign: StoredCampaign,
  connection: Connection,
  campaignIds: readonly string[],
  known?: CampaignSettings,
): Promise<Step> {
  const [settings, items, fileList] = await Promise.all([
    known ?? getCampaignSettings(cursor.companyId),
    readShipping(cursor.companyId, campaign.id, work.from, work.to - work.from, true),
    campaign.fileListId ? getFileList(campaign.companyId, campaign.fileListId) : undefined,
  ]);
  const pending = items.filter((item) => item.status === 'pending').map((item) => item.number);
  const [optedOut, contactIds] = await Promise.all([optedOutAmong(campaign.companyId, pending), contactIdsByNumber(campaign.companyId, pending)]);
  const context = { campaign, connection, settings, optedOut, contactIds, fileList: fileList ?? null, at: work.at, again: cursor.work !== null };
  // The recipients of one hop are sent side by side (several only when there is no pause between
  // messages): each one's own messages keep their order; the connection's queue keeps the hop's.
  const settled: ShippingItem[] = await Promise.all(items.map((item) => sendToRecipient(item, context)));
  await putShippingOutcomes(settled.filter((item, index) => item !== items[index]));
  const delivered = settled.filter((item) => item.status === 'delivered').length;
  const skipped = settled.length - delivered;
  const deliveredNow = settled.filter((item, index) => item.status === 'delivered' && items[index]?.status === 'pending').length;
  const skippedNow = settled.filter((item, index) => item.status !== 'delivered' && items[index]?.status === 'pending').length;
  countMetric(BUSINESS_METRICS.campaignMessagesSent, deliveredNow);
  countMetric(BUSINESS_METRICS.campaignMessagesSkipped, skippedNow);
  const advanced = await advanceCampaign(campaign.companyId, campaign.id, { from: work.from, to: work.to, delivered, skipped }, new Date());
  if (advanced && advanced.position >= (advanced.planned ?? 0)) await finishCampaign(advanced, new Date());
  else if (advanced && progressDue(advanced.id)) await announceCampaign(advanced);
  return { outcome: 'sent', ...pauseAfter(settings, cursor.sinceLonger, deliveredNow), campaignIds, delivered: deliveredNow };
}

/** How often a running campaign's progress is announced at most (a hop without pauses runs several times a second). */
const PROGRESS_EVERY_MS = 1_000;
/** When this container last announced each campaign's progress; bounded, the oldest forgotten first. */
const lastProgress = new Map<string, number>();

/** Whether the campaign's progress is due for an announcement (its first, then at most once a PROGRESS_EVERY_MS). */
function progressDue(campaignId: string, now = Date.now()): boolean {
  const last = lastProgress.get(campaignId);
  if (last !== undefined && now - last < PROGRESS_EVERY_MS) return false;
  lastProgress.delete(campaignId);
  lastProgress.set(campaignId, now);
  if (lastProgress.size > 1000) lastProgress.delete(lastProgress.keys().next().value as string);
  return true;
}

/** The pause before the next hop, in whole seconds: none after recipients skipped only. */
function pauseAfter(settings: CampaignSettings, sinceLonger: number, delivered: number): { pauseSeconds: number; longer: boolean } {
  if (delivered === 0) return { pauseSeconds: 0, longer: false };
  if (settings.longerIntervalAfter > 0 && sinceLonger + delivered >= settings.longerIntervalAfter) {
    return { pauseSeconds: settings.greaterInterval, longer: true };
  }
  return { pauseSeconds: settings.messageInterval > 0 ? randomInt(0, settings.messageInterval + 1) : 0, longer: false };
}

async function finishCampaign(campaign: StoredCampaign, now: Date): Promise<void> {
  const finished = await setCampaignFields(
    campaign.companyId,
    campaign.id,
    { status: 'FINALIZADA', completedAt: now.toISOString(), updatedAt: now.toISOString() },
    { status: 'EM_ANDAMENTO' },
  );
  if (finished) await announceCampaign(finished);
}

/** A campaign whose connection was deleted cannot go on: it is cancelled (a restart on another connection is a new campaign). */
async function stopForGoneConnection(campaign: StoredCampaign, now: Date): Promise<void> {
  logger.warn('campaign cancelled: its connection is gone', { companyId: campaign.companyId, campaignId: campaign.id });
  const stopped = await setCampaignFields(campaign.companyId, campaign.id, { status: 'CANCELADA', updatedAt: now.toISOString() }, { status: 'EM_ANDAMENTO' });
  if (stopped) await announceCampaign(stopped);
}
