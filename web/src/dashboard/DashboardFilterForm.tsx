/**
 * The dashboard's filter (spec 2 §2 Dashboard, §4, §9): the filter type (by date = 1, by period = 2),
 * then the start and end dates or the period (none, 3, 7, 15, 30, 60, 90 days), and 'Filtrar'. The
 * inputs are the page's state; the page applies them on submit. Wraps to one input a row on a phone.
 */
import { Button, Field, Input, makeStyles, Option, tokens } from '@fluentui/react-components';
import { Filter20Regular } from '@fluentui/react-icons/svg/filter';
import type { SubmitEvent } from 'react';
import { DASHBOARD_PERIODS, type DashboardPeriod } from '../../../shared/dashboard-periods';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { format, useTexts } from '../i18n/texts';
import { FILTER_BY_DATE, FILTER_BY_PERIOD, type DashboardFilter, type FilterType } from './dashboard-filter';
import { dashboardTexts } from './texts';

const useStyles = makeStyles({
  form: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-end',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
  },
  field: { minWidth: '160px', flexGrow: 1, maxWidth: '240px', '@media (max-width: 599.98px)': { maxWidth: 'none', flexBasis: '100%' } },
  dropdown: { minWidth: 0, width: '100%' },
  apply: { '@media (max-width: 599.98px)': { flexBasis: '100%' } },
});

export interface DashboardFilterFormProps {
  readonly filter: DashboardFilter;
  readonly onChange: (filter: DashboardFilter) => void;
  readonly onApply: () => void;
}

export function DashboardFilterForm({ filter, onChange, onApply }: DashboardFilterFormProps) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).filter;
  const typeLabel = (type: FilterType) => (type === FILTER_BY_DATE ? texts.byDate : texts.byPeriod);
  const periodLabel = (period: DashboardPeriod) => (period === 0 ? texts.noPeriod : format(texts.days, { days: period }));

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    onApply();
  };

  return (
    <form className={styles.form} aria-label={texts.label} noValidate onSubmit={submit}>
      <Field className={styles.field} label={texts.type}>
        <LocalizedDropdown
          className={styles.dropdown}
          value={typeLabel(filter.type)}
          selectedOptions={[String(filter.type)]}
          onOptionSelect={(_, data) => onChange({ ...filter, type: data.optionValue === String(FILTER_BY_PERIOD) ? FILTER_BY_PERIOD : FILTER_BY_DATE })}
        >
          {([FILTER_BY_DATE, FILTER_BY_PERIOD] as const).map((type) => (
            <Option key={type} value={String(type)}>
              {typeLabel(type)}
            </Option>
          ))}
        </LocalizedDropdown>
      </Field>
      {filter.type === FILTER_BY_DATE ? (
        <>
          <Field className={styles.field} label={texts.dateFrom}>
            <Input type="date" value={filter.dateFrom} max={filter.dateTo || undefined} onChange={(_, data) => onChange({ ...filter, dateFrom: data.value })} />
          </Field>
          <Field className={styles.field} label={texts.dateTo}>
            <Input type="date" value={filter.dateTo} min={filter.dateFrom || undefined} onChange={(_, data) => onChange({ ...filter, dateTo: data.value })} />
          </Field>
        </>
      ) : (
        <Field className={styles.field} label={texts.period}>
          <LocalizedDropdown
            className={styles.dropdown}
            value={periodLabel(filter.period)}
            selectedOptions={[String(filter.period)]}
            onOptionSelect={(_, data) => {
              const period = DASHBOARD_PERIODS.find((option) => String(option) === data.optionValue);
              if (period !== undefined) onChange({ ...filter, period });
            }}
          >
            {DASHBOARD_PERIODS.map((period) => (
              <Option key={period} value={String(period)}>
                {periodLabel(period)}
              </Option>
            ))}
          </LocalizedDropdown>
        </Field>
      )}
      <Button className={styles.apply} type="submit" appearance="primary" icon={<Filter20Regular />}>
        {texts.apply}
      </Button>
    </form>
  );
}
