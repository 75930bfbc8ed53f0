/** The Opções tab's controls: one per settings key, with the server's values, labelled in every language, the platform's keys for super users only. */
import { DEFAULT_SETTINGS, SETTING_KEYS, SETTING_VALUE_SCHEMAS } from '../../../../shared/settings';
import { textsIn } from '../../../../web/src/i18n/texts';
import { controlsFor, SETTING_CONTROLS, showsCompanyHours, valueOf } from '../../../../web/src/settings/setting-controls';
import { settingsTexts } from '../../../../web/src/settings/texts';

describe('the Opções tab controls', () => {
  it('has exactly one control for every settings key of the server', () => {
    const keys = SETTING_CONTROLS.map((control) => control.key);
    expect([...keys].sort()).toEqual([...SETTING_KEYS].sort());
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('offers in each select exactly the values the server accepts for that key', () => {
    for (const control of SETTING_CONTROLS) {
      if (control.kind !== 'select') continue;
      const schema = SETTING_VALUE_SCHEMAS[control.key];
      expect('options' in schema ? schema.options : undefined).toEqual(control.values);
    }
  });

  it('stores only values the server accepts when a switch is turned on or off', () => {
    for (const control of SETTING_CONTROLS) {
      if (control.kind !== 'switch') continue;
      expect(SETTING_VALUE_SCHEMAS[control.key].safeParse(control.on).success).toBe(true);
      expect(SETTING_VALUE_SCHEMAS[control.key].safeParse(control.off).success).toBe(true);
      expect(control.on).not.toBe(control.off);
    }
  });

  it('keeps the payment credential write-only: a secret field, not a switch or select', () => {
    expect(SETTING_CONTROLS.find((control) => control.key === 'asaas')?.kind).toBe('secret');
    expect(SETTING_CONTROLS.find((control) => control.key === 'asaasWebhookToken')?.kind).toBe('secret');
  });

  it.each(['pt', 'en', 'es'] as const)('labels every key and every select value in %s', (language) => {
    const texts = textsIn(settingsTexts, language);
    for (const control of SETTING_CONTROLS) {
      expect(texts.options.labels[control.key]).not.toBe('');
      if (control.kind === 'select') {
        const labels = (texts.options.values as Readonly<Record<string, Readonly<Record<string, string>>>>)[control.key];
        for (const value of control.values) expect(labels?.[value] ?? '').not.toBe('');
      }
    }
  });

  it('shows the success toast in the spec’s words in Portuguese', () => {
    expect(textsIn(settingsTexts, 'pt').options.saved).toBe('Operação atualizada com sucesso.');
    expect(textsIn(settingsTexts, 'pt').hours.saved).toBe('Horários atualizados com sucesso.');
  });

  it('hides the payment credential, the campaigns opening and the user-creation switch from an administrator who is not a super user', () => {
    const keys = controlsFor(false).map((control) => control.key);
    expect(keys).not.toContain('asaas');
    expect(keys).not.toContain('campaignsEnabled');
    expect(keys).not.toContain('userCreation');
    expect(keys).toContain('userRating');
    expect(controlsFor(true).map((control) => control.key)).toEqual(expect.arrayContaining(['asaas', 'asaasWebhookToken', 'campaignsEnabled', 'userCreation']));
  });
});

describe('reading the stored settings', () => {
  const settings = SETTING_KEYS.map((key) => ({ key, value: DEFAULT_SETTINGS[key] }));

  it('reads a key’s stored value, and nothing for a key the answer lacks', () => {
    expect(valueOf(settings, 'chatBotType')).toBe('text');
    expect(valueOf([], 'chatBotType')).toBe('');
  });

  it('asks for the company’s hours only when the work-hours setting is company', () => {
    expect(showsCompanyHours(settings)).toBe(false);
    expect(showsCompanyHours([{ key: 'scheduleType', value: 'queue' }])).toBe(false);
    expect(showsCompanyHours([{ key: 'scheduleType', value: 'company' }])).toBe(true);
  });
});
