/**
 * Stopping and restarting a campaign (spec 2 §2, §4, §8): POST /campaigns/{id}/cancel or /restart, the
 * answer applied to every cached copy at once (its event then repeats it), a success toast, and a
 * refusal's own error as a toast (checklist O-149: e.g. a campaign that finished meanwhile).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { applyCampaignEvent, cancelCampaign, restartCampaign, type Campaign } from '../api/campaigns';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { useServices } from '../runtime/services';
import { campaignsTexts } from './texts';

export type CampaignControl = 'stop' | 'restart';

export interface CampaignControls {
  readonly run: (id: string, control: CampaignControl) => void;
  /** The campaign whose request is on its way, if any. */
  readonly busyId: string | undefined;
}

export function useCampaignControls(onDone?: (campaign: Campaign) => void): CampaignControls {
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const texts = useTexts(campaignsTexts);
  const mutation = useMutation({
    mutationFn: ({ id, control }: { readonly id: string; readonly control: CampaignControl }) =>
      control === 'stop' ? cancelCampaign(api, id) : restartCampaign(api, id),
    onSuccess: (campaign, { control }) => {
      applyCampaignEvent(queryClient, { action: 'update', record: campaign });
      toast.success(control === 'stop' ? texts.page.stopped : texts.page.restarted);
      onDone?.(campaign);
    },
    onError: (error) => toast.error(error),
  });
  return {
    run: (id, control) => mutation.mutate({ id, control }),
    busyId: mutation.isPending ? mutation.variables.id : undefined,
  };
}
