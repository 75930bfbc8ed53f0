/**
 * The landing header's links: the page's sections by anchor (spec 2 §2 Landing), then sign in and sign
 * up. On a narrow screen (under 600 px) they are the items of one menu button, so the header keeps the
 * brand, the language, the theme and the menu on one row (issue 27: at 360 px it took two rows).
 */
import { Button, Link, makeStyles, Menu, MenuItemLink, MenuList, MenuPopover, MenuTrigger, tokens, Tooltip } from '@fluentui/react-components';
import { Navigation24Regular } from '@fluentui/react-icons/svg/navigation';
import { useHref, useLinkClickHandler } from 'react-router';
import { LOGIN_PATH } from '../runtime/paths';
import { NARROW_SCREEN, useMediaQuery } from '../components/use-media-query';
import { useTexts } from '../i18n/texts';
import { landingTexts } from './landing-texts';
import { RouterButtonLink } from './RouterButtonLink';

export const SIGNUP_PATH = '/signup';

const useStyles = makeStyles({
  list: {
    display: 'flex',
    alignItems: 'center',
    flexWrap: 'wrap',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    listStyleType: 'none',
    margin: 0,
    padding: 0,
  },
});

export function LandingNav() {
  const styles = useStyles();
  const texts = useTexts(landingTexts).nav;
  const narrow = useMediaQuery(NARROW_SCREEN);

  if (narrow) {
    return (
      <nav aria-label={texts.label}>
        <NarrowLandingMenu />
      </nav>
    );
  }
  return (
    <nav aria-label={texts.label}>
      <ul className={styles.list}>
        <li>
          <Link href="#features">{texts.features}</Link>
        </li>
        <li>
          <Link href="#pricing">{texts.pricing}</Link>
        </li>
        <li>
          <Link href="#faq">{texts.faq}</Link>
        </li>
        <li>
          <RouterButtonLink to={LOGIN_PATH} appearance="subtle">
            {texts.login}
          </RouterButtonLink>
        </li>
        <li>
          <RouterButtonLink to={SIGNUP_PATH} appearance="primary">
            {texts.signup}
          </RouterButtonLink>
        </li>
      </ul>
    </nav>
  );
}

/** The same links as a menu: the sections by anchor, sign in and sign up through the router. */
function NarrowLandingMenu() {
  const texts = useTexts(landingTexts).nav;
  const loginHref = useHref(LOGIN_PATH);
  const followLogin = useLinkClickHandler(LOGIN_PATH);
  const signupHref = useHref(SIGNUP_PATH);
  const followSignup = useLinkClickHandler(SIGNUP_PATH);
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <Tooltip content={texts.menu} relationship="label">
          <Button appearance="subtle" icon={<Navigation24Regular />} />
        </Tooltip>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuItemLink href="#features">{texts.features}</MenuItemLink>
          <MenuItemLink href="#pricing">{texts.pricing}</MenuItemLink>
          <MenuItemLink href="#faq">{texts.faq}</MenuItemLink>
          <MenuItemLink href={loginHref} onClick={followLogin}>
            {texts.login}
          </MenuItemLink>
          <MenuItemLink href={signupHref} onClick={followSignup}>
            {texts.signup}
          </MenuItemLink>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
