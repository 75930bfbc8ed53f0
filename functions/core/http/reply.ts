/** What a route returns: a status and a JSON body (or none), or a plain text instead (`text`). */
export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
  /** Answered as text/plain instead of a JSON body (an outside service's handshake that wants its text back). */
  readonly text?: string;
}

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });
export const plainText = (text: string): Reply => ({ status: 200, text });
