/**
 * The admin's read-only look at a ticket's conversation from the list (spec 1 §2.4, §6), without
 * accepting or opening it: the messages of GET /messages/{id}, oldest at the top, earlier pages on
 * demand, no input. Reading it as an admin neither clears the agent's unread count nor sends read
 * receipts (the server's rule). New messages of the ticket refresh it while open.
 */
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Link,
  Spinner,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from '@fluentui/react-components';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import type { MessageDto, MessagePage } from '../../../shared/messages';
import type { CompanyChannels } from '../../../shared/realtime-events';
import type { TicketDto } from '../../../shared/tickets';
import { locationMapUrl, parseLocationBody } from '../../../shared/whatsapp-content';
import { getMessagePage } from '../api/messages';
import { queryKeys } from '../api/query-keys';
import { useServices } from '../runtime/services';
import { useLanguage } from '../i18n/language';
import { format, useTexts } from '../i18n/texts';
import { useRealtimeEvent } from '../realtime/hooks';
import { ticketsTexts } from './texts';
import { lastMessageKind, ticketTime } from './ticket-format';

const useStyles = makeStyles({
  surface: {
    maxWidth: '640px',
    width: '100%',
  },
  messages: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    maxHeight: '60vh',
    overflowY: 'auto',
    padding: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  bubble: {
    maxWidth: '80%',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS,
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    whiteSpace: 'pre-wrap',
    overflowWrap: 'anywhere',
  },
  mine: {
    alignSelf: 'flex-end',
    backgroundColor: tokens.colorBrandBackground2,
  },
  deleted: {
    fontStyle: 'italic',
    color: tokens.colorNeutralForeground3,
  },
  meta: {
    alignSelf: 'flex-end',
    color: tokens.colorNeutralForeground3,
  },
  center: {
    alignSelf: 'center',
  },
});

export interface SpyDialogProps {
  readonly ticket: TicketDto;
  readonly onClose: () => void;
}

export function SpyDialog({ ticket, onClose }: SpyDialogProps) {
  const styles = useStyles();
  const texts = useTexts(ticketsTexts).spy;
  const { language } = useLanguage();
  const { api } = useServices();
  const client = useQueryClient();
  const scroller = useRef<HTMLDivElement>(null);

  const query = useInfiniteQuery({
    queryKey: queryKeys.tickets.spy(ticket.id),
    queryFn: ({ pageParam, signal }) => getMessagePage(api, ticket.id, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: MessagePage) => (last.hasMore && last.cursor !== null ? last.cursor : undefined),
    // Opened for a look now: always read fresh.
    staleTime: 0,
    gcTime: 0,
  });

  const onMessage = useCallback(
    (data: CompanyChannels['appMessage']) => {
      if (data.ticket.id === ticket.id) void client.invalidateQueries({ queryKey: queryKeys.tickets.spy(ticket.id) });
    },
    [client, ticket.id],
  );
  useRealtimeEvent('appMessage', onMessage);

  // Pages come newest first; the conversation reads oldest at the top.
  const messages: MessageDto[] = (query.data?.pages ?? []).flatMap((page) => page.messages).slice().reverse();
  const firstPageLoaded = (query.data?.pages.length ?? 0) > 0;

  useEffect(() => {
    const element = scroller.current;
    if (element !== null && query.data?.pages.length === 1) element.scrollTop = element.scrollHeight;
  }, [query.data]);

  return (
    <Dialog open onOpenChange={(_, data) => !data.open && onClose()}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{format(texts.title, { name: ticket.contact.name })}</DialogTitle>
          <DialogContent>
            <Caption1>{texts.readOnly}</Caption1>
            <div ref={scroller} className={styles.messages}>
              {query.hasNextPage && (
                <Button className={styles.center} size="small" appearance="subtle" disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                  {texts.loadOlder}
                </Button>
              )}
              {!firstPageLoaded && <Spinner className={styles.center} size="small" label={texts.loading} />}
              {firstPageLoaded && messages.length === 0 && <Text className={styles.center}>{texts.empty}</Text>}
              {messages.map((message) => (
                <div key={message.id} className={mergeClasses(styles.bubble, message.fromMe && styles.mine)}>
                  <SpyMessageBody message={message} />
                  <Caption1 className={styles.meta}>{ticketTime(message.createdAt, language)}</Caption1>
                </div>
              ))}
            </div>
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={onClose}>
              {texts.close}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** A message as plain text: the conversation's rich rendering is not needed for a look. */
function SpyMessageBody({ message }: { readonly message: MessageDto }) {
  const styles = useStyles();
  const texts = useTexts(ticketsTexts);
  if (message.isDeleted) return <Text className={styles.deleted}>{texts.spy.deleted}</Text>;
  if (message.mediaType === 'locationMessage') {
    const location = parseLocationBody(message.body);
    return location === null ? (
      <Text>{texts.item.lastMessage.location}</Text>
    ) : (
      <Link href={locationMapUrl(location)} target="_blank" rel="noreferrer">
        {location.description || texts.item.lastMessage.location}
      </Link>
    );
  }
  const kind = lastMessageKind(message.body);
  const text = message.mediaType === 'chat' || kind === 'text' ? message.body : texts.item.lastMessage[kind];
  return (
    <>
      {message.mediaUrl !== null && (
        <Link href={message.mediaUrl} target="_blank" rel="noreferrer">
          {message.mediaName ?? texts.spy.openMedia}
        </Link>
      )}
      {text !== '' && <Text>{text}</Text>}
    </>
  );
}
