/**
 * POST /auth/forgot-password: step 1 of the password reset (spec 3 /forgetpsw), Cognito's forgot-password
 * flow. The answer is the same whether or not the email has an account, so nobody can probe for them.
 *
 * Steps: count the request against the limits of its source IP and of the email (ERR_TOO_MANY_REQUESTS
 * over either); ask Cognito to e-mail a code (locally, `npm start` prints it).
 */
import { requestPasswordReset } from '../aws/cognito-accounts';
import { consumeRateLimit } from '../http/rate-limit';

/** Per hour: a few codes per email (each one replaces the previous), more per IP (an office shares one). */
export const FORGOT_PASSWORD_LIMITS = { perEmail: 5, perIp: 20, windowSeconds: 60 * 60 } as const;

export async function forgotPassword(input: { email: string; sourceIp: string }, now = new Date()): Promise<void> {
  const { perEmail, perIp, windowSeconds } = FORGOT_PASSWORD_LIMITS;
  await consumeRateLimit({ scope: 'forgot-password:ip', subject: input.sourceIp, limit: perIp, windowSeconds, now });
  await consumeRateLimit({ scope: 'forgot-password:email', subject: input.email, limit: perEmail, windowSeconds, now });
  await requestPasswordReset(input.email);
}
