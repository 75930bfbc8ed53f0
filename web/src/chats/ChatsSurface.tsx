/**
 * The popover of the header's internal-chat button around the button (spec 1 §2.7, §9): the user's
 * latest chats with their unread counts; choosing one opens it (/chats/{id}) and closes the popover.
 * Loaded on the first open; the chats are read and kept live by ChatsPopover and the shell.
 */
import { Button, makeStyles, Spinner, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';
import type { Chat } from '../api/chats';
import type { PopupProps } from '../components/on-demand';
import { TitledPopover } from '../components/TitledPopover';
import { useTexts } from '../i18n/texts';
import { CHATS_PATH, chatRoutePath } from '../runtime/paths';
import { ChatSummary } from './ChatSummary';
import { chatsTexts } from './texts';

const useStyles = makeStyles({
  surface: { width: 'min(360px, calc(100vw - 32px))' },
  list: { listStyleType: 'none', margin: 0, padding: 0, maxHeight: '400px', overflowY: 'auto' },
  link: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke3}`,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '-2px' },
  },
  more: {
    color: tokens.colorBrandForegroundLink,
    ':hover': { color: tokens.colorBrandForegroundLinkHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, borderRadius: tokens.borderRadiusMedium },
  },
  footer: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalS },
  state: {
    display: 'flex',
    alignItems: 'center',
    columnGap: tokens.spacingHorizontalS,
    padding: tokens.spacingHorizontalL,
    color: tokens.colorNeutralForeground3,
  },
});

export interface ChatsSurfaceProps extends PopupProps {
  readonly viewerId: string;
  readonly chats: readonly Chat[];
  /** The first page is still loading. */
  readonly pending: boolean;
  readonly failed: boolean;
  readonly loaded: boolean;
  readonly loadingMore: boolean;
  readonly onRetry: () => void;
  readonly onScroll: (list: HTMLElement) => void;
  /** A chat (or the whole list) was chosen: the popover closes. */
  readonly onChosen: () => void;
}

export function ChatsSurface(props: ChatsSurfaceProps) {
  const { open, onOpenChange, trigger, buttonRef, viewerId, chats, pending, failed, loaded, loadingMore, onRetry, onScroll, onChosen } = props;
  const styles = useStyles();
  const texts = useTexts(chatsTexts).popover;

  return (
    <TitledPopover open={open} onOpenChange={onOpenChange} trigger={trigger} buttonRef={buttonRef} title={texts.title} className={styles.surface}>
      {pending && !failed && (
        <div className={styles.state}>
          <Spinner size="tiny" label={texts.loading} />
        </div>
      )}
      {failed && chats.length === 0 && (
        <div className={styles.state}>
          <Text>{texts.loadError}</Text>
          <Button size="small" onClick={onRetry}>
            {texts.retry}
          </Button>
        </div>
      )}
      {loaded && chats.length === 0 && <Text className={styles.state}>{texts.empty}</Text>}
      {chats.length > 0 && (
        <ul className={styles.list} onScroll={(event) => onScroll(event.currentTarget)}>
          {chats.map((chat) => (
            <li key={chat.id}>
              <PopoverChat chat={chat} viewerId={viewerId} onChosen={onChosen} />
            </li>
          ))}
          {loadingMore && (
            <li className={styles.state}>
              <Spinner size="tiny" label={texts.loading} />
            </li>
          )}
        </ul>
      )}
      <div className={styles.footer}>
        <PopoverLink to={CHATS_PATH} className={styles.more} onChosen={onChosen}>
          {texts.openAll}
        </PopoverLink>
      </div>
    </TitledPopover>
  );
}

function PopoverLink({ to, className, onChosen, children }: { readonly to: string; readonly className?: string; readonly onChosen: () => void; readonly children: ReactNode }) {
  const href = useHref(to);
  const follow = useLinkClickHandler(to);
  return (
    <a
      href={href}
      className={className}
      onClick={(event) => {
        follow(event);
        onChosen();
      }}
    >
      {children}
    </a>
  );
}

function PopoverChat({ chat, viewerId, onChosen }: { readonly chat: Chat; readonly viewerId: string; readonly onChosen: () => void }) {
  const styles = useStyles();
  return (
    <PopoverLink to={chatRoutePath(chat.id)} className={styles.link} onChosen={onChosen}>
      <ChatSummary chat={chat} viewerId={viewerId} />
    </PopoverLink>
  );
}
