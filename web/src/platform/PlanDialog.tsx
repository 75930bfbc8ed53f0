/**
 * The plan form (spec 3 §3, §9; checklist ): name, the limits of users, connections and
 * queues, the monthly value, and the seven feature flags the server enforces; a new plan starts at the
 * spec's defaults (0, 0, 0, 0, every flag on). Checked with the server's own schema.
 */
import { Field, Input, makeStyles, Switch, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { planKeys, savePlan, type PlanWithUsage } from '../api/plans';
import { putSavedInList } from '../api/list-cache';
import { useServices } from '../runtime/services';
import { FormDialog } from '../components/FormDialog';
import { FormFrame } from '../components/FormFrame';
import { fieldValidation, useSchemaForm } from '../components/use-schema-form';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { shownFieldMessage } from './field-message';
import { emptyPlanForm, PLAN_FLAGS, planBody, planFormOf, planSchema, type PlanFormValues } from './plan-form';
import { platformTexts } from './texts';

const useStyles = makeStyles({
  limits: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  flags: { display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(160px, 1fr))', margin: 0, padding: 0, border: 'none' },
  legend: { padding: 0, marginBottom: tokens.spacingVerticalXS, fontWeight: tokens.fontWeightSemibold },
});

export interface PlanDialogProps {
  readonly open: boolean;
  readonly plan?: PlanWithUsage;
  readonly onClose: () => void;
}

export function PlanDialog({ open, plan, onClose }: PlanDialogProps) {
  return (
    <FormDialog open={open} onClose={onClose}>
      <PlanForm key={plan?.id ?? 'new'} {...(plan !== undefined && { plan })} onClose={onClose} />
    </FormDialog>
  );
}

type LimitField = 'users' | 'connections' | 'queues' | 'value' | 'aiTokensPerMonth';

function PlanForm({ plan, onClose }: Omit<PlanDialogProps, 'open'>) {
  const styles = useStyles();
  const texts = useTexts(platformTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  const creating = plan === undefined;

  const { values, change, leave, messages, submit, busy } = useSchemaForm({
    initial: plan === undefined ? emptyPlanForm() : planFormOf(plan),
    schema: planSchema(creating),
    body: (form: PlanFormValues) => planBody(form),
    save: (body) => savePlan(api, body, plan?.id),
    onSaved: (saved) => {
      putSavedInList(queryClient, planKeys.all, saved);
      void queryClient.invalidateQueries({ queryKey: planKeys.root });
      toast.success(texts.common.saved);
      onClose();
    },
    onError: (error) => toast.error(error),
  });

  const message = (field: string): string | undefined => shownFieldMessage(messages[field], texts.fieldMessages);
  const limit = (field: LimitField) => (
    <Field key={field} label={texts.plans[field]} {...fieldValidation(message(field))}>
      <Input
        inputMode={field === 'value' ? 'decimal' : 'numeric'}
        value={values[field]}
        disabled={busy}
        onChange={(_, data) => change({ [field]: data.value })}
        onBlur={() => leave(field)}
      />
    </Field>
  );

  return (
    <FormFrame
      title={creating ? texts.plans.addTitle : texts.plans.editTitle}
      labels={{ save: texts.common.save, saving: texts.common.saving, cancel: texts.common.cancel }}
      busy={busy}
      onSubmit={submit}
      onCancel={onClose}
    >
      <Field label={texts.plans.name} required {...fieldValidation(message('name'))}>
        <Input
          value={values.name}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- not on page load: the dialog opens on the user's click, and focus goes to its first field
          autoFocus
          disabled={busy}
          onChange={(_, data) => change({ name: data.value })}
          onBlur={() => leave('name')}
        />
      </Field>
      <div className={styles.limits}>{(['users', 'connections', 'queues', 'value', 'aiTokensPerMonth'] as const).map(limit)}</div>
      <fieldset className={styles.flags}>
        <legend className={styles.legend}>{texts.plans.features}</legend>
        {PLAN_FLAGS.map((flag) => (
          <Switch
            key={flag}
            label={texts.plans.flags[flag]}
            checked={values.flags[flag]}
            disabled={busy}
            onChange={(_, data) => change({ flags: { ...values.flags, [flag]: data.checked } })}
          />
        ))}
      </fieldset>
    </FormFrame>
  );
}
