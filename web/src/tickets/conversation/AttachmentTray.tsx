/**
 * The files waiting to be sent (issue 14): a card per file (an image's thumbnail, else an icon, and the
 * name), a caption for each (Enter sends), remove per file, and send or cancel for all. The state and
 * its rules are the tray's (use-attachment-tray.ts); this only shows them.
 */
import { Button, Input, makeStyles, Text, tokens, Tooltip } from '@fluentui/react-components';
import { Dismiss16Regular } from '@fluentui/react-icons/svg/dismiss';
import { Document24Regular } from '@fluentui/react-icons/svg/document';
import { MusicNote224Regular } from '@fluentui/react-icons/svg/music-note';
import { Send24Regular } from '@fluentui/react-icons/svg/send';
import { VideoClip24Regular } from '@fluentui/react-icons/svg/video-clip';
import { MESSAGE_BODY_MAX } from '../../../../shared/messages';
import { format, useTexts } from '../../i18n/texts';
import type { TrayFileKind, TrayItem } from './attachment-tray';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  root: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  // Side by side, scrolled sideways on a narrow screen rather than pushing the conversation away.
  list: { display: 'flex', gap: tokens.spacingHorizontalS, overflowX: 'auto', margin: 0, padding: `0 0 ${tokens.spacingVerticalXXS}`, listStyleType: 'none' },
  card: {
    position: 'relative',
    flexShrink: 0,
    width: '160px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalXS,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  preview: {
    width: '100%',
    height: '96px',
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    objectFit: 'cover',
    borderRadius: tokens.borderRadiusSmall,
    backgroundColor: tokens.colorNeutralBackground4,
    color: tokens.colorNeutralForeground3,
  },
  remove: { position: 'absolute', top: tokens.spacingVerticalXS, right: tokens.spacingHorizontalXS, backgroundColor: tokens.colorNeutralBackground1 },
  actions: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS },
});

const KIND_ICONS: Readonly<Record<Exclude<TrayFileKind, 'image'>, typeof Document24Regular>> = {
  video: VideoClip24Regular,
  audio: MusicNote224Regular,
  document: Document24Regular,
};

export interface AttachmentTrayProps {
  readonly items: readonly TrayItem[];
  /** Sending is possible (an open ticket, no send in progress). */
  readonly canSend: boolean;
  readonly onCaption: (id: string, caption: string) => void;
  readonly onRemove: (id: string) => void;
  readonly onCancel: () => void;
  readonly onSend: () => void;
}

export function AttachmentTray({ items, canSend, onCaption, onRemove, onCancel, onSend }: AttachmentTrayProps) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).tray;

  return (
    <div className={styles.root} role="group" aria-label={texts.label}>
      <ul className={styles.list}>
        {items.map((item) => {
          const name = item.file.name;
          const Icon = item.kind === 'image' ? null : KIND_ICONS[item.kind];
          return (
            <li key={item.id} className={styles.card}>
              {item.previewUrl !== null ? (
                <img className={styles.preview} src={item.previewUrl} alt={name} />
              ) : (
                <span className={styles.preview}>{Icon && <Icon />}</span>
              )}
              <Text size={200} truncate wrap={false} title={name}>
                {name}
              </Text>
              <Input
                size="small"
                value={item.caption}
                maxLength={MESSAGE_BODY_MAX}
                aria-label={format(texts.caption, { name })}
                placeholder={texts.captionPlaceholder}
                onChange={(_, data) => onCaption(item.id, data.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
                  event.preventDefault();
                  if (canSend) onSend();
                }}
              />
              <Tooltip content={format(texts.remove, { name })} relationship="label">
                <Button className={styles.remove} appearance="subtle" size="small" icon={<Dismiss16Regular />} onClick={() => onRemove(item.id)} />
              </Tooltip>
            </li>
          );
        })}
      </ul>
      <div className={styles.actions}>
        <Button onClick={onCancel}>{texts.cancel}</Button>
        <Button appearance="primary" icon={<Send24Regular />} disabled={!canSend} onClick={onSend}>
          {texts.send}
        </Button>
      </div>
    </div>
  );
}
