/** The quick-reply suggestions shown above the input while the text starts with '/' (spec 1 §2.6). */
import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { useTexts } from '../../i18n/texts';
import type { QuickReplyOption } from './input-rules';
import { conversationTexts } from './texts';

const useStyles = makeStyles({
  list: {
    position: 'absolute',
    bottom: '100%',
    left: 0,
    right: 0,
    maxHeight: '240px',
    overflowY: 'auto',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    listStyleType: 'none',
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow16,
    borderRadius: tokens.borderRadiusMedium,
    zIndex: 1,
  },
  option: {
    display: 'flex',
    flexDirection: 'column',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    borderRadius: tokens.borderRadiusSmall,
    cursor: 'pointer',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover },
  },
  active: { backgroundColor: tokens.colorNeutralBackground1Selected },
});

export function QuickReplyList({
  id,
  options,
  activeIndex,
  onPick,
}: {
  readonly id: string;
  readonly options: readonly QuickReplyOption[];
  readonly activeIndex: number;
  readonly onPick: (option: QuickReplyOption) => void;
}) {
  const styles = useStyles();
  const texts = useTexts(conversationTexts).input;
  return (
    <ul id={id} role="listbox" aria-label={texts.quickReplies} className={styles.list}>
      {options.map((option, index) => (
        <li
          key={option.id}
          id={`${id}-${index}`}
          role="option"
          aria-selected={index === activeIndex}
          className={mergeClasses(styles.option, index === activeIndex && styles.active)}
          // mousedown, not click: the textarea keeps its focus.
          onMouseDown={(event) => {
            event.preventDefault();
            onPick(option);
          }}
        >
          <Text weight="semibold">{`/${option.shortcode}`}</Text>
          <Text size={200}>{option.label}</Text>
        </li>
      ))}
    </ul>
  );
}
