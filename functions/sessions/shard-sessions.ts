/**
 * The sessions of one shard while this host holds its lease (docs/architecture.md §3): opens them through their
 * provider (each a RunningSession, running-session.ts), carries out the shard's commands, and reports
 * statuses. One `ShardSessions` per held shard; it is closed (sockets ended, pairing kept) the moment
 * the shard is lost or released. Sessions that should run are listed under the shard
 * (functions/sessions/stores/shard-sessions.ts), so a host taking the shard over opens them again.
 */
import type { ConnectionProvider } from '../../shared/connections';
import { reportSessionStatus, type SessionStatusReport } from '../core/connections/session-status';
import { config } from '../core/config';
import { logger } from '../core/logger';
import type { SessionCommand } from '../core/sessions/commands';
import { publishWhatsAppEvent, type WhatsAppEvent } from '../core/sessions/events';
import type { SessionContext, WhatsAppProvider } from './providers/provider';
import { RunningSession } from './running-session';
import { deleteShardSession, listShardSessions, putShardSession } from './stores/shard-sessions';

/** How long a command for a session that is (re)connecting waits for it before it is given up. */
export const OPEN_WAIT_MS = 30_000;

export type Providers = Readonly<Partial<Record<ConnectionProvider, WhatsAppProvider>>>;

export interface ShardSessionsOptions {
  readonly shard: number;
  readonly fencingToken: number;
  readonly providers: Providers;
  /** Random source for the backoff jitter (tests pin it). */
  readonly random?: () => number;
  readonly publish?: (event: WhatsAppEvent) => Promise<void>;
  readonly report?: (companyId: string, whatsappId: string, report: SessionStatusReport) => Promise<void>;
}

export class ShardSessions {
  private readonly sessions = new Map<string, RunningSession>();
  /** Each connection's last status report, which the next one waits for (report). */
  private readonly reporting = new Map<string, Promise<void>>();
  private closed = false;

  constructor(private readonly options: ShardSessionsOptions) {}

  get shard(): number {
    return this.options.shard;
  }

  /** Opens every session listed under the shard (a takeover or a restart). */
  async resume(): Promise<void> {
    const listed = await listShardSessions(this.options.shard);
    for (const entry of listed) {
      if (this.closed) return;
      const provider = this.providerFor(entry.provider);
      if (!provider) continue;
      this.running(entry.companyId, entry.whatsappId, provider).start();
    }
    logger.info('shard sessions resumed', { shard: this.options.shard, sessions: listed.length });
  }

  /** Carries out one command; throws when it should be retried (the message then comes back). */
  async handle(command: SessionCommand): Promise<void> {
    if (this.closed) throw new Error(`Shard ${this.options.shard} is closed`);
    const key = sessionKey(command.companyId, command.whatsappId);
    switch (command.type) {
      case 'startSession':
      case 'restartSession':
      case 'requestQr':
      case 'requestPairingCode': {
        const provider = this.providerFor(command.provider);
        if (!provider) {
          await this.report(command.companyId, command.whatsappId, { status: 'DISCONNECTED' });
          return;
        }
        await putShardSession(this.options.shard, { companyId: command.companyId, whatsappId: command.whatsappId, provider: command.provider });
        const existing = this.sessions.get(key);
        if (command.type === 'startSession' && existing?.isActive()) return;
        await existing?.stop();
        this.sessions.delete(key);
        const fresh = command.type === 'requestQr' || command.type === 'requestPairingCode';
        if (fresh) await provider.clearPairing(this.context(command.companyId, command.whatsappId));
        this.running(command.companyId, command.whatsappId, provider, command.type === 'requestPairingCode' ? command.number : undefined).start();
        return;
      }
      case 'logout': {
        const existing = this.sessions.get(key);
        this.sessions.delete(key);
        await deleteShardSession(this.options.shard, command.companyId, command.whatsappId);
        await existing?.logout();
        // Pairing state is cleared by every provider that may hold some, running or not.
        for (const provider of Object.values(this.options.providers)) {
          await provider.clearPairing(this.context(command.companyId, command.whatsappId));
        }
        if (!command.deleted) await this.report(command.companyId, command.whatsappId, { status: 'DISCONNECTED' });
        return;
      }
      case 'sendMessage':
      case 'deleteMessage':
      case 'markRead':
      case 'refreshContact':
      case 'checkListNumbers': {
        const session = this.sessions.get(key);
        if (!session) {
          logger.warn('session command dropped: the session is not running', { type: command.type, whatsappId: command.whatsappId });
          return;
        }
        const open = await session.whenOpen(OPEN_WAIT_MS);
        if (!open) {
          logger.warn('session command dropped: the session did not open in time', { type: command.type, whatsappId: command.whatsappId });
          return;
        }
        await session.carryOut(command, open);
        return;
      }
    }
  }

  /** Ends every socket (pairing kept) and forgets the sessions: the shard was lost or released. */
  async close(): Promise<void> {
    this.closed = true;
    const sessions = [...this.sessions.values()];
    this.sessions.clear();
    await Promise.all(sessions.map((session) => session.stop()));
  }

  private providerFor(name: ConnectionProvider): WhatsAppProvider | undefined {
    if (name === 'simulator' && !config.simulatorEnabled()) return undefined;
    return this.options.providers[name];
  }

  private context(companyId: string, whatsappId: string): SessionContext {
    return { companyId, whatsappId, fencingToken: this.options.fencingToken };
  }

  private running(companyId: string, whatsappId: string, provider: WhatsAppProvider, pairWith?: string): RunningSession {
    const session = new RunningSession(this.context(companyId, whatsappId), provider, pairWith, {
      random: this.options.random ?? Math.random,
      publish: this.options.publish ?? publishWhatsAppEvent,
      report: (report) => this.report(companyId, whatsappId, report),
      forget: async () => {
        if (this.sessions.get(sessionKey(companyId, whatsappId)) === session) this.sessions.delete(sessionKey(companyId, whatsappId));
        await deleteShardSession(this.options.shard, companyId, whatsappId);
      },
    });
    this.sessions.set(sessionKey(companyId, whatsappId), session);
    return session;
  }

  /**
   * Reports a connection's status after the reports made before it, of this session or an earlier one of
   * the same connection. Made at once, two could land out of order, and the older one stayed: an OPENING
   * written after the QR code that followed it, a stopped session's last status over the new session's,
   * so the page waited for a QR code or a pairing code it had already been given.
   */
  private report(companyId: string, whatsappId: string, report: SessionStatusReport): Promise<void> {
    const key = sessionKey(companyId, whatsappId);
    const reported = (this.reporting.get(key) ?? Promise.resolve()).then(() => this.write(companyId, whatsappId, report));
    this.reporting.set(key, reported);
    void reported.then(() => {
      if (this.reporting.get(key) === reported) this.reporting.delete(key);
    });
    return reported;
  }

  private async write(companyId: string, whatsappId: string, report: SessionStatusReport): Promise<void> {
    try {
      await (this.options.report ?? reportSessionStatus)(companyId, whatsappId, report);
    } catch (error) {
      logger.warn('session status not reported', { whatsappId, status: report.status, error });
    }
  }
}

const sessionKey = (companyId: string, whatsappId: string) => `${companyId}#${whatsappId}`;
