/**
 * /privacidade, /termos and /contato (the registry's open pages): short documents anyone may read, signed in or not,
 * under the public header. Each is a title, an introduction and titled sections (legal-texts.ts); the
 * contact page adds the ways in (sign up, sign in), and every one links to the other two.
 */
import { Body1, makeStyles, Subtitle1, Title1, tokens } from '@fluentui/react-components';
import { useCurrentPage, useOpenPages } from '../runtime/current-page';
import { RouterLink } from '../components/RouterLink';
import { useLanguage } from '../i18n/language';
import { useTexts } from '../i18n/texts';
import { LANDING_PATH } from './BrandLink';
import { isLegalDocumentId, legalTexts } from './legal-texts';
import { PublicHeader } from './PublicHeader';
import { RouterButtonLink } from './RouterButtonLink';


const useStyles = makeStyles({
  page: {
    flexGrow: 1,
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  main: {
    flexGrow: 1,
    display: 'flex',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
  },
  article: {
    width: '100%',
    maxWidth: '760px',
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalL,
    '& :is(h1, h2, p, ul)': { marginTop: 0, marginBottom: 0 },
  },
  section: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
  },
  list: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalXS,
    paddingLeft: tokens.spacingHorizontalXL,
  },
  actions: {
    display: 'flex',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
  },
  links: {
    display: 'flex',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    listStyleType: 'none',
    margin: 0,
    padding: `${tokens.spacingVerticalM} 0 0`,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
});

interface Section {
  readonly title: string;
  readonly body: string;
  readonly items?: Readonly<Record<string, string>>;
}

export function OpenPage() {
  const styles = useStyles();
  const { id: page } = useCurrentPage();
  const openPages = useOpenPages();
  const { language } = useLanguage();
  const texts = useTexts(legalTexts);
  if (!isLegalDocumentId(page)) throw new Error(`${page} is not an open page`);
  const content = texts[page];
  const sections: readonly Section[] = Object.values(content.sections);

  return (
    <div className={styles.page}>
      <PublicHeader />
      <main className={styles.main}>
        <article className={styles.article}>
          <Title1 as="h1">{content.title}</Title1>
          <Body1 as="p">{content.intro}</Body1>
          {sections.map((section) => (
            <section key={section.title} className={styles.section}>
              <Subtitle1 as="h2">{section.title}</Subtitle1>
              <Body1 as="p">{section.body}</Body1>
              {section.items !== undefined && (
                <ul className={styles.list}>
                  {Object.values(section.items).map((item) => (
                    <li key={item}>
                      <Body1>{item}</Body1>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
          {page === 'contact' && (
            <div className={styles.actions}>
              <RouterButtonLink to="/signup" appearance="primary">
                {texts.contact.signUp}
              </RouterButtonLink>
              <RouterButtonLink to="/login">{texts.contact.signIn}</RouterButtonLink>
            </div>
          )}
          <nav aria-label={texts.otherPages}>
            <ul className={styles.links}>
              <li>
                <RouterLink to={LANDING_PATH}>{texts.backToStart}</RouterLink>
              </li>
              {openPages.filter((other) => other.id !== page).map((other) => (
                <li key={other.id}>
                  <RouterLink to={`/${other.path}`}>{other.title[language]}</RouterLink>
                </li>
              ))}
            </ul>
          </nav>
        </article>
      </main>
    </div>
  );
}
