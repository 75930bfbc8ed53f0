/**
 * Waits for a PIX charge to be paid (checkout-flow.ts): the company's `payment` event for the invoice,
 * and a look at the invoice every PAYMENT_POLL_MS, since a lapsed company has no socket at all (the
 * lapsed billing view sits outside the realtime provider) and any socket may miss the one event.
 * Whichever says so first gives the renewal; the look stops then, and when the PIX view closes.
 */
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { billingKeys, checkPayment } from '../api/billing';
import { useRealtimeEvent } from '../realtime/hooks';
import { useServices } from '../runtime/services';
import { pollInterval, renewalFromCheck, renewalFromEvent, type Renewal } from './checkout-flow';

export function usePaymentWait(invoiceId: string): Renewal | undefined {
  const { api } = useServices();
  const [fromEvent, setFromEvent] = useState<Renewal | undefined>();

  useRealtimeEvent('payment', (event) => {
    const renewal = renewalFromEvent(event, invoiceId);
    if (renewal !== undefined) setFromEvent((known) => known ?? renewal);
  });

  const check = useQuery({
    queryKey: billingKeys.payment(invoiceId),
    queryFn: ({ signal }) => checkPayment(api, invoiceId, signal),
    enabled: fromEvent === undefined,
    // Each look is new: nothing cached from an earlier checkout counts.
    staleTime: 0,
    gcTime: 0,
    refetchInterval: (query) => pollInterval(renewalFromCheck(query.state.data) !== undefined),
    // The payer is in their bank's app meanwhile: this tab is in the background, and must keep looking.
    refetchIntervalInBackground: true,
  });

  return fromEvent ?? renewalFromCheck(check.data);
}
