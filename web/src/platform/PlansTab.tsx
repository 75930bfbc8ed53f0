/**
 * The Planos tab (super user; spec 3 §2 Settings, §3; checklist ): the plans with their
 * limits, value (in reais), features and how many companies use each; add, edit, and delete after the
 * one confirmation (a plan in use is refused by the server with ERR_PLAN_IN_USE, shown as its toast).
 */
import { Button, makeStyles, tokens, Tooltip } from '@fluentui/react-components';
import { Add24Regular } from '@fluentui/react-icons/svg/add';
import { Delete24Regular } from '@fluentui/react-icons/svg/delete';
import { Edit24Regular } from '@fluentui/react-icons/svg/edit';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deletePlan, planKeys, useAllPlans, type PlanWithUsage } from '../api/plans';
import { useServices } from '../runtime/services';
import { ConfirmDeleteDialog } from '../components/ConfirmDeleteDialog';
import { useConfirmedDelete } from '../components/use-confirmed-delete';
import { ListTable, type ListColumn } from '../components/ListTable';
import { format, useTexts } from '../i18n/texts';
import { PlanDialog } from './PlanDialog';
import { PLAN_FLAGS, shownPrice } from './plan-form';
import { TabListFrame } from './TabListFrame';
import { platformTexts } from './texts';

const useStyles = makeStyles({
  number: { whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' },
  name: { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
  features: { color: tokens.colorNeutralForeground2 },
});

type DialogState = { readonly mode: 'closed' } | { readonly mode: 'create' } | { readonly mode: 'edit'; readonly plan: PlanWithUsage };

export function PlansTab() {
  const styles = useStyles();
  const texts = useTexts(platformTexts);
  const { api } = useServices();
  const queryClient = useQueryClient();
  const list = useAllPlans();
  const [dialog, setDialog] = useState<DialogState>({ mode: 'closed' });

  const deletion = useConfirmedDelete({
    remove: (planId: string) => deletePlan(api, planId),
    onDeleted: () => {
      void queryClient.invalidateQueries({ queryKey: planKeys.root });
    },
    deletedText: texts.common.saved,
  });

  const plans = list.data ?? [];
  const columns: readonly ListColumn<PlanWithUsage>[] = [
    {
      id: 'name',
      header: texts.plans.name,
      narrow: 'title',
      cell: (plan) => (
        <span className={styles.name} title={plan.name}>
          {plan.name}
        </span>
      ),
    },
    { id: 'users', header: texts.plans.users, narrow: 'detail', width: 'content', className: styles.number, cell: (plan) => plan.users },
    { id: 'connections', header: texts.plans.connections, narrow: 'detail', width: 'content', className: styles.number, cell: (plan) => plan.connections },
    { id: 'queues', header: texts.plans.queues, narrow: 'detail', width: 'content', className: styles.number, cell: (plan) => plan.queues },
    { id: 'value', header: texts.plans.value, narrow: 'detail', width: 'content', className: styles.number, cell: (plan) => shownPrice(plan.value) },
    {
      id: 'features',
      header: texts.plans.features,
      narrow: 'detail',
      // A few words a line rather than one (the title column takes whatever it is left).
      width: { min: '16rem' },
      cell: (plan) => (
        <span className={styles.features}>
          {PLAN_FLAGS.filter((flag) => plan[flag])
            .map((flag) => texts.plans.flags[flag])
            .join(', ')}
        </span>
      ),
    },
    { id: 'companies', header: texts.plans.companies, narrow: 'detail', width: 'content', className: styles.number, cell: (plan) => plan.companiesCount },
  ];

  return (
    <>
      <TabListFrame
        title={texts.plans.label}
        add={{ label: texts.plans.add, icon: <Add24Regular />, onClick: () => setDialog({ mode: 'create' }) }}
        query={list}
        count={plans.length}
        empty={texts.plans.empty}
      >
        <ListTable
          label={texts.plans.label}
          items={plans}
          itemKey={(plan) => plan.id}
          columns={columns}
          actionsHeader={texts.common.actions}
          actions={(plan) => {
            const named = { name: plan.name };
            return (
              <>
                <Tooltip content={format(texts.common.edit, named)} relationship="label">
                  <Button appearance="subtle" icon={<Edit24Regular />} onClick={() => setDialog({ mode: 'edit', plan })} />
                </Tooltip>
                <Tooltip content={format(texts.common.delete, named)} relationship="label">
                  <Button appearance="subtle" icon={<Delete24Regular />} onClick={() => deletion.ask(plan)} />
                </Tooltip>
              </>
            );
          }}
        />
      </TabListFrame>
      <PlanDialog open={dialog.mode !== 'closed'} {...(dialog.mode === 'edit' && { plan: dialog.plan })} onClose={() => setDialog({ mode: 'closed' })} />
      <ConfirmDeleteDialog {...deletion.dialog} />
    </>
  );
}
