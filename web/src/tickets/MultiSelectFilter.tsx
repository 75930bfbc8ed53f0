/** A compact multi-select of the list filters (queues, tags, users): a dropdown with one option per item. */
import { Option, makeStyles, tokens } from '@fluentui/react-components';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { useId } from 'react';

const useStyles = makeStyles({
  dropdown: {
    minWidth: '0',
    width: '100%',
  },
  swatch: {
    display: 'inline-block',
    width: '10px',
    height: '10px',
    borderRadius: tokens.borderRadiusCircular,
    marginRight: tokens.spacingHorizontalXS,
  },
});

export interface FilterOption {
  readonly id: string;
  readonly name: string;
  readonly color?: string;
}

export interface MultiSelectFilterProps {
  readonly label: string;
  readonly options: readonly FilterOption[];
  readonly selected: readonly string[];
  /** Shown when nothing is picked. */
  readonly placeholder: string;
  /** The text of the closed dropdown for the current pick. */
  readonly summary: string;
  readonly onChange: (selected: string[]) => void;
}

export function MultiSelectFilter({ label, options, selected, placeholder, summary, onChange }: MultiSelectFilterProps) {
  const styles = useStyles();
  const labelId = useId();
  return (
    <>
      <span id={labelId} hidden>
        {label}
      </span>
      <LocalizedDropdown
        className={styles.dropdown}
        size="small"
        multiselect
        aria-labelledby={labelId}
        placeholder={placeholder}
        value={summary}
        selectedOptions={[...selected]}
        onOptionSelect={(_, data) => onChange(data.selectedOptions)}
      >
        {options.map((option) => (
          <Option key={option.id} value={option.id} text={option.name}>
            {option.color !== undefined && <span className={styles.swatch} style={{ backgroundColor: option.color }} aria-hidden />}
            {option.name}
          </Option>
        ))}
      </LocalizedDropdown>
    </>
  );
}
