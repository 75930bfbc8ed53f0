/**
 * The insert-a-variable menu under a message field (quick messages, schedules): each template variable
 * with its token and what it stands for; picking one calls `onInsert`, which puts it at the cursor
 * (use-variable-insertion.ts).
 */
import { makeStyles, Menu, MenuButton, MenuItem, MenuList, MenuPopover, MenuTrigger, tokens } from '@fluentui/react-components';
import { BracesVariable20Regular } from '@fluentui/react-icons/svg/braces-variable';
import type { TemplateVariable } from '../../../shared/templates';
import { VARIABLE_CHOICES, variableToken } from './insert-at-cursor';

const useStyles = makeStyles({
  token: { fontFamily: tokens.fontFamilyMonospace, marginRight: tokens.spacingHorizontalS },
});

export interface VariableMenuProps {
  /** The button's words, and each variable's meaning, in the user's language. */
  readonly labels: { readonly button: string; readonly variables: Readonly<Record<TemplateVariable, string>> };
  readonly disabled?: boolean;
  readonly onInsert: (variable: TemplateVariable) => void;
}

export function VariableMenu({ labels, disabled = false, onInsert }: VariableMenuProps) {
  const styles = useStyles();
  return (
    <Menu>
      <MenuTrigger disableButtonEnhancement>
        <MenuButton appearance="secondary" size="small" icon={<BracesVariable20Regular />} disabled={disabled}>
          {labels.button}
        </MenuButton>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          {VARIABLE_CHOICES.map((variable) => (
            <MenuItem key={variable} onClick={() => onInsert(variable)}>
              <span className={styles.token}>{variableToken(variable)}</span>
              {labels.variables[variable]}
            </MenuItem>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
