/**
 * Sign-in routes: who am I (the signed-in user with company, settings and plan), sign out everywhere,
 * and the public two-step password reset (Cognito's forgot-password flow, rate-limited).
 */
import { ForgotPasswordBody, ResetPasswordBody } from '../../shared/users';
import { httpModule, publicRoute, callerRoute } from '../core/http/http-module';
import { noContent, ok } from '../core/http/reply';
import { forgotPassword } from '../core/auth/forgot-password';
import { getMe } from '../core/auth/get-me';
import { logout } from '../core/auth/logout';
import { resetPassword } from '../core/auth/reset-password';

export const handler = httpModule('auth', {
  'GET /auth/me': callerRoute({}, async ({ caller }) => ok(await getMe(caller))),
  // Signing out works for a company past its due date or inactive too: refusing it would strand the user.
  'DELETE /auth/logout': callerRoute({ evenWhenLapsed: true }, async ({ caller }) => {
    await logout(caller);
    return noContent();
  }),
  'POST /auth/forgot-password': publicRoute({ body: ForgotPasswordBody }, async ({ body, event }) => {
    await forgotPassword({ email: body.email, sourceIp: event.requestContext.http.sourceIp });
    return noContent();
  }),
  'POST /auth/reset-password': publicRoute({ body: ResetPasswordBody }, async ({ body, event }) => {
    await resetPassword({ ...body, sourceIp: event.requestContext.http.sourceIp });
    return noContent();
  }),
});
