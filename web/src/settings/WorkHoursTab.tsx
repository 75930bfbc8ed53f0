/**
 * The Horários tab (spec 3 §2 Settings, §5, §8; checklist A-020): the company's weekly work hours in the
 * queue dialog's editor (components/WorkHoursEditor), checked with the server's schema and saved with
 * their own button through PUT /companies/{id}/schedules, 'Horários atualizados com sucesso.'.
 */
import { Button, makeStyles, Spinner, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { CompanySchedulesBody } from '../../../shared/companies';
import { companyKeys, saveCompanySchedules, useCompanyDetail, type CompanyDetail } from '../api/companies';
import { useServices } from '../runtime/services';
import { useSchemaForm } from '../components/use-schema-form';
import { WorkHoursEditor } from '../components/WorkHoursEditor';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { companyHoursBody, companyHoursMessage, companyHoursOf, type CompanyHoursValues } from './company-hours';
import { settingsTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, maxWidth: '560px' },
  intro: { margin: 0, color: tokens.colorNeutralForeground2 },
  save: { alignSelf: 'flex-start' },
});

export interface WorkHoursTabProps {
  readonly companyId: string;
}

export function WorkHoursTab({ companyId }: WorkHoursTabProps) {
  const texts = useTexts(settingsTexts);
  const detail = useCompanyDetail(companyId);

  if (detail.isPending) return <Spinner label={texts.hours.loading} />;
  if (detail.isError) {
    return (
      <LoadErrorBar message={texts.hours.loadError} retryLabel={texts.hours.retry} onRetry={() => void detail.refetch()} />
    );
  }
  return <CompanyHoursForm company={detail.data} />;
}

function CompanyHoursForm({ company }: { readonly company: CompanyDetail }) {
  const styles = useStyles();
  const texts = useTexts(settingsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  // What the server holds: the reminder shows while the rows differ from it.
  const [saved, setSaved] = useState<CompanyHoursValues>(() => companyHoursOf(company.schedules));

  const form = useSchemaForm({
    initial: saved,
    schema: CompanySchedulesBody,
    body: companyHoursBody,
    save: (body) => saveCompanySchedules(api, company.id, body.schedules),
    onSaved: (answer) => {
      queryClient.setQueryData(companyKeys.one(company.id), answer);
      setSaved(companyHoursOf(answer.schedules));
      toast.success(texts.hours.saved);
    },
    onError: (error) => toast.error(error),
  });
  const { values, messages, busy } = form;

  const messageText = (message: string | undefined): string | undefined => {
    const shown = companyHoursMessage(message);
    if (shown === undefined) return undefined;
    return 'text' in shown ? shown.text : texts.hours[shown.key];
  };

  return (
    <form className={styles.tab} onSubmit={form.submit} noValidate>
      <p className={styles.intro}>{texts.hours.intro}</p>
      <WorkHoursEditor
        week={values.schedules}
        changed={JSON.stringify(values.schedules) !== JSON.stringify(saved.schedules)}
        messages={messages}
        messageText={messageText}
        disabled={busy}
        onChange={(schedules) => form.change({ schedules })}
        onLeave={() => form.leave('schedules')}
        labels={{ reminder: texts.hours.reminder, closedHint: texts.hours.closedHint }}
      />
      <Button className={styles.save} appearance="primary" type="submit" disabled={busy}>
        {busy ? texts.hours.saving : texts.hours.save}
      </Button>
    </form>
  );
}
