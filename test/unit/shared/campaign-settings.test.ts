/** The campaign settings' shared rules: the API's JSON pairs both ways, and how opt-out words compare. */
import {
  DEFAULT_CAMPAIGN_SETTINGS,
  campaignSettingPairs,
  campaignSettingsFromPairs,
  normalizeOptOutWord,
} from '../../../shared/campaign-settings';

describe('campaign settings as key/value pairs', () => {
  it('encodes every key as JSON, in the order the API answers them, and decodes them back', () => {
    const settings = { ...DEFAULT_CAMPAIGN_SETTINGS, messageInterval: 5, variables: [{ key: 'loja', value: 'Centro' }] };

    const pairs = campaignSettingPairs(settings);

    expect(pairs.map((pair) => pair.key)).toEqual(['messageInterval', 'longerIntervalAfter', 'greaterInterval', 'variables', 'optOutWords']);
    expect(pairs[0]).toEqual({ key: 'messageInterval', value: '5' });
    expect(campaignSettingsFromPairs(pairs)).toEqual(settings);
  });

  it('gives each key that is missing, not JSON or out of its options its default, and keeps the others', () => {
    const decoded = campaignSettingsFromPairs([
      { key: 'messageInterval', value: '{not json' },
      { key: 'greaterInterval', value: '45' },
      { key: 'longerIntervalAfter', value: '5' },
    ]);

    expect(decoded).toEqual({ ...DEFAULT_CAMPAIGN_SETTINGS, longerIntervalAfter: 5 });
  });
});

describe('normalizeOptOutWord', () => {
  it.each([
    ['sair', 'SAIR'],
    ['  Sair  ', 'SAIR'],
    ['SAÍR', 'SAIR'],
    ['parar', 'PARAR'],
  ])('reads %j as %j', (typed, normalized) => {
    expect(normalizeOptOutWord(typed)).toBe(normalized);
  });
});
