/** POST /realtime/ticket: a single-use socket ticket to open the WebSocket with (about 60 s). */
import { httpModule, callerRoute } from '../core/http/http-module';
import { created } from '../core/http/reply';
import { mintSocketTicket } from '../core/realtime/socket-tickets';

export const handler = httpModule('realtime', {
  'POST /realtime/ticket': callerRoute({}, async ({ caller }) => {
    // The sign-in the caller's token belongs to: a socket of it is refused once that sign-in has ended.
    const signInAt = caller.user.activeSignIn?.authTime;
    return created(await mintSocketTicket({ companyId: caller.companyId, userId: caller.userId, ...(signInAt === undefined ? {} : { signInAt }) }));
  }),
});
