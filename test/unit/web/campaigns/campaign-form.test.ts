/**
 * The campaign dialog without React (web/src/campaigns/campaign-form.ts): the body it sends (spec 2 §7:
 * 'YYYY-MM-DD HH:mm:ss' on the company's clock, empty values null, the tag 'Nenhuma'), what each state
 * lets change (spec 2 §4: editable more than an hour ahead; a cancelled one its name and messages), and
 * the schema's messages (spec 2 §5).
 */
import { CampaignBody, type Campaign } from '../../../../shared/campaigns';
import {
  campaignAccess,
  campaignBody,
  campaignFieldMessage,
  campaignFormOf,
  campaignTemplateOf,
  EMPTY_CAMPAIGN_FORM,
  isCloudConnection,
  localInputValue,
  MESSAGE_TABS,
  scheduledAtBody,
} from '../../../../web/src/campaigns/campaign-form';
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { templatePreview } from '../../../../web/src/whatsapp-templates/template-display';

const NOW = new Date('2025-05-01T12:00:00.000Z');
const HOUR = 60 * 60 * 1000;
const LIST = '01JV0000000000000000000001';
const TAG = '01JV0000000000000000000002';
const CONNECTION = '01JV0000000000000000000003';

const campaign = (overrides: Partial<Campaign> = {}): Campaign => ({
  id: '01JV0000000000000000000004',
  name: 'Black Friday',
  message1: 'Olá {nome}',
  message2: 'Oi {nome}',
  message3: '',
  message4: '',
  message5: '',
  status: 'INATIVA',
  scheduledAt: null,
  completedAt: null,
  whatsappId: CONNECTION,
  contactListId: LIST,
  tagListId: 'Nenhuma',
  fileListId: null,
  template: null,
  companyId: 'C1',
  mediaPath: null,
  mediaName: null,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  contactList: { id: LIST, name: 'VIP', contactsCount: 2 },
  whatsapp: { id: CONNECTION, name: 'Simulado' },
  progress: { recipients: 0, delivered: 0, skipped: 0 },
  ...overrides,
});

describe('campaignBody', () => {
  test('sends an empty form with nulls and the tag Nenhuma', () => {
    expect(campaignBody({ ...EMPTY_CAMPAIGN_FORM, name: 'Natal' })).toEqual({
      name: 'Natal',
      message1: '',
      message2: '',
      message3: '',
      message4: '',
      message5: '',
      scheduledAt: null,
      contactListId: null,
      tagListId: 'Nenhuma',
      whatsappId: null,
      fileListId: null,
      template: null,
    });
  });

  test("sends the time picked on the browser's clock as the company's 'YYYY-MM-DD HH:mm:ss'", () => {
    // 13:00 UTC is 10:00 in Brasília, whatever the zone this test runs in.
    const at = new Date('2025-05-01T13:00:00.000Z');
    expect(scheduledAtBody(localInputValue(at), null)).toBe('2025-05-01 10:00:00');
    expect(scheduledAtBody('', null)).toBeNull();
    expect(scheduledAtBody('31/02/2025', null)).toBe('31/02/2025');
  });

  test('sends a stored time back to the second while the input still shows it', () => {
    const stored = '2025-05-01T13:00:42.000Z';
    expect(scheduledAtBody(localInputValue(new Date(stored)), stored)).toBe('2025-05-01 10:00:42');
    expect(scheduledAtBody(localInputValue(new Date(Date.parse(stored) + HOUR)), stored)).toBe('2025-05-01 11:00:00');
  });

  test('sends back what was loaded, which the shared schema takes', () => {
    const loaded = campaign({ status: 'PROGRAMADA', scheduledAt: '2025-05-01T15:00:00.000Z', tagListId: 'Nenhuma' });
    const body = campaignBody(campaignFormOf(loaded), loaded);
    expect(body).toMatchObject({ scheduledAt: '2025-05-01 12:00:00', contactListId: LIST, whatsappId: CONNECTION, tagListId: 'Nenhuma', fileListId: null });
    const parsed = CampaignBody.parse(body);
    expect(parsed.scheduledAt).toBe('2025-05-01T15:00:00.000Z');
    expect(parsed.tagListId).toBeNull();
  });

  test('shows the spec’s name messages and the one-target rule through the shared schema', () => {
    const messagesOf = (values: Partial<typeof EMPTY_CAMPAIGN_FORM>) => schemaFieldMessages(CampaignBody, campaignBody({ ...EMPTY_CAMPAIGN_FORM, ...values }));
    expect(messagesOf({ name: '' }).name).toBe('Required');
    expect(messagesOf({ name: 'A' }).name).toBe('Too Short!');
    expect(messagesOf({ name: 'A'.repeat(51) }).name).toBe('Too Long!');
    expect(messagesOf({ name: 'Natal' })).toEqual({});
    expect(campaignFieldMessage(messagesOf({ name: 'Natal', contactListId: LIST, tagListId: TAG }).tagListId ?? '')).toEqual({ key: 'oneTarget' });
    expect(campaignFieldMessage('Too Short!')).toEqual({ text: 'Too Short!' });
  });
});

describe('on a Cloud API connection', () => {
  const offer = { name: 'oferta_mensal', language: 'pt_BR', body: 'Olá {{1}}, sua oferta na {{2}} vale até {{3}}.' };
  const connections = [
    { id: CONNECTION, provider: 'cloud' },
    { id: '01JV0000000000000000000009', provider: 'beta' },
  ];

  test('tells a cloud connection from another, and none while the list is not loaded', () => {
    expect(isCloudConnection(connections, CONNECTION)).toBe(true);
    expect(isCloudConnection(connections, '01JV0000000000000000000009')).toBe(false);
    expect(isCloudConnection(connections, '')).toBe(false);
    expect(isCloudConnection(undefined, CONNECTION)).toBe(false);
  });

  test("picks a template with one variable per placeholder of its body, the first the contact's name", () => {
    expect(campaignTemplateOf(offer)).toEqual({ name: 'oferta_mensal', language: 'pt_BR', variables: ['{nome}', '', ''] });
    expect(campaignTemplateOf({ ...offer, body: 'Sem variáveis' }).variables).toEqual([]);
  });

  test("previews the body with the variables as typed, the contact's placeholders still in braces and an empty one as its {{n}}", () => {
    expect(templatePreview(offer.body, ['{nome}', 'Loja {loja}', ' '])).toBe('Olá {nome}, sua oferta na Loja {loja} vale até {{3}}.');
  });

  test('sends the template and no file list on a cloud connection, and no template on another', () => {
    const template = { name: 'oferta_mensal', language: 'pt_BR', variables: ['{nome}', '{loja}', 'domingo'] };
    const values = { ...EMPTY_CAMPAIGN_FORM, name: 'Oficial', whatsappId: CONNECTION, fileListId: LIST, message1: 'Oi {nome}', template };

    expect(campaignBody(values, undefined, true)).toMatchObject({ template, fileListId: null, message1: 'Oi {nome}' });
    expect(campaignBody(values, undefined, false)).toMatchObject({ template: null, fileListId: LIST });
    expect(CampaignBody.parse(campaignBody(values, undefined, true)).template).toEqual(template);
  });

  test('loads a saved template back into the form', () => {
    const template = { name: 'oferta_mensal', language: 'pt_BR', variables: ['{nome}'] };
    expect(campaignFormOf(campaign({ template })).template).toEqual(template);
    expect(campaignFormOf(campaign()).template).toBeNull();
  });

  test("shows an empty variable's message at its place, and the server's template rules by key", () => {
    const values = { ...EMPTY_CAMPAIGN_FORM, name: 'Oficial', template: { name: 'oferta_mensal', language: 'pt_BR', variables: ['{nome}', ''] } };
    expect(schemaFieldMessages(CampaignBody, campaignBody(values, undefined, true))).toEqual({ 'template.variables.1': 'Required' });
    expect(campaignFieldMessage('A campaign on a Cloud API connection sends an approved template: choose one')).toEqual({ key: 'templateRequired' });
    expect(campaignFieldMessage('The template is not an approved one of this connection (sync the templates to refresh them)')).toEqual({ key: 'templateNotApproved' });
    expect(campaignFieldMessage('Templates are sent only on Cloud API connections')).toEqual({ key: 'templateNotCloud' });
    expect(campaignFieldMessage('A campaign on a Cloud API connection sends its template only, without a file list')).toEqual({ key: 'fileListOnCloud' });
  });
});

describe('campaignAccess', () => {
  test('lets a new campaign and an inactive one change everything', () => {
    expect(campaignAccess(undefined, NOW)).toEqual({ title: 'new', texts: true, settings: true, save: true });
    expect(campaignAccess(campaign(), NOW)).toEqual({ title: 'update', texts: true, settings: true, save: true });
  });

  test('lets a scheduled one change more than an hour ahead, and shows it read-only within the hour', () => {
    const at = (ms: number) => campaign({ status: 'PROGRAMADA', scheduledAt: new Date(NOW.getTime() + ms).toISOString() });
    expect(campaignAccess(at(2 * HOUR), NOW).title).toBe('update');
    expect(campaignAccess(at(HOUR / 2), NOW)).toEqual({ title: 'readOnly', texts: false, settings: false, save: false });
  });

  test('keeps the save and the name and messages of a cancelled one, and locks running and finished ones', () => {
    expect(campaignAccess(campaign({ status: 'CANCELADA' }), NOW)).toEqual({ title: 'readOnly', texts: true, settings: false, save: true });
    expect(campaignAccess(campaign({ status: 'EM_ANDAMENTO' }), NOW)).toEqual({ title: 'readOnly', texts: false, settings: false, save: false });
    expect(campaignAccess(campaign({ status: 'FINALIZADA' }), NOW)).toEqual({ title: 'readOnly', texts: false, settings: false, save: false });
  });
});

describe('the message tabs', () => {
  test('are Msg. 1 to Msg. 5 over message1 to message5', () => {
    expect(MESSAGE_TABS).toEqual([1, 2, 3, 4, 5].map((number) => ({ field: `message${number}`, number })));
  });
});
