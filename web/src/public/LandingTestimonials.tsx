/** The testimonials section: short quotes attributed to the kind of business that gave them. */
import { Body1, Caption1, makeStyles, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { LandingSection } from './LandingSection';

const QUOTES = ['retail', 'clinic', 'services'] as const;

const useStyles = makeStyles({
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(260px, 1fr))',
    gap: tokens.spacingHorizontalL,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
  figure: {
    margin: 0,
    height: '100%',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    justifyContent: 'space-between',
    rowGap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    borderLeft: `${tokens.strokeWidthThickest} solid ${tokens.colorBrandStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  quote: {
    margin: 0,
  },
  author: {
    color: tokens.colorNeutralForeground2,
  },
});

export function LandingTestimonials() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).testimonials;
  return (
    <LandingSection id="testimonials" title={texts.title} alternate>
      <ul className={styles.list}>
        {QUOTES.map((id) => (
          <li key={id}>
            <figure className={styles.figure}>
              <blockquote className={styles.quote}>
                <Body1 as="p">“{texts.items[id].quote}”</Body1>
              </blockquote>
              <figcaption className={styles.author}>
                <Caption1>{texts.items[id].author}</Caption1>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </LandingSection>
  );
}
