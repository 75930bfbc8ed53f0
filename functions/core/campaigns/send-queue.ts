/**
 * What travels on the `campaign-sends` queue: one schema for the producers and the consumer
 * (workers/campaign-send.ts), which validates every message it receives.
 *
 * - `hop`: the next step of one connection's send cursor (send-hop.ts), delayed by the pause before it.
 * - `purge`: the recipients of a deleted campaign, removed in the background (a campaign may have
 *   twenty thousand of them, more than a request should delete).
 */
import { SendMessageCommand } from '@aws-sdk/client-sqs';
import { z } from 'zod';
import { CAMPAIGN_SENDS_QUEUE_ID } from '../../../infra/resources/queues';
import { sqs } from '../aws/clients';
import { config } from '../config';

const id = z.string().min(1).max(64);

export const SendHopMessage = z.object({ kind: z.literal('hop'), companyId: id, whatsappId: id, token: id });
export type SendHopMessage = z.output<typeof SendHopMessage>;

export const PurgeCampaignMessage = z.object({ kind: z.literal('purge'), companyId: id, campaignId: id });
export type PurgeCampaignMessage = z.output<typeof PurgeCampaignMessage>;

export const CampaignSendMessage = z.discriminatedUnion('kind', [SendHopMessage, PurgeCampaignMessage]);
export type CampaignSendMessage = z.output<typeof CampaignSendMessage>;

/** SQS's longest delay; a longer wait (outside the sending window) takes several hops. */
export const MAX_DELAY_SECONDS = 900;

export async function enqueueCampaignSend(message: CampaignSendMessage, delaySeconds = 0): Promise<void> {
  const valid = CampaignSendMessage.parse(message);
  await sqs().send(
    new SendMessageCommand({
      QueueUrl: config.queueUrl(CAMPAIGN_SENDS_QUEUE_ID),
      MessageBody: JSON.stringify(valid),
      DelaySeconds: Math.max(0, Math.min(MAX_DELAY_SECONDS, Math.round(delaySeconds))),
    }),
  );
}
