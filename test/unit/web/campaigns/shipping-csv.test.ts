/** The report's CSV of a campaign's recipients (web/src/campaigns/shipping-csv.ts). */
import type { CampaignShipping } from '../../../../shared/campaigns';
import { campaignsTexts } from '../../../../web/src/campaigns/texts';
import { csvCell, shippingCsv, shippingCsvFileName } from '../../../../web/src/campaigns/shipping-csv';
import { textsIn } from '../../../../web/src/i18n/texts';

const row = (position: number, overrides: Partial<CampaignShipping> = {}): CampaignShipping => ({
  position,
  name: `Contato ${position}`,
  number: `551199999000${position}`,
  email: '',
  status: 'pending',
  reason: null,
  deliveredAt: null,
  ack: null,
  ...overrides,
});

const dateText = (iso: string) => iso.slice(0, 16).replace('T', ' ');

describe('shippingCsv', () => {
  test('writes a header and a line per recipient in the interface language, with a BOM, ; and CRLF', () => {
    const csv = shippingCsv(
      [
        row(1, { status: 'delivered', deliveredAt: '2025-05-01T13:00:10.000Z', ack: 2, email: 'ana@example.com', name: 'Ana' }),
        row(2, { status: 'skipped', reason: 'invalidNumber' }),
        row(3),
      ],
      textsIn(campaignsTexts, 'pt').shipping,
      dateText,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      '#;Nome;Número;Email;Situação;Motivo;Enviada em;Confirmação',
      '1;Ana;5511999990001;ana@example.com;Entregue;;2025-05-01 13:00;Recebida',
      '2;Contato 2;5511999990002;;Ignorado;Número fora do WhatsApp;;',
      '3;Contato 3;5511999990003;;Pendente;;;',
      '',
    ]);
  });

  test('writes the words of the other languages', () => {
    const csv = shippingCsv([row(1, { status: 'skipped', reason: 'optedOut' })], textsIn(campaignsTexts, 'en').shipping, dateText);
    expect(csv.slice(1).split('\r\n')[1]).toBe('1;Contato 1;5511999990001;;Skipped;Opted out;;');
  });

  test('writes only the header when there is no recipient', () => {
    expect(shippingCsv([], textsIn(campaignsTexts, 'es').shipping, dateText)).toBe('\uFEFF#;Nombre;Número;Email;Situación;Motivo;Enviado el;Confirmación\r\n');
  });
});

describe('csvCell', () => {
  test('quotes a cell with ; quotes or line breaks, doubling its quotes', () => {
    expect(csvCell('Silva; Ana')).toBe('"Silva; Ana"');
    expect(csvCell('Ana "Aninha"')).toBe('"Ana ""Aninha"""');
    expect(csvCell('linha\nduas')).toBe('"linha\nduas"');
    expect(csvCell('Ana')).toBe('Ana');
  });

  test('keeps a spreadsheet from running a cell as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvCell('+5511')).toBe("'+5511");
    expect(csvCell('@cmd')).toBe("'@cmd");
  });
});

describe('shippingCsvFileName', () => {
  test('names the file after the campaign, without accents or signs', () => {
    expect(shippingCsvFileName('campanha', 'Promoção de Março!')).toBe('campanha-promocao-de-marco.csv');
    expect(shippingCsvFileName('campaign', '***')).toBe('campaign.csv');
  });
});
