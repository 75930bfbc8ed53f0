/** A password input with a button that shows what was typed, for long passwords typed on a phone. */
import { Button, Input, type InputProps } from '@fluentui/react-components';
import { Eye20Regular } from '@fluentui/react-icons/svg/eye';
import { EyeOff20Regular } from '@fluentui/react-icons/svg/eye-off';
import { useState } from 'react';
import { useTexts } from '../i18n/texts';
import { publicTexts } from './texts';

export type PasswordInputProps = Omit<InputProps, 'type' | 'contentAfter'>;

export function PasswordInput(props: PasswordInputProps) {
  const texts = useTexts(publicTexts);
  const [visible, setVisible] = useState(false);
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={visible ? texts.hidePassword : texts.showPassword}
          aria-pressed={visible}
          disabled={props.disabled}
          onClick={() => setVisible((shown) => !shown)}
        />
      }
    />
  );
}
