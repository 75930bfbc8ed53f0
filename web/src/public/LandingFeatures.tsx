/** The features section (#features). */
import { Body1, makeStyles, Subtitle2, tokens } from '@fluentui/react-components';
import { Board24Regular } from '@fluentui/react-icons/svg/board';
import { BotSparkle24Regular } from '@fluentui/react-icons/svg/bot-sparkle';
import { BranchFork24Regular } from '@fluentui/react-icons/svg/branch-fork';
import { DataBarVertical24Regular } from '@fluentui/react-icons/svg/data-bar-vertical';
import { Flash24Regular } from '@fluentui/react-icons/svg/flash';
import { Megaphone24Regular } from '@fluentui/react-icons/svg/megaphone';
import { PeopleTeam24Regular } from '@fluentui/react-icons/svg/people-team';
import { PlugConnected24Regular } from '@fluentui/react-icons/svg/plug-connected';
import type { FluentIcon } from '@fluentui/react-icons';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { LandingSection } from './LandingSection';

type FeatureId = keyof typeof landingTexts.pt.features.items;

const FEATURES: readonly (readonly [FeatureId, FluentIcon])[] = [
  ['team', PeopleTeam24Regular],
  ['queues', BranchFork24Regular],
  ['quick', Flash24Regular],
  ['campaigns', Megaphone24Regular],
  ['kanban', Board24Regular],
  ['dashboard', DataBarVertical24Regular],
  ['ai', BotSparkle24Regular],
  ['api', PlugConnected24Regular],
];

const useStyles = makeStyles({
  grid: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  item: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  icon: {
    color: tokens.colorBrandForeground1,
  },
});

export function LandingFeatures() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).features;
  return (
    <LandingSection id="features" title={texts.title} intro={texts.intro}>
      <ul className={styles.grid}>
        {FEATURES.map(([id, Icon]) => (
          <li key={id} className={styles.item}>
            <Icon className={styles.icon} aria-hidden />
            <Subtitle2 as="h3">{texts.items[id].title}</Subtitle2>
            <Body1 as="p">{texts.items[id].text}</Body1>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
