/**
 * The helps page (/helps, every user; spec 3 §2 Helps): the platform's help videos as cards (HelpCard)
 * in a grid that becomes one column on a phone, and the popup player (HelpPlayerDialog) of the one
 * chosen, closed with Escape. The super user writes the videos in the settings' Ajuda tab.
 */
import { makeStyles, Spinner, Text, Title3, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useHelpList, type Help } from '../api/helps';
import { useTexts } from '../i18n/texts';
import { HelpCard } from './HelpCard';
import { HelpPlayerDialog } from './HelpPlayerDialog';
import { helpsTexts } from './texts';
import { LoadErrorBar } from '../components/LoadErrorBar';

const useStyles = makeStyles({
  page: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM, minWidth: 0 },
  intro: { color: tokens.colorNeutralForeground2 },
  grid: {
    listStyleType: 'none',
    margin: 0,
    padding: 0,
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(260px, 100%), 1fr))',
    gap: tokens.spacingHorizontalL,
  },
  state: { padding: tokens.spacingVerticalXXL, textAlign: 'center', margin: 0 },
});

export function HelpsPage() {
  const styles = useStyles();
  const texts = useTexts(helpsTexts);
  const list = useHelpList();
  const [playing, setPlaying] = useState<Help>();
  const helps = list.data ?? [];

  return (
    <div className={styles.page}>
      <Title3 as="h1">{texts.title}</Title3>
      <Text className={styles.intro}>{texts.intro}</Text>
      {list.isPending && <Spinner className={styles.state} label={texts.loading} />}
      {list.isError && list.data === undefined && (
        <LoadErrorBar message={texts.loadError} retryLabel={texts.retry} onRetry={() => void list.refetch()} />
      )}
      {list.isSuccess && helps.length === 0 && <p className={styles.state}>{texts.empty}</p>}
      {helps.length > 0 && (
        <ul className={styles.grid} aria-label={texts.list}>
          {helps.map((help) => (
            <HelpCard key={help.id} help={help} onOpen={setPlaying} />
          ))}
        </ul>
      )}
      <HelpPlayerDialog help={playing} onClose={() => setPlaying(undefined)} />
    </div>
  );
}
