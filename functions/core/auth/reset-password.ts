/**
 * POST /auth/reset-password: step 2 of the password reset, the code and the new password (in the body,
 * never in a URL: docs/architecture.md §7).
 *
 * Steps: count the attempt against the limits of its source IP and of the email, so codes cannot be
 * guessed by trying (Cognito limits attempts too, cognito-local does not); confirm the code and the new
 * password with Cognito (ERR_INVALID_RESET_CODE for a wrong or expired code, and for an email without
 * an account); then end every sign-in of the account, as a logout would (end-sign-ins.ts, its sockets
 * included): whoever knew the old password is out.
 */
import { confirmPasswordReset } from '../aws/cognito-accounts';
import { findIdentityByEmail } from '../repositories/users';
import { endSignIns } from '../users/end-sign-ins';
import { consumeRateLimit } from '../http/rate-limit';

export const RESET_PASSWORD_LIMITS = { perEmail: 10, perIp: 50, windowSeconds: 60 * 60 } as const;

export interface ResetPasswordInput {
  readonly email: string;
  readonly code: string;
  readonly password: string;
  readonly sourceIp: string;
}

export async function resetPassword(input: ResetPasswordInput, now = new Date()): Promise<void> {
  const { perEmail, perIp, windowSeconds } = RESET_PASSWORD_LIMITS;
  await consumeRateLimit({ scope: 'reset-password:ip', subject: input.sourceIp, limit: perIp, windowSeconds, now });
  await consumeRateLimit({ scope: 'reset-password:email', subject: input.email, limit: perEmail, windowSeconds, now });
  await confirmPasswordReset(input.email, input.code, input.password);

  const identity = await findIdentityByEmail(input.email);
  if (!identity) return;
  await endSignIns({ id: identity.userId, companyId: identity.companyId, email: input.email }, now);
}
