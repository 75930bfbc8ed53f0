/**
 * Checking a Cloud API connection's credentials with Meta (the 'Tentar novamente' of a cloud
 * connection, connections/session-control.ts), in two Graph API calls:
 * 1. `GET /{phone-number-id}?fields=display_phone_number,verified_name` with the access token: the token
 *    works and reaches this number. A refusal (a bad token: code 190; an id the token cannot see: 100)
 *    or no answer fails the check with Meta's reason.
 * 2. `POST /{waba-id}/subscribed_apps` with `{ override_callback_uri, verify_token }`: subscribes the app
 *    to the account's webhooks with this connection's own callback (Meta's webhook override). Meta calls
 *    the callback's GET handshake before it accepts it. Its failure does not fail the check: the admin
 *    can paste the URL and token in the app's settings by hand. It is reported, never thrown.
 *
 * The token goes only into the calls' Authorization header (graph-api.ts); nothing here logs it.
 */
import { z } from 'zod';
import { graphCall } from './graph-api';

export interface CloudAccount {
  readonly phoneNumberId: string;
  readonly businessAccountId: string;
  readonly accessToken: string;
  readonly webhookUrl: string;
  readonly webhookVerifyToken: string;
}

const PhoneNumber = z.object({
  display_phone_number: z.string().max(64).optional(),
  verified_name: z.string().max(512).optional(),
});

export interface CloudAccountCheck {
  /** The number as Meta shows it ('+55 11 91234-5678'); '' when Meta sent none. */
  readonly displayPhoneNumber: string;
  readonly verifiedName: string;
  /** Whether the webhook subscription with this connection's callback was accepted. */
  readonly subscribed: boolean;
  /** Why it was not, in Meta's words; null when it was. */
  readonly subscribeFailure: string | null;
}

/** Checks the credentials, then subscribes the webhooks; throws GraphApiError when the credentials fail. */
export async function checkCloudAccount(account: CloudAccount): Promise<CloudAccountCheck> {
  const answer = await graphCall('cloud phoneNumber', account.accessToken, `/${account.phoneNumberId}?fields=display_phone_number,verified_name`);
  const number = PhoneNumber.safeParse(answer);
  const displayPhoneNumber = number.success ? (number.data.display_phone_number ?? '') : '';
  const verifiedName = number.success ? (number.data.verified_name ?? '') : '';
  try {
    await graphCall('cloud subscribeApp', account.accessToken, `/${account.businessAccountId}/subscribed_apps`, {
      override_callback_uri: account.webhookUrl,
      verify_token: account.webhookVerifyToken,
    });
    return { displayPhoneNumber, verifiedName, subscribed: true, subscribeFailure: null };
  } catch (error) {
    return { displayPhoneNumber, verifiedName, subscribed: false, subscribeFailure: error instanceof Error ? error.message : 'unknown failure' };
  }
}
