/**
 * The report's live updates (spec 2 §4, §9; checklist O-088): the company's `campaign` events keep the
 * campaign's figures current (api/campaigns.ts); its recipients are read again at most once every
 * RECIPIENTS_REFRESH_MS while its events arrive (about one a second while it sends, each without the
 * recipients); and REPORT_REFETCH_DELAY_MS after an event reports it FINALIZADA, the campaign and its
 * recipients are read again, so the last sends and the completed time show as stored.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { campaignKeys, useCampaignEvents, type CampaignEvent } from '../api/campaigns';

/** Spec 2 §9: the report refetches 5000 ms after a live update reports FINALIZADA. */
export const REPORT_REFETCH_DELAY_MS = 5000;
export const RECIPIENTS_REFRESH_MS = 3000;

export function useReportEvents(campaignId: string): void {
  const queryClient = useQueryClient();
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const recipientsDue = useRef(false);
  const finalDue = useRef(false);

  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);

  const onEvent = useCallback(
    (event: CampaignEvent) => {
      if (event.action === 'delete' || event.record.id !== campaignId) return;
      const later = (ms: number, run: () => void) => {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          run();
        }, ms);
        timers.current.add(timer);
      };
      if (!recipientsDue.current) {
        recipientsDue.current = true;
        later(RECIPIENTS_REFRESH_MS, () => {
          recipientsDue.current = false;
          void queryClient.invalidateQueries({ queryKey: campaignKeys.shipping(campaignId) });
        });
      }
      if (event.record.status === 'FINALIZADA' && !finalDue.current) {
        finalDue.current = true;
        later(REPORT_REFETCH_DELAY_MS, () => {
          finalDue.current = false;
          void queryClient.invalidateQueries({ queryKey: campaignKeys.one(campaignId) });
          void queryClient.invalidateQueries({ queryKey: campaignKeys.shipping(campaignId) });
        });
      }
    },
    [campaignId, queryClient],
  );
  useCampaignEvents(onEvent);
}
