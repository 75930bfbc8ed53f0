/**
 * What a one-shot schedule carries to the `schedule-due` queue: one schema for the producers
 * (scheduleOnce) and the consumer (workers/schedule-due), which validates every message it receives.
 */
import { z } from 'zod';

/** The timers a ticket may have running: moving to the transfer queue, closing when inactive. */
export const TICKET_TIMERS = ['transfer', 'expiry'] as const;
export type TicketTimer = (typeof TICKET_TIMERS)[number];

export const TicketTimerDue = z.object({
  kind: z.literal('ticketTimer'),
  timer: z.enum(TICKET_TIMERS),
  companyId: z.string().min(1).max(64),
  ticketId: z.string().min(1).max(64),
  /** The instant the timer was armed for; the ticket names the one running timer by it. */
  dueAt: z.iso.datetime(),
});
export type TicketTimerDue = z.output<typeof TicketTimerDue>;

/** A scheduled message (`/schedules`) falls due; it is sent only if it still waits for this very send time. */
export const ScheduledMessageDue = z.object({
  kind: z.literal('scheduledMessage'),
  companyId: z.string().min(1).max(64),
  scheduleId: z.string().min(1).max(64),
  /** The send time the entry was made for: a schedule moved since waits for its new entry instead. */
  sendAt: z.iso.datetime(),
});
export type ScheduledMessageDue = z.output<typeof ScheduledMessageDue>;

/** A campaign's scheduled time comes; it starts only if it still waits for this very time. */
export const CampaignStartDue = z.object({
  kind: z.literal('campaignStart'),
  companyId: z.string().min(1).max(64),
  campaignId: z.string().min(1).max(64),
  scheduledAt: z.iso.datetime(),
});
export type CampaignStartDue = z.output<typeof CampaignStartDue>;

/** The daily billing run (infra/resources/recurring-schedules.ts): issue the invoices that are due to exist. */
export const BillingRunDue = z.object({ kind: z.literal('billingRun') });
export type BillingRunDue = z.output<typeof BillingRunDue>;

export const DueMessage = z.discriminatedUnion('kind', [TicketTimerDue, ScheduledMessageDue, CampaignStartDue, BillingRunDue]);
export type DueMessage = z.output<typeof DueMessage>;
