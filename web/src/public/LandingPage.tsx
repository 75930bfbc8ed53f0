/**
 * /landing (spec 2 §2 Landing): header with the section anchors, sign in and sign up; then features,
 * how it works, plans, testimonials and FAQ; a footer with the privacy and terms links.
 */
import { makeStyles, tokens } from '@fluentui/react-components';
import { LandingFaq } from './LandingFaq';
import { LandingFeatures } from './LandingFeatures';
import { LandingFooter } from './LandingFooter';
import { LandingHero } from './LandingHero';
import { LandingHowItWorks } from './LandingHowItWorks';
import { LandingNav } from './LandingNav';
import { LandingPricing } from './LandingPricing';
import { LandingTestimonials } from './LandingTestimonials';
import { PublicHeader } from './PublicHeader';

const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground1,
    // Spacing comes from each block's gaps; the browser's default margins would double it.
    '& :is(h1, h2, h3, p, blockquote, figure)': { marginTop: 0, marginBottom: 0 },
  },
  header: {
    // Sticky only where it stays one row; on a phone it would cover a third of the screen.
    '@media (min-width: 600px)': {
      position: 'sticky',
      top: 0,
      zIndex: 1,
    },
  },
  main: {
    flexGrow: 1,
  },
});

export function LandingPage() {
  const styles = useStyles();
  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <PublicHeader navigation={<LandingNav />} />
      </div>
      <main className={styles.main}>
        <LandingHero />
        <LandingFeatures />
        <LandingHowItWorks />
        <LandingPricing />
        <LandingTestimonials />
        <LandingFaq />
      </main>
      <LandingFooter />
    </div>
  );
}
