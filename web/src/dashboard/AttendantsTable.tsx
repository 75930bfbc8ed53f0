/**
 * The attendants of the dashboard (spec 2 §2 Dashboard, §3, §9): name, rating, average support time and
 * online state. The rating (an average of 1 to 3, or none) shows as a face with its words beside it
 * (unsatisfied, satisfied, very satisfied) and the average in the accessible text; the online state as
 * a dot with its word, so neither depends on colour alone. A table on a wide screen; on a phone (under
 * 600 px) each attendant is a card, so nothing scrolls sideways. The table is a plain one in Fluent's
 * table look: it only shows rows, and Fluent's Table would bring its chunk (shared with the menus) into
 * the page's first load.
 */
import { Body1, makeStyles, mergeClasses, Subtitle2, tokens, typographyStyles } from '@fluentui/react-components';
import { Emoji20Regular } from '@fluentui/react-icons/svg/emoji';
import { EmojiLaugh20Regular } from '@fluentui/react-icons/svg/emoji-laugh';
import { EmojiSad20Regular } from '@fluentui/react-icons/svg/emoji-sad';
import { useId } from 'react';
import type { DashboardDto } from '../api/dashboard';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { LANGUAGE_TAGS, useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { hoursAndMinutes } from './duration';
import { ratingLevel, type RatingLevel } from './rating-level';
import { dashboardTexts } from './texts';

type Attendant = DashboardDto['attendants'][number];

const useStyles = makeStyles({
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    minWidth: 0,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow4,
    padding: tokens.spacingHorizontalM,
  },
  title: { margin: 0 },
  table: { width: '100%', borderCollapse: 'collapse', ...typographyStyles.body1 },
  headerCell: {
    ...typographyStyles.body1Strong,
    textAlign: 'start',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  cell: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalS}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  number: { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
  nameCell: { overflowWrap: 'anywhere' },
  inline: { display: 'inline-flex', alignItems: 'center', columnGap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  face1: { color: tokens.colorPaletteRedForeground1 },
  face2: { color: tokens.colorPaletteMarigoldForeground1 },
  face3: { color: tokens.colorPaletteGreenForeground1 },
  none: { color: tokens.colorNeutralForeground3 },
  dot: { width: '10px', height: '10px', borderRadius: tokens.borderRadiusCircular, flexShrink: 0 },
  online: { backgroundColor: tokens.colorPaletteGreenBackground3 },
  offline: { backgroundColor: tokens.colorNeutralForeground4 },
  cards: { listStyleType: 'none', margin: 0, padding: 0 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalXS}`,
    ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  cardLine: { display: 'flex', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalM, rowGap: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground2 },
  empty: { color: tokens.colorNeutralForeground3 },
});

const FACES = { 1: EmojiSad20Regular, 2: Emoji20Regular, 3: EmojiLaugh20Regular } as const;

function Rating({ rating }: { readonly rating: number | null }) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).attendants;
  const { language } = useLanguage();
  const level = ratingLevel(rating);
  if (level === null || rating === null) return <span className={mergeClasses(styles.inline, styles.none)}>{texts.noRating}</span>;
  const Face = FACES[level];
  const faceClass: Record<RatingLevel, string> = { 1: styles.face1, 2: styles.face2, 3: styles.face3 };
  const value = rating.toLocaleString(LANGUAGE_TAGS[language], { maximumFractionDigits: 1 });
  return (
    <span className={styles.inline} role="img" aria-label={format(texts.ratingText, { level: texts.levels[level], value })}>
      <Face className={faceClass[level]} aria-hidden />
      <span aria-hidden>{texts.levels[level]}</span>
    </span>
  );
}

function Online({ online }: { readonly online: boolean }) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).attendants;
  return (
    <span className={styles.inline}>
      <span className={mergeClasses(styles.dot, online ? styles.online : styles.offline)} aria-hidden />
      {online ? texts.isOnline : texts.isOffline}
    </span>
  );
}

export function AttendantsTable({ attendants }: { readonly attendants: readonly Attendant[] }) {
  const styles = useStyles();
  const texts = useTexts(dashboardTexts).attendants;
  const duration = useTexts(dashboardTexts).cards.duration;
  const narrow = useMediaQuery(NARROW_SCREEN);
  const titleId = useId();
  const time = (attendant: Attendant) => format(duration, { ...hoursAndMinutes(attendant.avgSupportTime) });

  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <Subtitle2 as="h2" id={titleId} className={styles.title}>
        {texts.title}
      </Subtitle2>
      {attendants.length === 0 && <Body1 className={styles.empty}>{texts.empty}</Body1>}
      {attendants.length > 0 && narrow && (
        <ul className={styles.cards} aria-labelledby={titleId}>
          {attendants.map((attendant) => (
            <li key={attendant.id} className={styles.card}>
              <Body1 className={styles.nameCell}>{attendant.name}</Body1>
              <div className={styles.cardLine}>
                <Rating rating={attendant.rating} />
                <span className={styles.number}>
                  {texts.avgSupportTime}: {time(attendant)}
                </span>
                <Online online={attendant.online} />
              </div>
            </li>
          ))}
        </ul>
      )}
      {attendants.length > 0 && !narrow && (
        <table className={styles.table} aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col" className={styles.headerCell}>{texts.name}</th>
              <th scope="col" className={styles.headerCell}>{texts.rating}</th>
              <th scope="col" className={styles.headerCell}>{texts.avgSupportTime}</th>
              <th scope="col" className={styles.headerCell}>{texts.online}</th>
            </tr>
          </thead>
          <tbody>
            {attendants.map((attendant) => (
              <tr key={attendant.id}>
                <td className={mergeClasses(styles.cell, styles.nameCell)}>{attendant.name}</td>
                <td className={styles.cell}>
                  <Rating rating={attendant.rating} />
                </td>
                <td className={mergeClasses(styles.cell, styles.number)}>{time(attendant)}</td>
                <td className={styles.cell}>
                  <Online online={attendant.online} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
