/** The FAQ section (#faq): questions as h3 accordion headers, so the heading order stays h1 > h2 > h3. */
import { Accordion, AccordionHeader, AccordionItem, AccordionPanel, Body1, makeStyles, tokens } from '@fluentui/react-components';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { LandingSection } from './LandingSection';

const QUESTIONS = ['trial', 'card', 'change', 'annual', 'numbers', 'data'] as const;

const useStyles = makeStyles({
  panel: {
    paddingBottom: tokens.spacingVerticalM,
  },
});

export function LandingFaq() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).faq;
  return (
    <LandingSection id="faq" title={texts.title}>
      <Accordion collapsible multiple>
        {QUESTIONS.map((id) => (
          <AccordionItem key={id} value={id}>
            <AccordionHeader as="h3">{texts.items[id].question}</AccordionHeader>
            <AccordionPanel className={styles.panel}>
              <Body1 as="p">{texts.items[id].answer}</Body1>
            </AccordionPanel>
          </AccordionItem>
        ))}
      </Accordion>
    </LandingSection>
  );
}
