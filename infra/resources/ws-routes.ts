/**
 * The WebSocket API, declared once. Clients send `{ "action": "joinTickets", ... }`; API Gateway selects
 * the route by `action` and falls back to `$default`, which dispatches the client actions itself.
 * `$connect` is guarded by a Lambda REQUEST authorizer that consumes the single-use ticket minted by
 * `POST /realtime/ticket` (never a long-lived token in the URL).
 */
export const WS_ROUTE_SELECTION_EXPRESSION = '$request.body.action';

export interface WsRouteDefinition {
  readonly routeKey: '$connect' | '$disconnect' | '$default';
  /** Module under functions/ exporting `handler`. */
  readonly module: string;
}

export const WS_ROUTES: readonly WsRouteDefinition[] = [
  { routeKey: '$connect', module: 'realtime/connect' },
  { routeKey: '$disconnect', module: 'realtime/disconnect' },
  { routeKey: '$default', module: 'realtime/default' },
];

export const WS_AUTHORIZER = {
  module: 'realtime/authorize',
  /** Where the authorizer finds the ticket; a request without it is refused with 401. */
  queryParameter: 'ticket',
} as const;

/** The API Gateway stage of the WebSocket API; part of the management endpoint URL. */
export const WS_STAGE = 'ws';
