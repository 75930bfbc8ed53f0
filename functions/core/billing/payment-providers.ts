/**
 * Which payment provider takes a new charge: Asaas once the platform's `asaas` key is set; else the
 * payment simulator where the stage offers simulators; else none (POST /subscription answers
 * ERR_PAYMENT_UNAVAILABLE). Notifications are read by the provider that made the charge, whatever is
 * chosen now (payment-notification.ts).
 */
import type { PaymentProviderName } from '../../../shared/billing';
import { config } from '../config';
import { platformSetting } from '../repositories/settings';
import { asaasProvider } from './asaas';
import type { PaymentProvider } from './payment-provider';
import { paymentSimulator } from './payment-simulator';

export async function currentPaymentProvider(): Promise<PaymentProvider | null> {
  const asaasKey = await platformSetting('asaas');
  if (asaasKey !== '') return asaasProvider(asaasKey);
  return config.simulatorEnabled() ? paymentSimulator : null;
}

export async function currentPaymentProviderName(): Promise<PaymentProviderName | null> {
  return (await currentPaymentProvider())?.name ?? null;
}
