/**
 * What the campaign screens show of a campaign (web/src/campaigns/campaign-status.ts, texts.ts): the
 * statuses' labels (spec 2 §4), the row actions by status, the placeholders of the empty columns
 * (spec 2 §2), the delivered-of-valid progress, the ack in words and the variables a text may use.
 */
import { CAMPAIGN_STATUSES, type Campaign, type CampaignStatus } from '../../../../shared/campaigns';
import {
  ackWord,
  campaignCellTexts,
  campaignVariableTokens,
  canRestartCampaign,
  canStopCampaign,
  progressFigures,
} from '../../../../web/src/campaigns/campaign-status';
import { campaignsTexts } from '../../../../web/src/campaigns/texts';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { textsIn } from '../../../../web/src/i18n/texts';

type Cells = Pick<Campaign, 'contactList' | 'whatsapp' | 'scheduledAt' | 'completedAt'>;

const placeholders = textsIn(campaignsTexts, 'pt').none;
const isoText = (iso: string) => `at ${iso}`;

describe('the campaign statuses', () => {
  test('read as spec 2 §4 names them in Portuguese', () => {
    expect(CAMPAIGN_STATUSES.map((status) => textsIn(campaignsTexts, 'pt').status[status])).toEqual([
      'Inativa',
      'Programada',
      'Em Andamento',
      'Cancelada',
      'Finalizada',
    ]);
  });

  test('have a label of their own in every language', () => {
    for (const language of LANGUAGES) {
      const labels = CAMPAIGN_STATUSES.map((status) => textsIn(campaignsTexts, language).status[status]);
      expect([language, new Set(labels).size, labels.every((label) => label.trim() !== '')]).toEqual([language, CAMPAIGN_STATUSES.length, true]);
    }
  });

  test('offer stop only in progress and restart only once cancelled', () => {
    const offered = (status: CampaignStatus) => [canStopCampaign({ status }), canRestartCampaign({ status })];
    expect(Object.fromEntries(CAMPAIGN_STATUSES.map((status) => [status, offered(status)]))).toEqual({
      INATIVA: [false, false],
      PROGRAMADA: [false, false],
      EM_ANDAMENTO: [true, false],
      CANCELADA: [false, true],
      FINALIZADA: [false, false],
    });
  });
});

describe('campaignCellTexts', () => {
  test("says 'Não definida', 'Não definido', 'Sem agendamento' and 'Não concluída' for the empty columns", () => {
    const empty: Cells = { contactList: null, whatsapp: null, scheduledAt: null, completedAt: null };
    expect(campaignCellTexts(empty, placeholders, isoText)).toEqual({
      contactList: 'Não definida',
      connection: 'Não definido',
      scheduledAt: 'Sem agendamento',
      completedAt: 'Não concluída',
    });
  });

  test('names the list and the connection and writes the times when there are', () => {
    const full: Cells = {
      contactList: { id: 'L', name: 'Clientes VIP', contactsCount: 3 },
      whatsapp: { id: 'W', name: 'Simulado' },
      scheduledAt: '2025-05-01T13:00:00.000Z',
      completedAt: '2025-05-01T13:05:00.000Z',
    };
    expect(campaignCellTexts(full, placeholders, isoText)).toEqual({
      contactList: 'Clientes VIP',
      connection: 'Simulado',
      scheduledAt: 'at 2025-05-01T13:00:00.000Z',
      completedAt: 'at 2025-05-01T13:05:00.000Z',
    });
  });
});

describe('progressFigures', () => {
  test('counts the valid recipients as those not skipped, and the bar as delivered of valid', () => {
    expect(progressFigures({ recipients: 6, delivered: 3, skipped: 1 })).toEqual({ valid: 5, delivered: 3, fraction: 0.6 });
    expect(progressFigures({ recipients: 2, delivered: 2, skipped: 0 })).toEqual({ valid: 2, delivered: 2, fraction: 1 });
  });

  test('shows an empty bar while there is no valid recipient, and never a bar past its end', () => {
    expect(progressFigures({ recipients: 0, delivered: 0, skipped: 0 }).fraction).toBe(0);
    expect(progressFigures({ recipients: 2, delivered: 0, skipped: 2 })).toEqual({ valid: 0, delivered: 0, fraction: 0 });
    expect(progressFigures({ recipients: 2, delivered: 3, skipped: 0 }).fraction).toBe(1);
  });
});

describe('ackWord', () => {
  test("puts WhatsApp's acks in words, nothing before a send", () => {
    expect([null, -1, 0, 1, 2, 3, 4].map(ackWord)).toEqual(['none', 'error', 'waiting', 'sent', 'received', 'read', 'read']);
  });
});

describe('campaignVariableTokens', () => {
  test('offers {nome}, {numero} and {email}, then the company’s own keys in braces, none twice', () => {
    expect(campaignVariableTokens([])).toEqual(['{nome}', '{numero}', '{email}']);
    expect(campaignVariableTokens(['loja', 'Nome', 'cupom'])).toEqual(['{nome}', '{numero}', '{email}', '{loja}', '{cupom}']);
  });
});
