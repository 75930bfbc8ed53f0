/**
 * /campaigns-config (spec 2 §2 Campaign settings, §5, §8, §9): the three interval selects with the spec's
 * options, the custom-variables editor (shortcut and content; add, delete after the confirmation; a key
 * already there is not added again), the opt-out words, and one save: POST /campaign-settings, then
 * 'Configurações salvas'. Administrators change them; other users see them read-only. What another
 * administrator saves shows at once (`campaignSettings` events) unless this one is editing.
 */
import { Button, Field, Input, makeStyles, MessageBar, MessageBarBody, Option, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Title3, tokens } from '@fluentui/react-components';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import {
  CampaignVariable,
  CampaignSettingsValues,
  LONGER_INTERVAL_OPTIONS,
  MESSAGE_INTERVAL_OPTIONS,
  campaignSettingsFromPairs,
  type CampaignSettings,
} from '../../../shared/campaign-settings';
import type { CompanyChannels } from '../../../shared/realtime-events';
import { can } from '../../../shared/permissions';
import { campaignSettingKeys, saveCampaignSettings, useCampaignSettings } from '../api/campaign-settings';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { useToast } from '../feedback/toast';
import { useLanguage } from '../i18n/language';
import { countText, format, useTexts, type Texts } from '../i18n/texts';
import { useRealtimeEvent } from '../realtime/hooks';
import { useCurrentPage } from '../runtime/current-page';
import { useServices } from '../runtime/services';
import { useMe } from '../sign-in/me-context';
import { campaignSettingsTexts } from './settings-texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0, maxWidth: '880px' },
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalL,
    minWidth: 0,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  hint: { margin: 0, color: tokens.colorNeutralForeground3 },
  selects: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  dropdown: { minWidth: 0, width: '100%' },
  adder: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: tokens.spacingHorizontalS },
  shortcut: { flex: '1 1 140px' },
  content: { flex: '3 1 220px' },
  value: { overflowWrap: 'anywhere' },
  save: { alignSelf: 'flex-start' },
});

type Interval = 'messageInterval' | 'longerIntervalAfter' | 'greaterInterval';

const OPTIONS: Readonly<Record<Interval, readonly number[]>> = {
  messageInterval: MESSAGE_INTERVAL_OPTIONS,
  longerIntervalAfter: LONGER_INTERVAL_OPTIONS,
  greaterInterval: LONGER_INTERVAL_OPTIONS,
};

export function CampaignSettingsPage() {
  const styles = useStyles();
  const texts = useTexts(campaignSettingsTexts);
  const { language } = useLanguage();
  const page = useCurrentPage();
  const settings = useCampaignSettings();
  const queryClient = useQueryClient();
  const applyEvent = useCallback(
    ({ settings: pairs }: CompanyChannels['campaignSettings']) => queryClient.setQueryData(campaignSettingKeys.all, campaignSettingsFromPairs(pairs)),
    [queryClient],
  );
  useRealtimeEvent('campaignSettings', applyEvent);

  return (
    <div className={styles.page}>
      <Title3 as="h1">{page.title[language]}</Title3>
      {settings.isPending ? (
        <Spinner label={texts.loading} />
      ) : settings.isError ? (
        <LoadErrorBar message={texts.loadError} retryLabel={texts.retry} onRetry={() => void settings.refetch()} />
      ) : (
        <SettingsForm saved={settings.data} />
      )}
    </div>
  );
}

/** The words as typed: comma-separated, blanks dropped. */
const wordsOf = (typed: string): string[] =>
  typed
    .split(',')
    .map((word) => word.trim())
    .filter((word) => word !== '');

function SettingsForm({ saved }: { readonly saved: CampaignSettings }) {
  const styles = useStyles();
  const texts = useTexts(campaignSettingsTexts);
  const { language } = useLanguage();
  const { user } = useMe();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const editable = can(user.profile, 'company:administer');
  // The edits not saved yet; without any the form follows what is saved (a live change included).
  const [draft, setDraft] = useState<CampaignSettings>();
  const [typedWords, setTypedWords] = useState<string>();
  const [variable, setVariable] = useState({ key: '', value: '' });
  const [variableError, setVariableError] = useState<string>();
  const [wordsError, setWordsError] = useState<string>();
  const [removing, setRemoving] = useState<string>();
  const shown = draft ?? saved;
  const edit = (changes: Partial<CampaignSettings>) => setDraft({ ...shown, ...changes });

  const save = useMutation({
    mutationFn: (settings: CampaignSettings) => saveCampaignSettings(api, settings),
    onSuccess: (stored) => {
      queryClient.setQueryData(campaignSettingKeys.all, stored);
      setDraft(undefined);
      setTypedWords(undefined);
      toast.success(texts.saved);
    },
    onError: (error) => toast.error(error),
  });

  const submit = () => {
    const words = typedWords === undefined ? shown.optOutWords : wordsOf(typedWords);
    const parsed = CampaignSettingsValues.safeParse({ ...shown, optOutWords: words });
    const wordsIssue = parsed.success ? undefined : parsed.error.issues.find((issue) => issue.path[0] === 'optOutWords');
    setWordsError(wordsIssue?.message);
    if (parsed.success) save.mutate(parsed.data);
    else if (!wordsIssue) toast.error('ERR_VALIDATION');
  };

  const addVariable = () => {
    const parsed = CampaignVariable.safeParse(variable);
    if (!parsed.success) {
      setVariableError(parsed.error.issues[0]?.message);
      return;
    }
    setVariableError(undefined);
    const key = parsed.data.key.toLowerCase();
    if (shown.variables.some((kept) => kept.key.toLowerCase() === key)) {
      toast.warning(texts.variableExists);
      return;
    }
    edit({ variables: [...shown.variables, parsed.data] });
    setVariable({ key: '', value: '' });
  };

  const intervalLabel = (interval: Interval, value: number): string => {
    if (value === 0) return interval === 'longerIntervalAfter' ? texts.notDefined : texts.noInterval;
    return countText(interval === 'longerIntervalAfter' ? texts.messages : texts.seconds, value, language);
  };

  const intervalSelect = (interval: Interval) => {
    const value = shown[interval];
    return (
      <Field label={texts[interval]}>
        <LocalizedDropdown
          className={styles.dropdown}
          value={intervalLabel(interval, value)}
          selectedOptions={[String(value)]}
          disabled={!editable}
          onOptionSelect={(_, data) => {
            if (data.optionValue !== undefined) edit({ [interval]: Number(data.optionValue) });
          }}
        >
          {OPTIONS[interval].map((option) => (
            <Option key={option} value={String(option)}>
              {intervalLabel(interval, option)}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
    );
  };

  return (
    <>
      {!editable && (
        <MessageBar>
          <MessageBarBody>{texts.adminsOnly}</MessageBarBody>
        </MessageBar>
      )}
      <section className={styles.card} aria-labelledby="campaign-intervals">
        <h2 id="campaign-intervals" className={styles.heading}>
          {texts.intervals}
        </h2>
        <p className={styles.hint}>{texts.intervalsHint}</p>
        <div className={styles.selects}>
          {intervalSelect('messageInterval')}
          {intervalSelect('longerIntervalAfter')}
          {intervalSelect('greaterInterval')}
        </div>
      </section>

      <section className={styles.card} aria-labelledby="campaign-variables">
        <h2 id="campaign-variables" className={styles.heading}>
          {texts.variables}
        </h2>
        <p className={styles.hint}>{texts.variablesHint}</p>
        {editable && (
          <div className={styles.adder}>
            <Field className={styles.shortcut} label={texts.shortcut} validationMessage={variableError}>
              <Input value={variable.key} maxLength={30} onChange={(_, data) => setVariable((current) => ({ ...current, key: data.value }))} />
            </Field>
            <Field className={styles.content} label={texts.content}>
              <Input
                value={variable.value}
                maxLength={1000}
                onChange={(_, data) => setVariable((current) => ({ ...current, value: data.value }))}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') addVariable();
                }}
              />
            </Field>
            <Button onClick={addVariable}>{texts.add}</Button>
          </div>
        )}
        <VariablesTable settings={shown} texts={texts} editable={editable} onRemove={setRemoving} />
      </section>

      <section className={styles.card} aria-labelledby="campaign-opt-out">
        <h2 id="campaign-opt-out" className={styles.heading}>
          {texts.optOut}
        </h2>
        <Field label={texts.optOutWords} hint={texts.optOutHint} validationMessage={wordsError}>
          <Input
            value={typedWords ?? shown.optOutWords.join(', ')}
            disabled={!editable}
            onChange={(_, data) => {
              setTypedWords(data.value);
              setDraft(shown);
            }}
          />
        </Field>
      </section>

      {editable && (
        <Button className={styles.save} appearance="primary" disabled={save.isPending} onClick={submit}>
          {save.isPending ? texts.saving : texts.save}
        </Button>
      )}

      <ConfirmDeleteDialog
        open={removing !== undefined}
        busy={false}
        onCancel={() => setRemoving(undefined)}
        onConfirm={() => {
          edit({ variables: shown.variables.filter((kept) => kept.key !== removing) });
          setRemoving(undefined);
        }}
      />
    </>
  );
}

interface VariablesTableProps {
  readonly settings: CampaignSettings;
  readonly texts: Texts<typeof campaignSettingsTexts.pt>;
  readonly editable: boolean;
  readonly onRemove: (key: string) => void;
}

function VariablesTable({ settings, texts, editable, onRemove }: VariablesTableProps) {
  const styles = useStyles();
  if (settings.variables.length === 0) return <p className={styles.hint}>{texts.noVariables}</p>;
  return (
    <Table size="small" aria-label={texts.variables}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{texts.shortcut}</TableHeaderCell>
          <TableHeaderCell>{texts.content}</TableHeaderCell>
          {editable && <TableHeaderCell style={{ width: 56 }}>{texts.actions}</TableHeaderCell>}
        </TableRow>
      </TableHeader>
      <TableBody>
        {settings.variables.map((variable) => (
          <TableRow key={variable.key}>
            <TableCell className={styles.value}>{`{${variable.key}}`}</TableCell>
            <TableCell className={styles.value}>{variable.value}</TableCell>
            {editable && (
              <TableCell>
                <Button
                  appearance="subtle"
                  icon={<Delete24Regular />}
                  aria-label={format(texts.remove, { key: variable.key })}
                  onClick={() => onRemove(variable.key)}
                />
              </TableCell>
            )}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
