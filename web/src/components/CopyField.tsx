/**
 * A value to copy into another system (an API token, a webhook's address): the value in a read-only
 * field and a copy button beside it. When the browser will not copy (no clipboard API outside a secure
 * context, or permission refused), the field's text is selected and a message says to copy it by hand.
 */
import { Button, Field, Input, makeStyles, tokens } from '@fluentui/react-components';
import { Copy24Regular } from '@fluentui/react-icons/svg/copy';
import { useRef, useState } from 'react';

const useStyles = makeStyles({
  // The button goes under the field when a narrow screen leaves it too little room.
  row: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', columnGap: tokens.spacingHorizontalS, rowGap: tokens.spacingVerticalXS },
  field: { flexGrow: 1, flexBasis: '200px', minWidth: 0 },
  value: { fontFamily: tokens.fontFamilyMonospace },
});

export interface CopyFieldLabels {
  readonly copy: string;
  readonly copied: string;
  readonly copyFailed: string;
}

export interface CopyFieldProps {
  readonly label: string;
  readonly value: string;
  readonly labels: CopyFieldLabels;
}

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyField({ label, value, labels }: CopyFieldProps) {
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [copy, setCopy] = useState<CopyState>('idle');

  const copyValue = async () => {
    try {
      // Outside a secure context `navigator.clipboard` is missing: the call throws, and the catch helps.
      await navigator.clipboard.writeText(value);
      setCopy('copied');
    } catch {
      input.current?.select();
      setCopy('failed');
    }
  };

  return (
    <div className={styles.row}>
      <Field
        className={styles.field}
        label={label}
        {...(copy === 'failed' && { validationMessage: labels.copyFailed, validationState: 'warning' as const })}
        {...(copy === 'copied' && { validationMessage: labels.copied, validationState: 'success' as const })}
      >
        <Input ref={input} className={styles.value} value={value} readOnly onFocus={(event) => event.target.select()} />
      </Field>
      {/* Named after its field: a form may hold more than one 'Copiar'. */}
      <Button icon={<Copy24Regular />} aria-label={`${labels.copy}: ${label}`} onClick={() => void copyValue()}>
        {labels.copy}
      </Button>
    </div>
  );
}
