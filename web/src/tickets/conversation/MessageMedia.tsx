/**
 * The content of a message by kind (spec 1 §2.5): image, audio and video players from the message's
 * short-lived signed URL, documents as a download link, a location with a map link, a contact card and
 * a missed-call entry, a notice for a received file that could not be downloaded; anything else is
 * formatted text.
 *
 * Images and videos sit in boxes of a fixed width and aspect ratio, their picture fitted inside: the
 * message carries no dimensions of its media, and a box that took its size from the file as it loaded
 * pushed the conversation's end out of view (issue 14). Audio players have a fixed height of their own.
 */
import { Link, makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons/svg/arrow-download';
import { CallMissed20Regular } from '@fluentui/react-icons/svg/call-missed';
import { DocumentError20Regular } from '@fluentui/react-icons/svg/document-error';
import { Location20Regular } from '@fluentui/react-icons/svg/location';
import { Person20Regular } from '@fluentui/react-icons/svg/person';
import { VideoOff20Regular } from '@fluentui/react-icons/svg/video-off';
import { format, useTexts } from '../../i18n/texts';
import type { MessageContent } from './message-content';
import { FormattedText } from './FormattedText';
import { locationMapUrl } from '../../../../shared/whatsapp-content';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  media: { display: 'block', maxWidth: '100%', borderRadius: tokens.borderRadiusMedium },
  // The box's size never depends on the file: width and ratio fixed, the picture letterboxed inside.
  box: { width: '280px', height: 'auto', objectFit: 'contain', backgroundColor: tokens.colorNeutralBackground4 },
  imageLink: { display: 'block' },
  image: { aspectRatio: '4 / 3', cursor: 'zoom-in' },
  video: { aspectRatio: '16 / 9' },
  audio: { width: '280px', maxWidth: '100%' },
  caption: { display: 'block', marginTop: tokens.spacingVerticalXS },
  card: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground3,
  },
  cardText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  call: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, color: tokens.colorPaletteRedForeground1 },
});

export function MessageMedia({ content }: { readonly content: MessageContent }) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).messages;
  const caption = (text: string) => (text.trim() === '' ? null : <FormattedText className={styles.caption} text={text} />);

  switch (content.kind) {
    case 'text':
      return <FormattedText text={content.text} />;
    case 'image':
      return (
        <>
          <a className={styles.imageLink} href={content.url} target="_blank" rel="noopener noreferrer">
            <img className={mergeClasses(styles.media, styles.box, styles.image)} src={content.url} alt={content.caption || texts.image} loading="lazy" />
          </a>
          {caption(content.caption)}
        </>
      );
    case 'video':
      return (
        <>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a WhatsApp video comes with no captions track to offer */}
          <video className={mergeClasses(styles.media, styles.box, styles.video)} src={content.url} controls preload="metadata" aria-label={texts.video} />
          {caption(content.caption)}
        </>
      );
    case 'audio':
      return (
        <>
          {/* eslint-disable-next-line jsx-a11y/media-has-caption -- a WhatsApp voice or audio message comes with no captions track to offer */}
          <audio className={styles.audio} src={content.url} controls preload="metadata" aria-label={texts.audio} />
          {caption(content.caption)}
        </>
      );
    case 'document': {
      const name = content.name || texts.document;
      return (
        <>
          <Link className={styles.card} href={content.url} download={name} target="_blank" rel="noopener noreferrer" aria-label={format(texts.download, { name })}>
            <ArrowDownload20Regular />
            <span className={styles.cardText}>
              <Text truncate wrap={false}>
                {name}
              </Text>
            </span>
          </Link>
          {caption(content.caption)}
        </>
      );
    }
    case 'location':
      return (
        <div className={styles.card}>
          <Location20Regular />
          <span className={styles.cardText}>
            <Text weight="semibold">{content.location.description || texts.location}</Text>
            <Link href={locationMapUrl(content.location)} target="_blank" rel="noopener noreferrer">
              {texts.openMap}
            </Link>
          </span>
        </div>
      );
    case 'vcard':
      return (
        <div className={styles.card} aria-label={texts.contactCard}>
          <Person20Regular />
          <span className={styles.cardText}>
            <Text weight="semibold">{content.card.name || texts.contactCard}</Text>
            <Text size={200}>{content.card.number ? `+${content.card.number}` : texts.noNumber}</Text>
          </span>
        </div>
      );
    case 'missingMedia':
      return (
        <>
          <div className={styles.card} role="note">
            <DocumentError20Regular />
            <Text italic>{texts.mediaMissing}</Text>
          </div>
          {caption(content.caption)}
        </>
      );
    case 'call':
      return (
        <span className={styles.call}>
          {content.video ? <VideoOff20Regular /> : <CallMissed20Regular />}
          <Text>{content.video ? texts.videoCall : texts.voiceCall}</Text>
        </span>
      );
  }
}
