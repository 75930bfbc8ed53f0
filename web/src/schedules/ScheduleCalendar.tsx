/**
 * The schedules calendar (spec 2 §2 Schedules: labels in the interface language; month, week, day and
 * agenda views; each schedule the contact's name at its send time, with edit and delete): a toolbar
 * (today, previous, next, the period shown, the views) over the view.
 *
 * Ours, on Fluent UI, in place of react-big-calendar: that library and its date-fns locales weighed 69
 * KB gzipped, which put the page's first load at 434 KB against the 300 KB the other pages keep, and its
 * stylesheet's fixed colours left the toolbar unreadable and cells light in the dark theme. Here every
 * colour is a theme token, the month and the week are tables (a column header per weekday, so a screen
 * reader says the day of each cell), the day and the agenda are lists under headings, and the names of
 * months and weekdays come from the browser's Intl in the interface language (calendar-format.ts).
 *
 * A phone (under 600 px) is offered the day and the agenda only, and opens on the agenda
 * (calendar-range.ts offeredViews): seven columns there left each schedule a letter.
 */
import { Button, makeStyles, mergeClasses, Subtitle2, ToggleButton, tokens, Tooltip } from '@fluentui/react-components';
import { ChevronLeft20Regular } from '@fluentui/react-icons/svg/chevron-left';
import { ChevronRight20Regular } from '@fluentui/react-icons/svg/chevron-right';
import { isSameDay, isSameMonth } from 'date-fns';
import { useMemo, useState } from 'react';
import type { ScheduledMessage } from '../../../shared/scheduled-messages';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { LANGUAGE_TAGS, useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { calendarFormats, viewTitle, type CalendarFormats } from './calendar-format';
import { dayKey, monthWeeks, offeredViews, schedulesByDay, shownView, stepDate, viewDays, WEEK_STARTS_ON, type CalendarView } from './calendar-range';
import { ScheduleEventItem, type ScheduleEventActions } from './ScheduleEventItem';
import { schedulesTexts } from './texts';

/** A month's cell lists this many schedules; '+N mais' opens the day with the rest. */
export const MONTH_CELL_EVENTS = 3;

const useStyles = makeStyles({
  calendar: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalM,
    minWidth: 0,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalS },
  group: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXS, rowGap: tokens.spacingVerticalXS },
  title: { flexGrow: 1, margin: 0, textAlign: 'center', minWidth: 0, overflowWrap: 'anywhere' },
  table: { width: '100%', tableLayout: 'fixed', borderCollapse: 'collapse' },
  weekday: {
    padding: tokens.spacingVerticalXS,
    color: tokens.colorNeutralForeground2,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'center',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
  },
  cell: {
    verticalAlign: 'top',
    padding: tokens.spacingHorizontalXXS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  monthCell: { height: '112px' },
  weekCell: { height: '320px' },
  // A day of the months before and after: set apart by its background, its number still readable.
  outside: { backgroundColor: tokens.colorNeutralBackground3 },
  today: { backgroundColor: tokens.colorBrandBackground2 },
  dayNumber: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: '24px',
    height: '24px',
    paddingLeft: tokens.spacingHorizontalXXS,
    paddingRight: tokens.spacingHorizontalXXS,
    borderRadius: tokens.borderRadiusCircular,
    fontSize: tokens.fontSizeBase200,
    color: tokens.colorNeutralForeground1,
  },
  outsideNumber: { color: tokens.colorNeutralForeground3 },
  todayNumber: { backgroundColor: tokens.colorBrandBackground, color: tokens.colorNeutralForegroundOnBrand, fontWeight: tokens.fontWeightSemibold },
  events: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalXXS, margin: 0, padding: 0, minWidth: 0 },
  more: { minWidth: 'auto', alignSelf: 'flex-start' },
  dayHeading: {
    margin: `${tokens.spacingVerticalS} 0 ${tokens.spacingVerticalXS}`,
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightSemibold,
    color: tokens.colorNeutralForeground1,
  },
  empty: { margin: 0, color: tokens.colorNeutralForeground2 },
});

export interface ScheduleCalendarProps {
  readonly schedules: readonly ScheduledMessage[];
  readonly actions: ScheduleEventActions;
}

export function ScheduleCalendar({ schedules, actions }: ScheduleCalendarProps) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts).calendar;
  const { language } = useLanguage();
  const narrow = useMediaQuery(NARROW_SCREEN);
  const [chosen, setChosen] = useState<CalendarView>('month');
  const [date, setDate] = useState(() => new Date());
  const view = shownView(chosen, narrow);
  const weekStartsOn = WEEK_STARTS_ON[language];
  const formats = useMemo(() => calendarFormats(LANGUAGE_TAGS[language]), [language]);
  const byDay = useMemo(() => schedulesByDay(schedules), [schedules]);
  const openDay = (day: Date) => {
    setDate(day);
    setChosen('day');
  };
  const shared = { byDay, formats, actions };

  return (
    <section className={styles.calendar} aria-label={texts.label}>
      <div className={styles.toolbar}>
        <div className={styles.group} role="group" aria-label={texts.navigation}>
          <Button onClick={() => setDate(new Date())}>{texts.today}</Button>
          <Tooltip content={texts.previous} relationship="label">
            <Button icon={<ChevronLeft20Regular />} onClick={() => setDate((current) => stepDate(view, current, 'previous'))} />
          </Tooltip>
          <Tooltip content={texts.next} relationship="label">
            <Button icon={<ChevronRight20Regular />} onClick={() => setDate((current) => stepDate(view, current, 'next'))} />
          </Tooltip>
        </div>
        <Subtitle2 as="h2" className={styles.title} aria-live="polite">
          {viewTitle(view, date, weekStartsOn, formats)}
        </Subtitle2>
        <div className={styles.group} role="group" aria-label={texts.views}>
          {offeredViews(narrow).map((option) => (
            <ToggleButton key={option} checked={option === view} appearance={option === view ? 'primary' : 'secondary'} onClick={() => setChosen(option)}>
              {texts[option]}
            </ToggleButton>
          ))}
        </div>
      </div>
      {view === 'month' && <MonthTable date={date} weekStartsOn={weekStartsOn} onOpenDay={openDay} {...shared} />}
      {view === 'week' && <WeekTable days={viewDays('week', date, weekStartsOn)} onOpenDay={openDay} {...shared} />}
      {(view === 'day' || view === 'agenda') && <DayList days={viewDays(view, date, weekStartsOn)} headings={view === 'agenda'} {...shared} />}
    </section>
  );
}

interface ViewProps {
  readonly byDay: ReadonlyMap<string, readonly ScheduledMessage[]>;
  readonly formats: CalendarFormats;
  readonly actions: ScheduleEventActions;
}

/**
 * The weekdays' column headers, from any seven consecutive days; the week's name their dates too, each a
 * button to that day's view.
 */
function WeekdayHeaders({ days, formats, onOpenDay }: { readonly days: readonly Date[]; readonly formats: CalendarFormats; readonly onOpenDay?: (day: Date) => void }) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts).calendar;
  return (
    <thead>
      <tr>
        {days.map((day) => (
          <th key={dayKey(day)} scope="col" className={styles.weekday}>
            {onOpenDay === undefined ? (
              formats.weekdayShort(day)
            ) : (
              <Tooltip content={format(texts.openDay, { day: formats.fullDay(day) })} relationship="description">
                <Button appearance="transparent" size="small" onClick={() => onOpenDay(day)}>
                  {`${formats.weekdayShort(day)} ${day.getDate()}`}
                </Button>
              </Tooltip>
            )}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function MonthTable({ date, weekStartsOn, byDay, formats, actions, onOpenDay }: ViewProps & { readonly date: Date; readonly weekStartsOn: 0 | 1; readonly onOpenDay: (day: Date) => void }) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts).calendar;
  const weeks = monthWeeks(date, weekStartsOn);
  const today = new Date();
  return (
    <table className={styles.table}>
      <WeekdayHeaders days={weeks[0] ?? []} formats={formats} />
      <tbody>
        {weeks.map((week) => (
          <tr key={dayKey(week[0] ?? date)}>
            {week.map((day) => {
              const inMonth = isSameMonth(day, date);
              const isToday = isSameDay(day, today);
              const events = byDay.get(dayKey(day)) ?? [];
              const hidden = events.length - MONTH_CELL_EVENTS;
              return (
                <td
                  key={dayKey(day)}
                  className={mergeClasses(styles.cell, styles.monthCell, !inMonth && styles.outside, isToday && styles.today)}
                  aria-current={isToday ? 'date' : undefined}
                >
                  <time
                    dateTime={dayKey(day)}
                    className={mergeClasses(styles.dayNumber, !inMonth && styles.outsideNumber, isToday && styles.todayNumber)}
                  >
                    {day.getDate()}
                  </time>
                  {events.length > 0 && (
                    <ul className={styles.events}>
                      {events.slice(0, MONTH_CELL_EVENTS).map((schedule) => (
                        <ScheduleEventItem key={schedule.id} schedule={schedule} form="compact" formats={formats} actions={actions} />
                      ))}
                    </ul>
                  )}
                  {hidden > 0 && (
                    <Button
                      className={styles.more}
                      appearance="transparent"
                      size="small"
                      aria-label={format(texts.showMoreLabel, { count: hidden, day: formats.fullDay(day) })}
                      onClick={() => onOpenDay(day)}
                    >
                      {format(texts.showMore, { count: hidden })}
                    </Button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function WeekTable({ days, byDay, formats, actions, onOpenDay }: ViewProps & { readonly days: readonly Date[]; readonly onOpenDay: (day: Date) => void }) {
  const styles = useStyles();
  const today = new Date();
  return (
    <table className={styles.table}>
      <WeekdayHeaders days={days} formats={formats} onOpenDay={onOpenDay} />
      <tbody>
        <tr>
          {days.map((day) => {
            const isToday = isSameDay(day, today);
            const events = byDay.get(dayKey(day)) ?? [];
            return (
              <td key={dayKey(day)} className={mergeClasses(styles.cell, styles.weekCell, isToday && styles.today)} aria-current={isToday ? 'date' : undefined}>
                {events.length > 0 && (
                  <ul className={styles.events}>
                    {events.map((schedule) => (
                      <ScheduleEventItem key={schedule.id} schedule={schedule} form="detailed" formats={formats} actions={actions} />
                    ))}
                  </ul>
                )}
              </td>
            );
          })}
        </tr>
      </tbody>
    </table>
  );
}

/** The day, or the agenda's days that have schedules under a heading each. */
function DayList({ days, headings, byDay, formats, actions }: ViewProps & { readonly days: readonly Date[]; readonly headings: boolean }) {
  const styles = useStyles();
  const texts = useTexts(schedulesTexts).calendar;
  const filled = days.map((day) => ({ day, events: byDay.get(dayKey(day)) ?? [] })).filter(({ events }) => events.length > 0);
  if (filled.length === 0) return <p className={styles.empty}>{texts.noEventsInRange}</p>;
  return (
    <div>
      {filled.map(({ day, events }) => (
        <div key={dayKey(day)}>
          {headings && <h3 className={styles.dayHeading}>{formats.dayHeading(day)}</h3>}
          <ul className={styles.events}>
            {events.map((schedule) => (
              <ScheduleEventItem key={schedule.id} schedule={schedule} form="detailed" withBody formats={formats} actions={actions} />
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
