/**
 * The Empresas tab (super user; spec 3 §2 Settings, §4; checklist ): every company with
 * its plan, status and due date, the row tinted by the due date (red 4 days past, orange from 3 days
 * past to 4 ahead, yellow 5 ahead; the colour's meaning is also written beside the date), add, edit,
 * delete after the one confirmation, and the button that moves the due date by the recurrence.
 */
import { Badge, Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Building24Regular } from '@fluentui/react-icons/svg/building';
import { CalendarArrowRight24Regular } from '@fluentui/react-icons/svg/calendar-arrow-right';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { companyKeys, deleteCompany, saveCompany, useCompanyList, type CompanySummary } from '../api/companies';
import { putSavedInList } from '../api/list-cache';
import { useAllPlans } from '../api/plans';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { ListTable, type ListColumn } from '../components/ListTable';
import { useToast } from '../feedback/toast';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { CompanyDialog } from './CompanyDialog';
import { companyRowColour, localToday, movedDueDate, shownDate } from './company-form';
import { TabListFrame } from './TabListFrame';
import { platformTexts } from './texts';

const useStyles = makeStyles({
  red: { backgroundColor: tokens.colorPaletteRedBackground2 },
  orange: { backgroundColor: tokens.colorPaletteDarkOrangeBackground2 },
  yellow: { backgroundColor: tokens.colorPaletteYellowBackground2 },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  due: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly company: CompanySummary };

export function CompaniesTab() {
  const styles = useStyles();
  const texts = useTexts(platformTexts);
  const { language } = useLanguage();
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const list = useCompanyList();
  const plans = useAllPlans();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });
  const today = localToday();

  const refresh = () => queryClient.invalidateQueries({ queryKey: companyKeys.all });
  const deletion = useConfirmedDelete({
    remove: (companyId: string) => deleteCompany(api, companyId),
    onDeleted: () => {
      void refresh();
    },
    deletedText: texts.common.saved,
  });
  const move = useMutation({
    mutationFn: (company: CompanySummary) => saveCompany(api, { dueDate: movedDueDate(company, today) }, company.id),
    onSuccess: (saved) => {
      putSavedInList(queryClient, companyKeys.list, saved);
      void refresh();
      toast.success(format(texts.companies.moved, { name: saved.name, date: shownDate(saved.dueDate, language) }));
    },
    onError: (error) => toast.error(error),
  });

  const companies = list.data ?? [];
  const columns: readonly ListColumn<CompanySummary>[] = [
    {
      id: 'name',
      header: texts.companies.name,
      narrow: 'title',
      cell: (company) => (
        <span className={styles.name} title={company.name}>
          {company.name}
        </span>
      ),
    },
    { id: 'email', header: texts.companies.email, narrow: 'detail', cell: (company) => company.email },
    { id: 'plan', header: texts.companies.plan, narrow: 'detail', cell: (company) => company.planName },
    {
      id: 'status',
      header: texts.companies.status,
      narrow: 'detail',
      cell: (company) => (company.status ? texts.companies.active : texts.companies.inactive),
    },
    {
      id: 'dueDate',
      header: texts.companies.dueDate,
      narrow: 'detail',
      cell: (company) => {
        const colour = companyRowColour(company, today);
        return (
          <span className={styles.due}>
            {company.dueDate === null ? texts.companies.noDueDate : shownDate(company.dueDate, language)}
            {colour !== null && (
              <Badge appearance="outline" color={colour === 'red' ? 'danger' : colour === 'orange' ? 'severe' : 'warning'} size="small">
                {texts.companies.colours[colour]}
              </Badge>
            )}
          </span>
        );
      },
    },
    { id: 'recurrence', header: texts.companies.recurrence, narrow: 'detail', cell: (company) => texts.companies.recurrences[company.recurrence] },
  ];

  return (
    <>
      <TabListFrame
        title={texts.companies.label}
        add={{ label: texts.companies.add, icon: <Building24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
        query={list}
        count={companies.length}
        empty={texts.companies.empty}
      >
        <ListTable
          label={texts.companies.label}
          items={companies}
          itemKey={(company) => company.id}
          columns={columns}
          actionsHeader={texts.common.actions}
          rowClassName={(company) => {
            const colour = companyRowColour(company, today);
            return colour === null ? undefined : styles[colour];
          }}
          actions={(company) => {
            const named = { name: company.name };
            return (
              <>
                <Tooltip content={format(texts.companies.moveDueDate, named)} relationship="label">
                  <Button
                    appearance="subtle"
                    icon={<CalendarArrowRight24Regular />}
                    disabled={move.isPending}
                    onClick={() => move.mutate(company)}
                  />
                </Tooltip>
                <Tooltip content={format(texts.common.edit, named)} relationship="label">
                  <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', company })} />
                </Tooltip>
                <Tooltip content={format(texts.common.delete, named)} relationship="label">
                  <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(company)} />
                </Tooltip>
              </>
            );
          }}
        />
      </TabListFrame>
      <CompanyDialog
        open={dialog.mode !== 'closed'}
        {...(dialog.mode === 'edit' && { company: dialog.company })}
        plans={plans.data ?? []}
        onClose={() => setDialog({ mode: 'closed' })}
      />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
