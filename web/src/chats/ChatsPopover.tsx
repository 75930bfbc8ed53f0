/**
 * The header's internal-chat button (spec 1 §2.7, §9; checklist C-091, C-092, C-212): a dot beside it
 * while the user has unread chat messages, and a popover (ChatsSurface, loaded on the first open) with
 * the user's latest chats and their unread counts, the next page loaded within 100 px of the bottom;
 * choosing one opens it at /chats/{id}. The chats are the /chats page's cached list, kept live by the
 * shell (use-chats-live.ts); they are read with the first opening.
 */
import { Badge, Button, makeStyles, Tooltip } from '@fluentui/react-components';
import { PeopleChat24Regular } from '@fluentui/react-icons/svg/people-chat';
import { useState } from 'react';
import { chatPages } from '../api/chat-cache';
import { useChatPages, useChatUnread } from '../api/chats';
import { onDemand, popoverButtonAtRest, useOpenOnDemand, type ButtonAtRest } from '../components/on-demand';
import { useTexts } from '../i18n/texts';
import { nearBottom } from './chat-rules';
import { chatsTexts } from './texts';

const Popup = onDemand(() => import('./ChatsSurface').then((m) => m.ChatsSurface));

const useStyles = makeStyles({
  anchor: { position: 'relative', display: 'inline-flex' },
  dot: { position: 'absolute', top: '4px', right: '4px', pointerEvents: 'none' },
});

export function ChatsPopover({ viewerId }: { readonly viewerId: string }) {
  const styles = useStyles();
  const texts = useTexts(chatsTexts).popover;
  const [open, setOpen, buttonRef] = useOpenOnDemand(Popup.load);
  // The list is read from the first opening on (and then kept live), not with every page's load.
  const [opened, setOpened] = useState(false);
  const list = useChatPages('', opened);
  const unread = (useChatUnread().data?.chats ?? 0) > 0;
  const label = unread ? texts.buttonWithUnread : texts.button;

  const onOpenChange = (next: boolean) => {
    if (next) setOpened(true);
    setOpen(next);
  };

  const loadMoreNearBottom = (element: HTMLElement) => {
    if (nearBottom(element) && list.hasNextPage && !list.isFetchingNextPage) void list.fetchNextPage();
  };

  const button = (atRest?: ButtonAtRest) => (
    <Tooltip content={label} relationship="label">
      <Button ref={buttonRef} {...atRest} appearance="subtle" icon={<PeopleChat24Regular />} />
    </Tooltip>
  );

  // The dot sits beside the button, not in it: the button clips what overflows it.
  return (
    <span className={styles.anchor}>
      {Popup.isLoaded() ? (
        <Popup.Component
          open={open}
          onOpenChange={onOpenChange}
          trigger={button()}
          buttonRef={buttonRef}
          viewerId={viewerId}
          chats={chatPages.items(list.data)}
          pending={list.isPending}
          failed={list.isError}
          loaded={list.isSuccess}
          loadingMore={list.isFetchingNextPage}
          onRetry={() => void list.refetch()}
          onScroll={loadMoreNearBottom}
          onChosen={() => setOpen(false)}
        />
      ) : (
        button(popoverButtonAtRest(onOpenChange))
      )}
      {unread && <Badge className={styles.dot} size="extra-small" color="danger" aria-hidden />}
    </span>
  );
}
