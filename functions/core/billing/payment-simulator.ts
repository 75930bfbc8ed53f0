/**
 * The payment simulator: a payment provider for local use, demos and tests, offered only where the
 * stage enables simulators (like the WhatsApp simulator; never on `prod`). Its charges are real PIX
 * codes in form (a BR Code with its checksum, which any PIX reader parses) that no bank will pay: a
 * payment comes from `npm run simulate -- pay <invoice>`, which sends the simulator's notification in
 * Asaas's shape to POST /webhooks/payment-simulator, authenticated by a secret made for that charge
 * alone and stored with it (so only who can read the table can pay one).
 */
import { randomBytes } from 'node:crypto';
import { ulid } from 'ulid';
import type { ChargeRequest, PaymentProvider, PixChargeMade } from './payment-provider';

/** How long a simulated code stays payable, as a bank's PIX charge would. */
const CODE_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The header the simulator's notifications carry their charge's secret in. */
export const SIMULATOR_TOKEN_HEADER = 'x-simulator-token';

export const paymentSimulator: PaymentProvider = {
  name: 'simulator',
  createPixCharge(request: ChargeRequest): Promise<PixChargeMade> {
    const chargeId = `sim_${ulid()}`;
    return Promise.resolve({
      chargeId,
      customerId: `sim_cus_${request.payer.companyId}`,
      pixCode: brCode({ key: request.payer.companyId, amount: request.value, merchant: 'ATENDE SIMULADOR', city: 'SAO PAULO', txid: chargeId.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) }),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS).toISOString(),
      notificationSecret: randomBytes(24).toString('hex'),
    });
  },
};

/** One EMV field: id, two-digit length, value. */
const field = (id: string, value: string): string => `${id}${String(value.length).padStart(2, '0')}${value}`;

/** CRC-16/CCITT-FALSE, the checksum a BR Code ends with (field 63). */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A static PIX BR Code (Banco Central's EMV payload) for an amount, as a bank's QR code carries it. */
export function brCode(input: { readonly key: string; readonly amount: number; readonly merchant: string; readonly city: string; readonly txid: string }): string {
  const payload =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', input.key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', input.amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', input.merchant.slice(0, 25)) +
    field('60', input.city.slice(0, 15)) +
    field('62', field('05', input.txid || '***'));
  const withCrcHeader = `${payload}6304`;
  return `${withCrcHeader}${crc16(withCrcHeader)}`;
}
