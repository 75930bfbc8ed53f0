/**
 * A dropdown over a fixed list of values, each shown by its label: the country of the checkout, a
 * user's profile, a company's recurrence, a prompt's model, an integration's language. `value` '' is
 * none chosen yet (the placeholder shows); choosing calls `onChoose` with the value, typed, never with
 * an option text the list does not hold.
 */
import { Option, type DropdownProps } from '@fluentui/react-components';
import { LocalizedDropdown } from './LocalizedDropdown';

export interface ChoiceDropdownProps<V extends string> extends Omit<DropdownProps, 'value' | 'selectedOptions' | 'onOptionSelect' | 'children'> {
  readonly choices: readonly V[];
  readonly labelOf: (value: V) => string;
  readonly value: V | '';
  readonly onChoose: (value: V) => void;
}

export function ChoiceDropdown<V extends string>({ choices, labelOf, value, onChoose, ...props }: ChoiceDropdownProps<V>) {
  return (
    <LocalizedDropdown
      {...props}
      value={value === '' ? '' : labelOf(value)}
      selectedOptions={value === '' ? [] : [value]}
      onOptionSelect={(_, data) => {
        const chosen = choices.find((choice) => choice === data.optionValue);
        if (chosen !== undefined) onChoose(chosen);
      }}
    >
      {choices.map((choice) => (
        <Option key={choice} value={choice}>
          {labelOf(choice)}
        </Option>
      ))}
    </LocalizedDropdown>
  );
}
