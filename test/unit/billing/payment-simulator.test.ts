/**
 * The payment simulator's PIX codes (payment-simulator.ts): BR Codes in Banco Central's EMV form, with
 * the amount, the country and currency, and the CRC-16 checksum a PIX reader verifies.
 */
import { brCode, paymentSimulator } from '../../../functions/core/billing/payment-simulator';

/** CRC-16/CCITT-FALSE computed independently, bit by bit over the text. */
function checksum(text: string): string {
  let crc = 0xffff;
  for (const char of text) {
    for (let bit = 7; bit >= 0; bit -= 1) {
      const top = (crc >> 15) & 1;
      const incoming = (char.charCodeAt(0) >> bit) & 1;
      crc = ((crc << 1) & 0xffff) ^ (top ^ incoming ? 0x1021 : 0);
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

describe('the payment simulator', () => {
  it('writes a BR Code with the amount and a checksum a PIX reader accepts', () => {
    const code = brCode({ key: 'chave-123', amount: 249, merchant: 'ATENDE SIMULADOR', city: 'SAO PAULO', txid: 'SIM01' });

    expect(code.startsWith('000201')).toBe(true);
    expect(code).toContain('0014br.gov.bcb.pix0109chave-123');
    expect(code).toContain('5303986');
    expect(code).toContain('5406249.00');
    expect(code).toContain('5802BR');
    expect(code.slice(-8, -4)).toBe('6304');
    expect(code.slice(-4)).toBe(checksum(code.slice(0, -4)));
  });

  it('makes each charge its own id and notification secret', async () => {
    const request = {
      payer: { companyId: 'C1', name: 'Maria', email: 'm@x.y', phone: '', document: '52998224725', addressStreet: '', addressCity: '', addressState: '', addressZipCode: '' },
      value: 99.9,
      dueDate: '2030-01-01',
      description: 'Plano',
      externalReference: 'C1:1',
    };
    const [a, b] = [await paymentSimulator.createPixCharge(request), await paymentSimulator.createPixCharge(request)];

    expect(a.chargeId).not.toBe(b.chargeId);
    expect(a.notificationSecret).toMatch(/^[0-9a-f]{48}$/);
    expect(a.notificationSecret).not.toBe(b.notificationSecret);
    expect(a.pixCode).toContain('540599.90');
  });
});
