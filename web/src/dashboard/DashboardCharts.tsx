/**
 * The dashboard's two charts (spec 2 §2 Dashboard, §7): conversations per attendant, and tickets per
 * day, or per hour when the range is one day. Drawn with Fluent UI's v9 charts, which take their axes,
 * grid and callouts from the theme's tokens, so they follow light and dark; the bars get the data
 * palette's first colour for the current theme (the charts interpolate colours, so they need a real
 * colour, not a token's CSS variable). Each chart is a section with its title and total in words, so
 * what it says does not hang on the drawing. This module alone imports the charts package, and the
 * page loads it lazily, so no other page's first load carries it.
 */
import { DataVizPalette, getColorFromToken, VerticalBarChart, type VerticalBarChartDataPoint } from '@fluentui/react-charts';
import { Body1, makeStyles, Spinner, Subtitle2, tokens } from '@fluentui/react-components';
import { useId } from 'react';
import type { TicketsDayDto, TicketsUsersDto } from '../api/dashboard';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { useThemeControl } from '../theme/theme-context';
import { dayPoints, userPoints, type ChartPoint } from './chart-points';
import { dashboardTexts } from './texts';

const CHART_HEIGHT = 280;

const useStyles = makeStyles({
  charts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 420px), 1fr))',
    gap: tokens.spacingHorizontalM,
  },
  panel: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalM,
  },
  title: { margin: 0 },
  total: { color: tokens.colorNeutralForeground2 },
  state: { minHeight: `${CHART_HEIGHT}px`, display: 'flex', alignItems: 'center', justifyContent: 'center', color: tokens.colorNeutralForeground3 },
});

/** One chart's answer: absent while it loads (or after it failed: the page says so in a toast). */
export interface ChartAnswer<T> {
  readonly data: T | undefined;
  readonly pending: boolean;
}

export interface DashboardChartsProps {
  readonly users: ChartAnswer<TicketsUsersDto>;
  readonly days: ChartAnswer<TicketsDayDto>;
  /** The range is one day: the second chart counts hours. */
  readonly perHour: boolean;
}

/** Whole numbers only on the y axis: counts of a few tickets would otherwise read 0.5, 1.5. */
const wholeTicks = (value: number) => (Number.isInteger(value) ? String(value) : '');

function ChartPanel({ title, total, points, pending, yLabel }: { readonly title: string; readonly total: number | undefined; readonly points: readonly ChartPoint[]; readonly pending: boolean; readonly yLabel: string }) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).charts;
  const dark = useThemeControl().theme === 'dark';
  const titleId = useId();
  const color = getColorFromToken(DataVizPalette.color1, dark);
  const data: VerticalBarChartDataPoint[] = points.map((point) => ({
    x: point.x,
    y: point.y,
    legend: yLabel,
    xAxisCalloutData: point.x,
    yAxisCalloutData: String(point.y),
  }));
  const highest = Math.max(0, ...points.map((point) => point.y));

  return (
    <section className={styles.panel} aria-labelledby={titleId}>
      <Subtitle2 as="h2" id={titleId} className={styles.title}>
        {title}
      </Subtitle2>
      {total !== undefined && <Body1 className={styles.total}>{format(texts.total, { count: total })}</Body1>}
      {pending && <Spinner className={styles.state} label={texts.loading} />}
      {!pending && total === 0 && <Body1 className={styles.state}>{texts.noData}</Body1>}
      {!pending && total !== undefined && total > 0 && (
        <VerticalBarChart
          data={data}
          chartTitle={title}
          height={CHART_HEIGHT}
          colors={[color]}
          useSingleColor
          barWidth="auto"
          maxBarWidth={40}
          hideLegend
          wrapXAxisLables
          yMinValue={0}
          yAxisTickCount={Math.min(5, Math.max(1, highest))}
          yAxisTickFormat={wholeTicks}
          yAxisTitle={yLabel}
          // The chart's own description of itself is in English whatever the language: ours replaces it.
          svgProps={{ 'aria-label': format(texts.description, { title, bars: points.length, axis: yLabel }) }}
        />
      )}
    </section>
  );
}

export function DashboardCharts({ users, days, perHour }: DashboardChartsProps) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).charts;
  const userData = users.data && userPoints(users.data.data, texts.unnamed);
  const { language } = useLanguage();
  const dayData = days.data && dayPoints(days.data, language);
  return (
    <div className={styles.charts}>
      <ChartPanel
        title={texts.byUser}
        total={userData?.reduce((sum, point) => sum + point.y, 0)}
        points={userData ?? []}
        pending={users.pending}
        yLabel={texts.conversations}
      />
      <ChartPanel
        title={perHour ? texts.byHour : texts.byDay}
        total={days.data?.count}
        points={dayData ?? []}
        pending={days.pending}
        yLabel={texts.tickets}
      />
    </div>
  );
}
