/**
 * The Opções tab (spec 3 §2 Settings, §7, §8): every settings key as a labelled switch, select or
 * write-only secret (setting-controls.ts), each saved on its own change with PUT /settings/{key} and
 * 'Operação atualizada com sucesso.'. The platform's keys show only to a super user, whom alone the
 * server lets change them; the payment credential is typed and saved, never shown back.
 */
import { Button, Divider, Field, Input, makeStyles, Option, Switch, tokens } from '@fluentui/react-components';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { settingKeys, updateSetting, withSetting, type Setting, type SettingKey } from '../api/settings';
import { useServices } from '../runtime/services';
import { LocalizedDropdown } from '../components/LocalizedDropdown';
import { useToast } from '../feedback/toast';
import { useTexts } from '../i18n/texts';
import { controlsFor, SUPER_ONLY_SETTINGS, valueOf, type SecretControl, type SettingControl } from './setting-controls';
import { settingsTexts } from './texts';

const useStyles = makeStyles({
  tab: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalL, maxWidth: '720px' },
  heading: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  dropdown: { minWidth: 'min(240px, 100%)', maxWidth: '100%' },
  secret: { display: 'flex', flexDirection: 'column', rowGap: tokens.spacingVerticalS },
  secretInput: { maxWidth: '480px' },
  secretSave: { alignSelf: 'flex-start' },
});

export interface OptionsTabProps {
  readonly settings: readonly Setting[];
  readonly isSuper: boolean;
}

export function OptionsTab({ settings, isSuper }: OptionsTabProps) {
  const styles = useStyles();
  const texts = useTexts(settingsTexts);
  const { api } = useServices();
  const toast = useToast();
  const queryClient = useQueryClient();
  // The value each key is being saved with: shown at once, and the control waits for the answer.
  const [saving, setSaving] = useState<Partial<Record<SettingKey, string>>>({});

  const save = useMutation({
    mutationFn: ({ key, value }: { readonly key: SettingKey; readonly value: string }) => updateSetting(api, key, value),
    onMutate: ({ key, value }) => setSaving((current) => ({ ...current, [key]: value })),
    onSuccess: (saved) => {
      queryClient.setQueryData<Setting[]>(settingKeys.all, (current) => withSetting(current, saved));
      toast.success(texts.options.saved);
    },
    onError: (error) => toast.error(error),
    onSettled: (_data, _error, { key }) =>
      setSaving((current) => {
        const { [key]: _done, ...rest } = current;
        return rest;
      }),
  });

  const shown = (key: SettingKey): string => saving[key] ?? valueOf(settings, key);
  const change = (key: SettingKey, value: string) => {
    if (value !== shown(key)) save.mutate({ key, value });
  };

  const controls = controlsFor(isSuper);
  const company = controls.filter((control) => !SUPER_ONLY_SETTINGS.includes(control.key));
  const platform = controls.filter((control) => SUPER_ONLY_SETTINGS.includes(control.key));

  const render = (control: SettingControl) => {
    const label = texts.options.labels[control.key];
    const hint = texts.options.hints[control.key];
    const hintProps = hint === '' ? {} : { hint };
    const busy = saving[control.key] !== undefined;
    switch (control.kind) {
      case 'switch':
        return (
          <Field key={control.key} label={label} {...hintProps}>
            <Switch
              checked={shown(control.key) === control.on}
              disabled={busy}
              onChange={(_, data) => change(control.key, data.checked ? control.on : control.off)}
            />
          </Field>
        );
      case 'select': {
        const labels = (texts.options.values as Readonly<Record<string, Readonly<Record<string, string>> | undefined>>)[control.key];
        const value = shown(control.key);
        return (
          <Field key={control.key} label={label} {...hintProps}>
            <LocalizedDropdown
              className={styles.dropdown}
              value={labels?.[value] ?? value}
              selectedOptions={[value]}
              disabled={busy}
              onOptionSelect={(_, data) => {
                if (data.optionValue !== undefined) change(control.key, data.optionValue);
              }}
            >
              {control.values.map((choice) => (
                <Option key={choice} value={choice}>
                  {labels?.[choice] ?? choice}
                </Option>
              ))}
            </LocalizedDropdown>
          </Field>
        );
      }
      case 'secret':
        return <SecretSetting key={control.key} control={control} label={label} hint={hint} busy={busy} onSave={(value) => save.mutate({ key: control.key, value })} />;
    }
  };

  return (
    <div className={styles.tab}>
      {company.map(render)}
      {platform.length > 0 && (
        <>
          <Divider />
          <h2 className={styles.heading}>{texts.options.platform}</h2>
          {platform.map(render)}
        </>
      )}
    </div>
  );
}

interface SecretSettingProps {
  readonly control: SecretControl;
  readonly label: string;
  readonly hint: string;
  readonly busy: boolean;
  readonly onSave: (value: string) => void;
}

/** A write-only setting: the field starts empty whatever is stored, and empties again once saved. */
function SecretSetting({ control, label, hint, busy, onSave }: SecretSettingProps) {
  const styles = useStyles();
  const texts = useTexts(settingsTexts);
  const [typed, setTyped] = useState('');
  const submit = () => {
    if (typed.trim() === '') return;
    onSave(typed.trim());
    setTyped('');
  };
  return (
    <div className={styles.secret}>
      <Field className={styles.secretInput} label={label} hint={hint}>
        <Input
          type="password"
          name={control.key}
          autoComplete="off"
          placeholder={texts.options.secretPlaceholder}
          value={typed}
          disabled={busy}
          onChange={(_, data) => setTyped(data.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
        />
      </Field>
      <Button className={styles.secretSave} disabled={busy || typed.trim() === ''} onClick={submit}>
        {busy ? texts.options.saving : texts.options.saveSecret}
      </Button>
    </div>
  );
}
