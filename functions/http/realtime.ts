/** POST /realtime/ticket: a single-use ticket to open the WebSocket with (about 60 s). */
import { httpModule, sessionRoute } from '../core/http/http-module';
import { created } from '../core/http/reply';
import { mintWsTicket } from '../core/realtime/tickets';

export const handler = httpModule('realtime', {
  'POST /realtime/ticket': sessionRoute({}, async ({ session }) => {
    // The sign-in the caller's token belongs to: a socket of it is refused once that sign-in has ended.
    const signInAt = session.user.activeSession?.authTime;
    return created(await mintWsTicket({ companyId: session.companyId, userId: session.userId, ...(signInAt === undefined ? {} : { signInAt }) }));
  }),
});
