/** The panel of a page that is not built yet: says so plainly instead of showing nothing. */
import { Body1, Card, makeStyles, Subtitle1, tokens } from '@fluentui/react-components';
import { Clock24Regular } from '@fluentui/react-icons/svg/clock';
import { commonTexts } from '../i18n/common';
import { format, useTexts } from '../i18n/texts';
import { RouterLink } from './RouterLink';

const useStyles = makeStyles({
  card: {
    maxWidth: '560px',
    margin: `${tokens.spacingVerticalXXL} auto`,
    padding: tokens.spacingHorizontalXL,
    rowGap: tokens.spacingVerticalM,
  },
  heading: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
  },
});

export interface ComingSoonProps {
  /** The page's title, already translated. */
  readonly page: string;
  /** A way onwards, e.g. to the tickets, the one place every user can work from. */
  readonly link?: { readonly to: string; readonly label: string };
}

export function ComingSoon({ page, link }: ComingSoonProps) {
  const styles = useStyles();
  const texts = useTexts(commonTexts);
  return (
    <Card className={styles.card} role="status">
      <div className={styles.heading}>
        <Clock24Regular aria-hidden />
        <Subtitle1 as="h2">{texts.comingSoon.title}</Subtitle1>
      </div>
      <Body1>{format(texts.comingSoon.description, { page })}</Body1>
      {link !== undefined && <RouterLink to={link.to}>{link.label}</RouterLink>}
    </Card>
  );
}
