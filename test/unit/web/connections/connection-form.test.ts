import { defaultQueueSchedule } from '../../../../shared/schedules';
import { companyHasCampaigns } from '../../../../web/src/sign-in/campaigns';
import {
  campaignScheduleMessages,
  connectionBody,
  connectionFieldMessage,
  connectionFormOf,
  connectionSchema,
  emptyConnectionForm,
  messageOf,
} from '../../../../web/src/connections/connection-form';
import { filterConnections } from '../../../../web/src/connections/filter-connections';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { connectionDto } from '../../../support/connection-dto';

const QUEUE_A = '01J00000000000000000000000';
const QUEUE_B = '01J00000000000000000000001';
const PROMPT = '01J00000000000000000000P01';

describe('a new connection', () => {
  test("starts from the spec's defaults: expiresTicket 0, timeUseBotQueues 0, maxUseBotQueues 3, provider beta", () => {
    const body = connectionBody({ ...emptyConnectionForm(false), name: 'Principal' }, false);

    expect(body).toMatchObject({ provider: 'beta', expiresTicket: 0, timeUseBotQueues: 0, maxUseBotQueues: 3, timeToTransfer: null, transferQueueId: null });
  });

  test('sends no campaign cap and no campaign hours', () => {
    const body = connectionBody({ ...emptyConnectionForm(false), name: 'Principal' }, false);

    expect(body).toMatchObject({ campaignDailyLimit: null, campaignSchedule: [] });
    expect(schemaFieldMessages(connectionSchema(), body)).toEqual({});
  });

  test('is the default when it is the first of the company', () => {
    expect(emptyConnectionForm(true).isDefault).toBe(true);
    expect(emptyConnectionForm(false).isDefault).toBe(false);
  });

  test('sends no prompt where the plan has no AI', () => {
    const body = connectionBody({ ...emptyConnectionForm(false), name: 'Principal', promptId: PROMPT }, false);

    expect(body).not.toHaveProperty('promptId');
  });

  test('sends the provider chosen, whether or not the stage offers the simulator, and no cloud credentials for Baileys', () => {
    const body = connectionBody({ ...emptyConnectionForm(false), name: 'Principal', cloudPhoneNumberId: '123456' }, false);

    expect(body.provider).toBe('beta');
    expect(body).not.toHaveProperty('cloudPhoneNumberId');
  });

  test('sends the prompt chosen where the plan has AI, and null for none (spec 2 §7)', () => {
    const named = { ...emptyConnectionForm(false), name: 'Principal' };

    expect(named.promptId).toBe('');
    expect(connectionBody({ ...named, promptId: PROMPT }, false, true).promptId).toBe(PROMPT);
    expect(connectionBody(named, false, true).promptId).toBeNull();
    expect(schemaFieldMessages(connectionSchema(), connectionBody({ ...named, promptId: PROMPT }, false, true))).toEqual({});
  });
});

describe('the form checked by the API schema', () => {
  test('refuses a one-character name with the spec message, and takes two', () => {
    const schema = connectionSchema();

    expect(schemaFieldMessages(schema, connectionBody({ ...emptyConnectionForm(false), name: 'A' }, false))).toEqual({ name: 'Too Short!' });
    expect(schemaFieldMessages(schema, connectionBody({ ...emptyConnectionForm(false), name: 'AB' }, false))).toEqual({});
  });

  test('refuses an emptied or negative number with Invalid number, and takes an empty transfer delay as never', () => {
    const values = { ...emptyConnectionForm(false), name: 'Principal', maxUseBotQueues: '', expiresTicket: '-1', timeToTransfer: '' };

    const messages = schemaFieldMessages(connectionSchema(), connectionBody(values, false));

    expect(messages).toEqual({ maxUseBotQueues: 'Invalid number', expiresTicket: 'Invalid number' });
    expect(messageOf(messages, 'maxUseBotQueues')).toEqual({ key: 'invalidNumber' });
    expect(messageOf(messages, 'name')).toBeUndefined();
  });

  test('leaves the greeting rule to the server: two queues without a greeting pass the schema', () => {
    const values = { ...emptyConnectionForm(false), name: 'Principal', queueIds: [QUEUE_A, QUEUE_B] };

    expect(schemaFieldMessages(connectionSchema(), connectionBody(values, false))).toEqual({});
  });

  test('keeps an unknown message as the server wrote it', () => {
    expect(connectionFieldMessage('Required')).toEqual({ key: 'required' });
    expect(connectionFieldMessage('The simulator is not offered here')).toEqual({ text: 'The simulator is not offered here' });
  });
});

describe('editing a connection', () => {
  test('shows its fields and sends them back unchanged', () => {
    const stored = connectionDto({
      id: '01J00000000000000000000009',
      name: 'Vendas',
      status: 'CONNECTED',
      isDefault: true,
      provider: 'simulator',
      greetingMessage: 'Olá!',
      completionMessage: 'Até logo',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      queueIds: [QUEUE_A],
      transferQueueId: QUEUE_B,
      timeToTransfer: 15,
      expiresTicket: 24,
      expiresInactiveMessage: 'Encerrado',
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
    });

    const body = connectionBody(connectionFormOf(stored), true);

    // The provider cannot change on an edit: none is sent, and the server keeps it.
    expect(body).toEqual({
      name: 'Vendas',
      isDefault: true,
      greetingMessage: 'Olá!',
      completionMessage: 'Até logo',
      outOfHoursMessage: 'Fechado',
      ratingMessage: 'Avalie',
      queueIds: [QUEUE_A],
      transferQueueId: QUEUE_B,
      timeToTransfer: 15,
      expiresTicket: 24,
      expiresInactiveMessage: 'Encerrado',
      timeUseBotQueues: 5,
      maxUseBotQueues: 2,
      campaignDailyLimit: null,
      campaignSchedule: [],
    });
    expect(schemaFieldMessages(connectionSchema(stored), body)).toEqual({});
    expect(connectionFormOf({ ...stored, promptId: PROMPT }).promptId).toBe(PROMPT);
  });

  test('shows its campaign cap and hours with the switch on, and sends them back unchanged', () => {
    const week = defaultQueueSchedule().map((day) => (day.weekdayEn === 'saturday' ? { ...day, startTime: '09:00', endTime: '13:00' } : day));
    const values = connectionFormOf(connectionDto({ campaignDailyLimit: 200, campaignSchedule: week }));

    expect(values).toMatchObject({ campaignDailyLimit: '200', restrictCampaignHours: true });
    expect(connectionBody(values, true)).toMatchObject({
      campaignDailyLimit: 200,
      campaignSchedule: week.map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime })),
    });
  });

  test('shows a weekday missing from the stored hours as closed', () => {
    const values = connectionFormOf(connectionDto({ campaignSchedule: [{ weekday: 'Segunda-feira', weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' }] }));

    expect(values.campaignSchedule).toHaveLength(7);
    expect(values.campaignSchedule[0]).toEqual({ weekdayEn: 'monday', startTime: '08:00', endTime: '12:00' });
    expect(values.campaignSchedule[6]).toEqual({ weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' });
  });

  test('without campaign hours, the switch is off and turning it on offers the queue default week', () => {
    const values = connectionFormOf(connectionDto({ campaignSchedule: [] }));

    expect(values.restrictCampaignHours).toBe(false);
    expect(connectionBody({ ...values, restrictCampaignHours: true }, true).campaignSchedule).toEqual(
      defaultQueueSchedule().map(({ weekdayEn, startTime, endTime }) => ({ weekdayEn, startTime, endTime })),
    );
  });
});

describe('the campaign protections', () => {
  const named = { ...emptyConnectionForm(false), name: 'Principal' };

  test('an empty daily limit is no cap (null), a typed one its number', () => {
    expect(connectionBody({ ...named, campaignDailyLimit: '  ' }, true).campaignDailyLimit).toBeNull();
    expect(connectionBody({ ...named, campaignDailyLimit: '50' }, true).campaignDailyLimit).toBe(50);
    expect(schemaFieldMessages(connectionSchema(), connectionBody({ ...named, campaignDailyLimit: '50' }, true))).toEqual({});
  });

  test('refuses a limit that is not a whole number from 1, with Invalid number', () => {
    for (const typed of ['abc', '0', '2.5', '100001']) {
      const messages = schemaFieldMessages(connectionSchema(connectionDto({})), connectionBody({ ...named, campaignDailyLimit: typed }, true));

      expect(messages).toEqual({ campaignDailyLimit: 'Invalid number' });
      expect(messageOf(messages, 'campaignDailyLimit')).toEqual({ key: 'invalidNumber' });
    }
  });

  test('the switch off sends no hours (any time), even with a week edited', () => {
    const edited = named.campaignSchedule.map((day) => ({ ...day, startTime: '10:00' }));

    expect(connectionBody({ ...named, restrictCampaignHours: false, campaignSchedule: edited }, true).campaignSchedule).toEqual([]);
  });

  test('the switch on sends the week, Monday first, which the schema takes', () => {
    const body = connectionBody({ ...named, restrictCampaignHours: true }, true);

    expect(body.campaignSchedule).toEqual([
      { weekdayEn: 'monday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'tuesday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'wednesday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'thursday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'friday', startTime: '08:00', endTime: '18:00' },
      { weekdayEn: 'saturday', startTime: '08:00', endTime: '12:00' },
      { weekdayEn: 'sunday', startTime: '00:00', endTime: '00:00' },
    ]);
    expect(schemaFieldMessages(connectionSchema(), body)).toEqual({});
  });

  test("refuses a bad time and an end before the start under the day's time, as the work-hours editor reads them", () => {
    const week = named.campaignSchedule.map((day, index) =>
      index === 0 ? { ...day, startTime: '25:00' } : index === 1 ? { ...day, startTime: '10:00', endTime: '09:00' } : day,
    );

    const messages = schemaFieldMessages(connectionSchema(), connectionBody({ ...named, restrictCampaignHours: true, campaignSchedule: week }, true));

    expect(messages).toEqual({ 'campaignSchedule.0.startTime': 'Invalid time (HH:MM)', 'campaignSchedule.1.endTime': 'End time must not be before start time' });
    expect(messageOf(messages, 'campaignSchedule')).toEqual({ key: 'invalidTime' });
    expect(connectionFieldMessage('End time must not be before start time')).toEqual({ key: 'endBeforeStart' });
    expect(campaignScheduleMessages({ ...messages, name: 'Required' })).toEqual({
      'schedules.0.startTime': 'Invalid time (HH:MM)',
      'schedules.1.endTime': 'End time must not be before start time',
    });
  });
});

describe('the campaign section', () => {
  test("shows when the plan has campaigns or the company's setting enables them", () => {
    expect(companyHasCampaigns({ plan: { useCampaigns: true }, settings: [] })).toBe(true);
    expect(companyHasCampaigns({ plan: {}, settings: [{ key: 'campaignsEnabled', value: 'true' }] })).toBe(true);
    expect(companyHasCampaigns({ plan: { useCampaigns: false }, settings: [{ key: 'campaignsEnabled', value: 'false' }] })).toBe(false);
  });
});

describe('the name filter', () => {
  test('matches part of a name, ignoring case and accents', () => {
    const connections = [{ name: 'Atendimento São Paulo' }, { name: 'Vendas' }];

    expect(filterConnections(connections, 'sao')).toEqual([{ name: 'Atendimento São Paulo' }]);
    expect(filterConnections(connections, '  ')).toEqual(connections);
  });
});

describe('a WhatsApp Cloud API connection (issue 32)', () => {
  const PHONE_NUMBER_ID = '106540352242922';
  const ACCOUNT_ID = '102290129340398';
  const ACCESS_TOKEN = 'EAAG' + 'x'.repeat(40);
  const APP_SECRET = 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6';
  const cloudForm = { ...emptyConnectionForm(false), name: 'Oficial', provider: 'cloud' as const };

  test('is created with its four credentials, trimmed, beside provider cloud', () => {
    const body = connectionBody(
      { ...cloudForm, cloudPhoneNumberId: ` ${PHONE_NUMBER_ID} `, cloudBusinessAccountId: ACCOUNT_ID, cloudAccessToken: ACCESS_TOKEN, cloudAppSecret: APP_SECRET },
      false,
    );

    expect(body).toMatchObject({
      provider: 'cloud',
      cloudPhoneNumberId: PHONE_NUMBER_ID,
      cloudBusinessAccountId: ACCOUNT_ID,
      cloudAccessToken: ACCESS_TOKEN,
      cloudAppSecret: APP_SECRET,
    });
    expect(schemaFieldMessages(connectionSchema(), body)).toEqual({});
  });

  test('is not created without any of the four: each empty one says Required before anything is sent', () => {
    const messages = schemaFieldMessages(connectionSchema(), connectionBody({ ...cloudForm, cloudPhoneNumberId: PHONE_NUMBER_ID, cloudAccessToken: '   ' }, false));

    expect(messages).toEqual({ cloudBusinessAccountId: 'Required', cloudAccessToken: 'Required', cloudAppSecret: 'Required' });
    expect(messageOf(messages, 'cloudAppSecret')).toEqual({ key: 'required' });
  });

  test('takes only digits as Meta ids, and says so in the words of an id of Meta', () => {
    const filled = { ...cloudForm, cloudBusinessAccountId: ACCOUNT_ID, cloudAccessToken: ACCESS_TOKEN, cloudAppSecret: APP_SECRET };

    const messages = schemaFieldMessages(connectionSchema(), connectionBody({ ...filled, cloudPhoneNumberId: '10654-0352' }, false));

    expect(messages).toEqual({ cloudPhoneNumberId: 'Invalid id' });
    expect(messageOf(messages, 'cloudPhoneNumberId')).toEqual({ key: 'invalidGraphId' });
    expect(schemaFieldMessages(connectionSchema(), connectionBody({ ...filled, cloudPhoneNumberId: '1234' }, false))).toEqual({ cloudPhoneNumberId: 'Invalid id' });
  });

  test.each([
    ['15 characters', 'a'.repeat(15), false],
    ['16 letters and digits', 'abcDEF0123456789', true],
    ['128 characters', 'Z'.repeat(128), true],
    ['129 characters', 'Z'.repeat(129), false],
    ['a symbol', `${'a'.repeat(20)}-`, false],
  ])('takes an app secret of %s: %p', (_case, secret, taken) => {
    const body = connectionBody(
      { ...cloudForm, cloudPhoneNumberId: PHONE_NUMBER_ID, cloudBusinessAccountId: ACCOUNT_ID, cloudAccessToken: ACCESS_TOKEN, cloudAppSecret: secret },
      false,
    );

    const messages = schemaFieldMessages(connectionSchema(), body);

    expect(messages).toEqual(taken ? {} : { cloudAppSecret: 'Invalid secret' });
    if (!taken) expect(messageOf(messages, 'cloudAppSecret')).toEqual({ key: 'invalidSecret' });
  });

  test('refuses a token shorter than the schema allows', () => {
    const body = connectionBody(
      { ...cloudForm, cloudPhoneNumberId: PHONE_NUMBER_ID, cloudBusinessAccountId: ACCOUNT_ID, cloudAccessToken: 'short', cloudAppSecret: APP_SECRET },
      false,
    );

    expect(schemaFieldMessages(connectionSchema(), body)).toEqual({ cloudAccessToken: 'Too Short!' });
  });

  describe('edited', () => {
    const stored = connectionDto({
      provider: 'cloud',
      cloudPhoneNumberId: PHONE_NUMBER_ID,
      cloudBusinessAccountId: ACCOUNT_ID,
      hasCloudAccessToken: true,
      hasCloudAppSecret: true,
      webhookUrl: 'https://api.example.com/webhooks/whatsapp-cloud/01J00000000000000000000008',
      webhookVerifyToken: 'verify-token',
    });

    test('shows its ids and empty secrets, and sends its ids back without a token or secret, which the server keeps', () => {
      const values = connectionFormOf(stored);

      const body = connectionBody(values, true);

      expect(values).toMatchObject({ provider: 'cloud', cloudPhoneNumberId: PHONE_NUMBER_ID, cloudBusinessAccountId: ACCOUNT_ID, cloudAccessToken: '', cloudAppSecret: '' });
      expect(body).toMatchObject({ cloudPhoneNumberId: PHONE_NUMBER_ID, cloudBusinessAccountId: ACCOUNT_ID });
      expect(body).not.toHaveProperty('cloudAccessToken');
      expect(body).not.toHaveProperty('cloudAppSecret');
      expect(body).not.toHaveProperty('provider');
      expect(schemaFieldMessages(connectionSchema(stored), body)).toEqual({});
    });

    test('sends a new token or secret when one is typed', () => {
      const body = connectionBody({ ...connectionFormOf(stored), cloudAccessToken: ACCESS_TOKEN }, true);

      expect(body.cloudAccessToken).toBe(ACCESS_TOKEN);
      expect(body).not.toHaveProperty('cloudAppSecret');
    });

    test('needs a token and a secret only where none is stored, and its ids always', () => {
      const withoutSecrets = connectionDto({ ...stored, hasCloudAccessToken: false, hasCloudAppSecret: false });

      const body = connectionBody({ ...connectionFormOf(withoutSecrets), cloudPhoneNumberId: '' }, true);

      expect(schemaFieldMessages(connectionSchema(withoutSecrets), body)).toEqual({
        cloudPhoneNumberId: 'Required',
        cloudAccessToken: 'Required',
        cloudAppSecret: 'Required',
      });
    });
  });
});
