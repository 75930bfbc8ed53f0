/**
 * The chatbot-options tab of the queue dialog (spec 3 §2 Queues, §3 queue option): the menu tree, each
 * option with its title (what the menu lists) and its message (what the customer gets on choosing it,
 * or the header of its own sub-menu), sub-options to any depth, moved up and down among its siblings
 * (the order is the number the customer answers with) and deleted with everything under it. It edits
 * the form's draft (option-tree.ts); nothing is written before the queue is saved.
 */
import { Button, Field, Input, makeStyles, Textarea, tokens, Tooltip } from '@fluentui/react-components';
import { Add20Regular } from '@fluentui/react-icons/svg/add';
import { ArrowDown20Regular } from '@fluentui/react-icons/svg/arrow-down';
import { ArrowUp20Regular } from '@fluentui/react-icons/svg/arrow-up';
import { Delete20Regular } from '@fluentui/react-icons/svg/delete';
import { TextBulletListAdd20Regular } from '@fluentui/react-icons/svg/text-bullet-list-add';
import { useState } from 'react';
import { QUEUE_MESSAGE_MAX, QUEUE_OPTION_TITLE_MAX } from '../../../shared/queues';
import type { FieldMessages } from '../components/use-schema-form';
import { format, useTexts } from '../i18n/texts';
import {
  addChildOption,
  addTopOption,
  editOption,
  emptyOption,
  flattenOptions,
  moveOption,
  removeOption,
  type OptionDraft,
  type TreePath,
} from './option-tree';
import { queuesTexts } from './texts';

const useStyles = makeStyles({
  editor: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalM },
  intro: { margin: 0, color: tokens.colorNeutralForeground3 },
  list: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyleType: 'none' },
  children: { marginTop: tokens.spacingVerticalS, paddingLeft: tokens.spacingHorizontalM },
  node: {
    display: 'flex',
    flexDirection: 'column',
    rowGap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalS,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderLeft: `${tokens.strokeWidthThicker} solid ${tokens.colorBrandStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  head: { display: 'flex', alignItems: 'center', flexWrap: 'wrap', columnGap: tokens.spacingHorizontalXS },
  number: { fontWeight: tokens.fontWeightSemibold, marginRight: 'auto' },
  add: { alignSelf: 'flex-start' },
});

export interface OptionTreeEditorProps {
  readonly options: readonly OptionDraft[];
  /** The form's messages, by path (`options.<index in parent-first order>.title`). */
  readonly messages: FieldMessages;
  readonly messageText: (message: string | undefined) => string | undefined;
  readonly disabled: boolean;
  readonly onChange: (options: OptionDraft[]) => void;
  readonly onLeave: () => void;
}

export function OptionTreeEditor({ options, messages, messageText, disabled, onChange, onLeave }: OptionTreeEditorProps) {
  const styles = useStyles();
  const texts = useTexts(queuesTexts);
  // The option just added, whose title takes the focus once it is on screen.
  const [focusKey, setFocusKey] = useState<string>();
  const indexOf = new Map(flattenOptions(options).map(({ node }, index) => [node.key, index]));

  const add = (path?: TreePath) => {
    const option = emptyOption();
    setFocusKey(option.key);
    onChange(path === undefined ? addTopOption(options, option) : addChildOption(options, path, option));
  };

  const renderLevel = (nodes: readonly OptionDraft[], parent: TreePath) => (
    <ul className={styles.list}>
      {nodes.map((node, index) => {
        const path = [...parent, index];
        const number = path.map((at) => at + 1).join('.');
        const named = { number };
        const flat = indexOf.get(node.key) ?? -1;
        const titleMessage = messageText(messages[`options.${flat}.title`]);
        const messageMessage = messageText(messages[`options.${flat}.message`]);
        return (
          <li key={node.key}>
            <div role="group" aria-label={format(texts.options.group, named)} className={styles.node}>
              <div className={styles.head}>
                <span className={styles.number}>{format(texts.options.group, named)}</span>
                <Tooltip content={format(texts.options.moveUp, named)} relationship="label">
                  <Button appearance="subtle" size="small" icon={<ArrowUp20Regular />} disabled={disabled || index === 0} onClick={() => onChange(moveOption(options, path, -1))} />
                </Tooltip>
                <Tooltip content={format(texts.options.moveDown, named)} relationship="label">
                  <Button
                    appearance="subtle"
                    size="small"
                    icon={<ArrowDown20Regular />}
                    disabled={disabled || index === nodes.length - 1}
                    onClick={() => onChange(moveOption(options, path, 1))}
                  />
                </Tooltip>
                <Tooltip content={format(texts.options.addChild, named)} relationship="label">
                  <Button appearance="subtle" size="small" icon={<TextBulletListAdd20Regular />} disabled={disabled} onClick={() => add(path)} />
                </Tooltip>
                <Tooltip content={format(texts.options.remove, named)} relationship="label">
                  <Button appearance="subtle" size="small" icon={<Delete20Regular />} disabled={disabled} onClick={() => onChange(removeOption(options, path))} />
                </Tooltip>
              </div>
              <Field label={texts.options.titleLabel} required {...(titleMessage !== undefined && { validationMessage: titleMessage, validationState: 'error' as const })}>
                <Input
                  ref={(element) => {
                    if (element !== null && node.key === focusKey) {
                      element.focus();
                      setFocusKey(undefined);
                    }
                  }}
                  aria-label={format(texts.options.title, named)}
                  value={node.title}
                  maxLength={QUEUE_OPTION_TITLE_MAX}
                  disabled={disabled}
                  onChange={(_, data) => onChange(editOption(options, path, { title: data.value }))}
                  onBlur={onLeave}
                />
              </Field>
              <Field label={texts.options.messageLabel} {...(messageMessage !== undefined && { validationMessage: messageMessage, validationState: 'error' as const })}>
                <Textarea
                  aria-label={format(texts.options.message, named)}
                  value={node.message}
                  maxLength={QUEUE_MESSAGE_MAX}
                  resize="vertical"
                  disabled={disabled}
                  onChange={(_, data) => onChange(editOption(options, path, { message: data.value }))}
                  onBlur={onLeave}
                />
              </Field>
              {node.children.length > 0 && <div className={styles.children}>{renderLevel(node.children, path)}</div>}
            </div>
          </li>
        );
      })}
    </ul>
  );

  return (
    <div className={styles.editor}>
      <p className={styles.intro}>{texts.options.intro}</p>
      {options.length === 0 ? <p className={styles.intro}>{texts.options.empty}</p> : renderLevel(options, [])}
      <Button className={styles.add} appearance="secondary" icon={<Add20Regular />} disabled={disabled} onClick={() => add()}>
        {texts.options.add}
      </Button>
    </div>
  );
}
