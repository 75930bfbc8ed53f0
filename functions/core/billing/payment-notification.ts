/**
 * The payment providers' notifications (POST /webhooks/asaas, POST /webhooks/payment-simulator): each is
 * authenticated before its body is trusted, then settles the invoice (settle-payment.ts).
 *
 * - Asaas sends the token the super user set on its webhook (the platform's `asaasWebhookToken`) in
 *   `asaas-access-token`; compared in constant time; none set refuses every notification.
 * - The simulator's carry the secret of the charge they name (payment-simulator.ts), so they are read
 *   first, then checked against that charge's secret; the route exists only where simulators are offered.
 *
 * A refused notification changes nothing and is logged (never with its token). One that is
 * authenticated is answered 200 whatever it changed, so the provider stops sending it again.
 */
import { z } from 'zod';
import { config } from '../config';
import { AppError } from '../errors';
import { logger } from '../logger';
import { sameSecret } from '../same-secret';
import { getPaymentCharge } from '../repositories/invoices';
import { platformSetting } from '../repositories/settings';
import { readAsaasNotification } from './asaas';
import { MalformedNotification, NotificationNotAuthenticated, type PaymentNotice } from './payment-provider';
import { SIMULATOR_TOKEN_HEADER } from './payment-simulator';
import { settlePayment, type SettleOutcome } from './settle-payment';
import { BUSINESS_METRICS } from '../../../infra/resources/metrics';
import { countMetric } from '../metrics';

type Headers = Readonly<Record<string, string | undefined>>;

export async function receiveAsaasNotification(headers: Headers, body: string, now = new Date()): Promise<SettleOutcome> {
  return receive('asaas', async () => readAsaasNotification(headers, body, await platformSetting('asaasWebhookToken')), now);
}

/** The simulator's notification: Asaas's shape, as `npm run simulate -- pay` sends it. */
const SimulatorNotification = z.object({
  id: z.string().min(1).max(100),
  event: z.string().min(1).max(100),
  payment: z.object({ id: z.string().min(1).max(100), value: z.number().nonnegative() }),
});

export async function receiveSimulatorNotification(headers: Headers, body: string, now = new Date()): Promise<SettleOutcome> {
  if (!config.simulatorEnabled()) throw new AppError('ERR_NOT_FOUND');
  return receive(
    'simulator',
    async () => {
      const notice = readSimulatorNotice(body);
      const charge = await getPaymentCharge('simulator', notice.payment.id);
      if (!sameSecret(headers[SIMULATOR_TOKEN_HEADER], charge?.notificationSecret ?? '')) {
        throw new NotificationNotAuthenticated('simulator');
      }
      const paid = notice.event === 'PAYMENT_RECEIVED' || notice.event === 'PAYMENT_CONFIRMED';
      return paid
        ? { kind: 'paid', chargeId: notice.payment.id, eventId: notice.id, value: notice.payment.value }
        : { kind: 'other', chargeId: notice.payment.id, eventId: notice.id, event: notice.event };
    },
    now,
  );
}

function readSimulatorNotice(body: string): z.output<typeof SimulatorNotification> {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    throw new MalformedNotification('not JSON');
  }
  const parsed = SimulatorNotification.safeParse(json);
  if (!parsed.success) throw new MalformedNotification('not a payment notification');
  return parsed.data;
}

/** Reads and authenticates a notification, then settles it; refusals become the catalogue's errors. */
async function receive(provider: 'asaas' | 'simulator', read: () => Promise<PaymentNotice>, now: Date): Promise<SettleOutcome> {
  let notice: PaymentNotice;
  try {
    notice = await read();
  } catch (error) {
    if (error instanceof NotificationNotAuthenticated) {
      logger.warn('payment notification refused: not authenticated', { provider });
      throw new AppError('ERR_INVALID_API_TOKEN');
    }
    if (error instanceof MalformedNotification) {
      logger.warn('payment notification refused: malformed', { provider, reason: error.message });
      throw new AppError('ERR_VALIDATION', { message: error.message });
    }
    throw error;
  }
  const outcome = await settlePayment(provider, notice, now);
  // Applied when it settled an invoice; any other outcome (already settled, unknown, underpaid, not a payment) changed nothing.
  countMetric(outcome === 'settled' ? BUSINESS_METRICS.paymentNotificationsApplied : BUSINESS_METRICS.paymentNotificationsIgnored);
  logger.info('payment notification', { provider, event: notice.kind === 'paid' ? 'paid' : notice.event, chargeId: notice.chargeId, outcome });
  return outcome;
}
