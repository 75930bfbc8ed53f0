/**
 * The top bar of the private area (spec 1 §1, §2.7): the menu button, the product name, a greeting
 * naming the user and the company (with 'Ativo até {date}' for admins whose company has a due date),
 * then language, reload, volume, notifications, announcements, internal chat (when the plan has it),
 * theme and the user menu. Before `/auth/me` answers only the parts that need no account show. On a
 * phone the greeting hides and the buttons that do not fit wait behind an overflow button (layout.ts,
 * headerPlacement), so the bar never pushes the theme toggle or the user menu off the screen.
 */
import { Body1, Button, Caption1, makeStyles, Subtitle2, Tooltip, tokens } from '@fluentui/react-components';
import { ArrowClockwise24Regular } from '@fluentui/react-icons/svg/arrow-clockwise';
import type { ReactElement, ReactNode } from 'react';
import type { UserDto } from '../../../../shared/users';
import { AnnouncementsPopover } from '../../announcements/AnnouncementsPopover';
import { ChatsPopover } from '../../chats/ChatsPopover';
import { useLanguage } from '../../i18n/language';
import { LanguageMenu } from '../../i18n/LanguageMenu';
import { format, useTexts } from '../../i18n/texts';
import { NotificationsPopover } from '../../notifications/NotificationsPopover';
import { VolumeControl } from '../../notifications/VolumeControl';
import type { Me } from '../../sign-in/me';
import { activeUntilDate } from './active-until';
import { HeaderOverflow } from './HeaderOverflow';
import { headerPlacement, NARROW_MEDIA_QUERY, type HeaderAction } from './layout';
import { shellTexts } from './texts';
import { ThemeToggle } from '../../theme/ThemeToggle';
import { UserMenu } from './UserMenu';
import { useViewportSize } from './use-viewport-size';

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalM,
    minHeight: '52px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
  },
  brand: {
    flexShrink: 0,
    color: tokens.colorBrandForeground1,
  },
  greeting: {
    display: 'flex',
    flexDirection: 'column',
    flexGrow: 1,
    minWidth: 0,
    [`@media ${NARROW_MEDIA_QUERY}`]: { display: 'none' },
  },
  spacer: {
    flexGrow: 1,
  },
  activeUntil: {
    color: tokens.colorNeutralForeground3,
  },
  actions: {
    display: 'flex',
    alignItems: 'center',
    flexShrink: 0,
    columnGap: tokens.spacingHorizontalXXS,
    marginLeft: 'auto',
  },
});

export interface ShellHeaderProps {
  readonly me?: Me | undefined;
  /** The button that opens, closes, expands or collapses the side menu. */
  readonly menuToggle?: ReactNode;
  readonly onProfileSaved?: (user: UserDto) => void;
}

export function ShellHeader({ me, menuToggle, onProfileSaved }: ShellHeaderProps) {
  const styles = useStyles();
  const texts = useTexts(shellTexts);
  const { language } = useLanguage();
  const activeUntil = me === undefined ? undefined : activeUntilDate(me.user, me.company, language);
  const size = useViewportSize();

  // Each button once; where it shows is the layout's rule.
  const buttons: Partial<Record<HeaderAction, ReactElement>> = {
    language: <LanguageMenu key="language" />,
    reload: (
      <Tooltip key="reload" content={texts.reload} relationship="label">
        <Button appearance="subtle" icon={<ArrowClockwise24Regular />} onClick={() => window.location.reload()} />
      </Tooltip>
    ),
    theme: <ThemeToggle key="theme" />,
  };
  if (me !== undefined) {
    buttons.volume = <VolumeControl key="volume" />;
    buttons.notifications = <NotificationsPopover key="notifications" viewerId={me.user.id} />;
    buttons.announcements = <AnnouncementsPopover key="announcements" />;
    if (me.company.plan['useInternalChat'] === true) buttons.internalChat = <ChatsPopover key="internalChat" viewerId={me.user.id} />;
    buttons.userMenu = <UserMenu key="userMenu" user={me.user} onProfileSaved={onProfileSaved ?? (() => undefined)} />;
  }
  const placement = headerPlacement(size, Object.keys(buttons) as HeaderAction[]);

  return (
    <header className={styles.header}>
      {menuToggle}
      <Subtitle2 as="span" className={styles.brand}>
        {texts.brand}
      </Subtitle2>
      {me === undefined ? (
        <span className={styles.spacer} />
      ) : (
        <div className={styles.greeting}>
          <Body1 truncate wrap={false}>
            {format(texts.greeting, { name: me.user.name, company: me.company.name })}
          </Body1>
          {activeUntil !== undefined && (
            <Caption1 className={styles.activeUntil}>{format(texts.activeUntil, { date: activeUntil })}</Caption1>
          )}
        </div>
      )}
      <div className={styles.actions}>
        {placement.overflow.length > 0 && <HeaderOverflow>{placement.overflow.map((action) => buttons[action])}</HeaderOverflow>}
        {placement.bar.map((action) => buttons[action])}
      </div>
    </header>
  );
}
