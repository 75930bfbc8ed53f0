/**
 * The six counter cards of the dashboard (spec 2 §2 Dashboard, §3): in conversation, waiting, finished,
 * new contacts, and the average conversation and waiting times as hours and minutes. A list named
 * 'Indicadores', each card its title and its figure; two cards a row on a phone.
 */
import { Body1Strong, makeStyles, Title2, tokens } from '@fluentui/react-components';
import { ChatMultiple24Regular } from '@fluentui/react-icons/svg/chat-multiple';
import { CheckmarkCircle24Regular } from '@fluentui/react-icons/svg/checkmark-circle';
import { Clock24Regular } from '@fluentui/react-icons/svg/clock';
import { HourglassHalf24Regular } from '@fluentui/react-icons/svg/hourglass-half';
import { PersonAdd24Regular } from '@fluentui/react-icons/svg/person-add';
import { Timer24Regular } from '@fluentui/react-icons/svg/timer';
import type { ReactElement } from 'react';
import type { DashboardDto } from '../api/dashboard';
import { format, useTexts } from '../i18n/texts';
import { hoursAndMinutes } from './duration';
import { dashboardTexts } from './texts';

const useStyles = makeStyles({
  cards: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    // Six in a row on a desktop, three on a tablet, two on a phone.
    gridTemplateColumns: 'repeat(auto-fill, minmax(150px, 1fr))',
    gap: tokens.spacingHorizontalM,
    '@media (max-width: 599.98px)': { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))', gap: tokens.spacingHorizontalS },
  },
  // Fluent's Card look without its component: a card here is not interactive, and Card's focus
  // handling would add a chunk to the page's first load.
  card: {
    boxSizing: 'border-box',
    height: '100%',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    padding: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
  },
  head: { display: 'flex', alignItems: 'center', columnGap: tokens.spacingHorizontalS, color: tokens.colorNeutralForeground2 },
  icon: { flexShrink: 0, color: tokens.colorBrandForeground1 },
  value: { margin: 0, fontVariantNumeric: 'tabular-nums' },
});

type Counter = keyof DashboardDto['counters'];

const CARDS: readonly { readonly counter: Counter; readonly icon: ReactElement; readonly time?: true }[] = [
  { counter: 'supportHappening', icon: <ChatMultiple24Regular /> },
  { counter: 'supportPending', icon: <HourglassHalf24Regular /> },
  { counter: 'supportFinished', icon: <CheckmarkCircle24Regular /> },
  { counter: 'newContacts', icon: <PersonAdd24Regular /> },
  { counter: 'avgSupportTime', icon: <Timer24Regular />, time: true },
  { counter: 'avgWaitTime', icon: <Clock24Regular />, time: true },
];

export function CounterCards({ counters }: { readonly counters: DashboardDto['counters'] }) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).cards;
  return (
    <ul className={styles.cards} aria-label={texts.label}>
      {CARDS.map(({ counter, icon, time }) => (
        <li key={counter} className={styles.card}>
            <div className={styles.head}>
              <span className={styles.icon} aria-hidden>
                {icon}
              </span>
              <Body1Strong>{texts[counter]}</Body1Strong>
            </div>
            <Title2 as="p" className={styles.value}>
              {time ? format(texts.duration, { ...hoursAndMinutes(counters[counter]) }) : String(counters[counter])}
            </Title2>
        </li>
      ))}
    </ul>
  );
}
