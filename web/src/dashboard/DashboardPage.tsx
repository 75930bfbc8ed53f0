/**
 * `/`: the dashboard (spec 2 §2 Dashboard; spec 1 §2.1), for admins; the page gate sends everyone else
 * to the tickets (app/page-access.ts, docs/architecture.md §8). The filter, the six counter cards, the attendants and the two
 * charts. As the spec says, the first load waits 1 second (the charts' code loads meanwhile); after
 * that the figures are read again on every 'Filtrar' and when the window gets the focus back (the spec
 * names no live event for them). Failed charts say so in the spec's toasts.
 */
import { makeStyles, Spinner, Title3, tokens } from '@fluentui/react-components';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { companyDay } from '../../../shared/company-time';
import { DASHBOARD_MAX_DAYS } from '../../../shared/dashboard-periods';
import { dashboardKeys, useDashboard, useTicketsDay, useTicketsUsers } from '../api/dashboard';
import { useCurrentPage } from '../runtime/current-page';
import { useToast } from '../feedback/toast';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { AttendantsTable } from './AttendantsTable';
import { CounterCards } from './CounterCards';
import { applyFilter, chartsPerHour, defaultFilter, sameQuery, type DashboardFilterQuery, type DayRange } from './dashboard-filter';
import { DashboardFilterForm } from './DashboardFilterForm';
import { dashboardTexts } from './texts';
import { lazyComponent, usePreload } from '../components/lazy-component';

/** Spec 2 §9: "dashboard initial load delay 1 s" (checklist O-014). */
export const DASHBOARD_FIRST_LOAD_DELAY_MS = 1000;

const DashboardCharts = lazyComponent(() => import('./DashboardCharts').then((module) => module.DashboardCharts));

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, minWidth: 0 },
  state: { padding: tokens.spacingVerticalXXL },
});

/** The filter in force: what GET /dashboard is asked and the days the charts cover. */
interface Applied {
  readonly query: DashboardFilterQuery;
  readonly range: DayRange;
}

const today = () => companyDay(new Date());

/** Shows `show`'s toast once per failure of a query (not again on a re-render or a language change). */
function useFailureToast(failure: { readonly isError: boolean; readonly errorUpdatedAt: number }, show: () => void) {
  const told = useRef(0);
  const { isError, errorUpdatedAt } = failure;
  useEffect(() => {
    if (isError && errorUpdatedAt !== told.current) {
      told.current = errorUpdatedAt;
      show();
    }
  }, [isError, errorUpdatedAt, show]);
}

export function DashboardPage() {
  // The charts' code loads while the first second's wait runs, so they show with the first figures.
  usePreload(DashboardCharts);
  const styles = useStyles();
  const texts = useTexts(dashboardTexts);
  const { language } = useLanguage();
  const page = useCurrentPage();
  const toast = useToast();
  const queryClient = useQueryClient();

  const [filter, setFilter] = useState(() => defaultFilter(today()));
  const [applied, setApplied] = useState<Applied>();

  useEffect(() => {
    const first = applyFilter(defaultFilter(today()), today());
    // A 'Filtrar' pressed within the first second has already set what to show.
    const timer = setTimeout(() => first.ok && setApplied((current) => current ?? first), DASHBOARD_FIRST_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const figures = useDashboard(applied?.query);
  const users = useTicketsUsers(applied?.range);
  const days = useTicketsDay(applied?.range);

  useFailureToast(figures, useCallback(() => toast.error(figures.error), [toast, figures.error]));
  useFailureToast(users, useCallback(() => toast.failure(texts.charts.usersFailed), [toast, texts.charts.usersFailed]));
  useFailureToast(days, useCallback(() => toast.failure(texts.charts.ticketsFailed), [toast, texts.charts.ticketsFailed]));

  const apply = () => {
    const outcome = applyFilter(filter, today());
    if (!outcome.ok) {
      toast.failure(outcome.problem === 'tooLong' ? format(texts.filter.tooLong, { days: DASHBOARD_MAX_DAYS }) : texts.filter[outcome.problem]);
      return;
    }
    const unchanged = applied !== undefined && sameQuery(applied.query, outcome.query) && applied.range.from === outcome.range.from && applied.range.to === outcome.range.to;
    // The same filter again means "read it again"; another one changes the queries' keys, which reads it.
    if (unchanged) void queryClient.invalidateQueries({ queryKey: dashboardKeys.all });
    else setApplied({ query: outcome.query, range: outcome.range });
  };

  return (
    <div className={styles.page}>
      <Title3 as="h1">{page.title[language]}</Title3>
      <DashboardFilterForm filter={filter} onChange={setFilter} onApply={apply} />
      {figures.data === undefined ? (
        figures.isError ? null : <Spinner className={styles.state} label={texts.cards.loading} />
      ) : (
        <>
          <CounterCards counters={figures.data.counters} />
          <AttendantsTable attendants={figures.data.attendants} />
        </>
      )}
      <Suspense fallback={<Spinner className={styles.state} label={texts.charts.loading} />}>
        <DashboardCharts
          users={{ data: users.data, pending: users.isPending }}
          days={{ data: days.data, pending: days.isPending }}
          perHour={applied !== undefined && chartsPerHour(applied.range)}
        />
      </Suspense>
    </div>
  );
}
