/**
 * The campaign dialog (spec 2 §2): a new campaign, or an existing one read fresh (a cached copy may be
 * older than its last change). Loaded with its first opening, the form's schema (and zod) with it.
 */
import { useCampaign } from '../api/campaigns';
import { FormDialog, FormDialogLoading } from '../components/FormDialog';
import { useTexts } from '../i18n/texts';
import { CampaignForm } from './CampaignForm';
import { campaignsTexts } from './texts';

export type CampaignDialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly id: string };

export interface CampaignDialogProps {
  readonly state: CampaignDialogState;
  readonly onClose: () => void;
}

export function CampaignDialog({ state, onClose }: CampaignDialogProps) {
  return (
    <FormDialog open={state.mode !== 'closed'} onClose={onClose}>
      {state.mode === 'create' && <CampaignForm onClose={onClose} />}
      {state.mode === 'edit' && <EditCampaign key={state.id} id={state.id} onClose={onClose} />}
    </FormDialog>
  );
}

function EditCampaign({ id, onClose }: { readonly id: string; readonly onClose: () => void }) {
  const texts = useTexts(campaignsTexts);
  const campaign = useCampaign(id, { fresh: true });
  if (campaign.data !== undefined && (campaign.isFetchedAfterMount || campaign.isError)) {
    return <CampaignForm campaign={campaign.data} onClose={onClose} />;
  }
  return (
    <FormDialogLoading
      title={texts.dialog.loading}
      failed={campaign.isError}
      labels={{ loading: texts.dialog.loading, loadError: texts.dialog.loadError, close: texts.dialog.close }}
      onClose={onClose}
    />
  );
}
