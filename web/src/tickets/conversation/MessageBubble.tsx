/**
 * One message of the conversation (spec 1 §2.5): own messages on the right with delivery ticks, the
 * contact's on the left; quoted message, content by kind, edited and deleted indications, time, and a
 * menu with Reply and Delete (own messages only, disabled once deleted). A text the server sent by
 * itself (`bot`: greeting, queue menu, out-of-hours, transfer, closing and rating messages) carries an
 * 'automatic message' label, so nobody takes it for an agent's. An own message WhatsApp refused
 * (issue 32) shows a red mark instead of its ticks and the reason in small text under it. A message
 * of an earlier ticket of the contact is history: no menu, since replying and deleting act on the
 * open ticket.
 */
import { Button, makeStyles, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger, Text, tokens } from '@fluentui/react-components';
import { ArrowReply20Regular } from '@fluentui/react-icons/svg/arrow-reply';
import { Bot16Regular } from '@fluentui/react-icons/svg/bot';
import { Delete20Regular } from '@fluentui/react-icons/svg/delete';
import { DeleteOff20Regular } from '@fluentui/react-icons/svg/delete-off';
import { MoreVertical20Regular } from '@fluentui/react-icons/svg/more-vertical';
import { memo } from 'react';
import type { MessageDto } from '../../../../shared/messages';
import { useTexts } from '../../i18n/texts';
import { AckTicks } from './AckTicks';
import { formatTime } from './dates';
import { messageContent } from './message-content';
import { MessageMedia } from './MessageMedia';
import { QuotedMessage } from './QuotedMessage';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  row: { display: 'flex', alignItems: 'flex-start', gap: tokens.spacingHorizontalXXS, padding: `${tokens.spacingVerticalXXS} 0` },
  own: { flexDirection: 'row-reverse' },
  bubble: {
    maxWidth: 'min(75%, 560px)',
    minWidth: '96px',
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    color: tokens.colorNeutralForeground1,
  },
  ownBubble: { backgroundColor: tokens.colorBrandBackground2 },
  deletedBody: { opacity: 0.6 },
  footer: {
    display: 'flex',
    justifyContent: 'flex-end',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    marginTop: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
  },
  deletedMark: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, fontStyle: 'italic' },
  automatic: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXXS,
    marginBottom: tokens.spacingVerticalXXS,
    color: tokens.colorNeutralForeground3,
  },
  failure: { display: 'block', marginTop: tokens.spacingVerticalXXS, color: tokens.colorPaletteRedForeground1, overflowWrap: 'anywhere' },
  menuButton: { opacity: 0.6, ':hover': { opacity: 1 }, ':focus-visible': { opacity: 1 } },
});

export interface MessageBubbleProps {
  readonly message: MessageDto;
  /** A message of an earlier ticket: shown without the menu. */
  readonly readOnly: boolean;
  readonly contactName: string;
  readonly canReply: boolean;
  readonly canDelete: boolean;
  readonly onReply: (message: MessageDto) => void;
  readonly onDelete: (message: MessageDto) => void;
}

export const MessageBubble = memo(function MessageBubble({ message, readOnly, contactName, canReply, canDelete, onReply, onDelete }: MessageBubbleProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).messages;
  const own = message.fromMe;

  return (
    <div className={own ? `${styles.row} ${styles.own}` : styles.row}>
      <div className={own ? `${styles.bubble} ${styles.ownBubble}` : styles.bubble}>
        {message.bot && (
          <Text size={100} className={styles.automatic}>
            <Bot16Regular aria-hidden />
            {texts.automatic}
          </Text>
        )}
        {message.quotedMsg && <QuotedMessage quoted={message.quotedMsg} contactName={contactName} />}
        <div className={message.isDeleted ? styles.deletedBody : undefined}>
          <MessageMedia content={messageContent(message)} />
        </div>
        <div className={styles.footer}>
          {message.isDeleted && (
            <Text size={100} className={styles.deletedMark}>
              <DeleteOff20Regular fontSize={12} />
              {texts.deleted}
            </Text>
          )}
          {message.isEdited && !message.isDeleted && (
            <Text size={100} italic>
              {texts.edited}
            </Text>
          )}
          <Text size={100}>
            <time dateTime={message.createdAt}>{formatTime(message.createdAt)}</time>
          </Text>
          {own && <AckTicks ack={message.ack} failureReason={message.failureReason} />}
        </div>
        {own && message.failureReason !== null && (
          <Text size={100} className={styles.failure}>
            {message.failureReason}
          </Text>
        )}
      </div>
      {!readOnly && (canReply || own) && (
        <Menu positioning="below-end">
          <MenuTrigger disableButtonEnhancement>
            <Button className={styles.menuButton} appearance="transparent" size="small" icon={<MoreVertical20Regular />} aria-label={texts.menu} />
          </MenuTrigger>
          <MenuPopover>
            <MenuList>
              <MenuItem icon={<ArrowReply20Regular />} disabled={!canReply} onClick={() => onReply(message)}>
                {texts.reply}
              </MenuItem>
              {canDelete && (
                <MenuItem icon={<Delete20Regular />} disabled={message.isDeleted} onClick={() => onDelete(message)}>
                  {texts.delete}
                </MenuItem>
              )}
            </MenuList>
          </MenuPopover>
        </Menu>
      )}
    </div>
  );
});
