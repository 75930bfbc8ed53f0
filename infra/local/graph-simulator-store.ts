/**
 * The state of the Graph API simulator (graph-simulator.ts): its simulated WhatsApp Business accounts,
 * each with its phone number, WABA, credentials, message templates, registered callback, clock offset,
 * customers, what they wrote and what the business sent them; and the media uploaded to them.
 *
 * Kept in memory and, when the simulator has a data directory (`npm start`'s), in a JSON file there
 * (atomic writes, one at a time) with each medium's bytes in a file of its own, so accounts, callbacks
 * and conversations survive a restart. Lists are capped: this is a development tool, not an archive.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { z } from 'zod';
import { TEMPLATE_CATEGORIES, TEMPLATE_STATUSES, countTemplateVariables } from '../../shared/whatsapp-cloud';

/** What a developer pastes into a cloud connection: the four values Meta's app shows. */
export interface SimulatedAccountKeys {
  readonly phoneNumberId: string;
  readonly wabaId: string;
  readonly accessToken: string;
  readonly appSecret: string;
}

/**
 * The account every simulator starts with, fixed so the README can say "paste these". The token and the
 * secret pass the product's own checks (shared/whatsapp-cloud.ts: 20+ characters; 16+ letters and digits).
 */
export const DEMO_CLOUD_ACCOUNT: SimulatedAccountKeys & { readonly displayPhoneNumber: string; readonly verifiedName: string } = {
  phoneNumberId: '100000000000001',
  wabaId: '200000000000001',
  accessToken: 'EAASimulatorDemoAccessToken0000000001',
  appSecret: 'simulatordemoappsecret0000000001',
  displayPhoneNumber: '+55 11 3000-0001',
  verifiedName: 'Atende Demo',
};

const Template = z.object({
  id: z.string(),
  name: z.string().regex(/^[a-z0-9_]{1,512}$/),
  language: z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/),
  status: z.enum(TEMPLATE_STATUSES),
  category: z.enum(TEMPLATE_CATEGORIES),
  header: z.string().max(60).nullable(),
  body: z.string().min(1).max(1024),
  footer: z.string().max(60).nullable(),
});
export type StoredTemplate = z.output<typeof Template>;

/** A template as the control API takes it (`POST /_simulator/accounts` `templates`): the id is made here. */
export const TemplateInput = Template.omit({ id: true }).extend({
  header: Template.shape.header.default(null),
  footer: Template.shape.footer.default(null),
});
export type TemplateInput = z.output<typeof TemplateInput>;

/** The templates a new account has unless it is given its own: one of each status the product must tell apart. */
export const DEFAULT_TEMPLATES: readonly TemplateInput[] = [
  { name: 'retomar_atendimento', language: 'pt_BR', status: 'APPROVED', category: 'UTILITY', header: null, body: 'Olá {{1}}, podemos continuar seu atendimento?', footer: null },
  { name: 'oferta_da_semana', language: 'pt_BR', status: 'PENDING', category: 'MARKETING', header: 'Ofertas', body: 'Olá {{1}}, separamos {{2}} para você esta semana.', footer: 'Responda SAIR para não receber mais' },
  { name: 'cobranca_urgente', language: 'pt_BR', status: 'REJECTED', category: 'UTILITY', header: null, body: 'Sua fatura venceu. Pague agora.', footer: null },
];

const Status = z.object({ status: z.enum(['sent', 'delivered', 'read', 'failed']), timestamp: z.number() });

const OutboxRecord = z.object({
  /** The wamid the send was answered with. */
  id: z.string(),
  /** The customer's wa_id (digits). */
  to: z.string(),
  /** Meta's message type (text, image, template, ...). */
  type: z.string(),
  /** A line a person can read: the text, a caption, a template's filled body, a place. */
  summary: z.string(),
  /** The message the product sent, as it sent it. */
  request: z.unknown(),
  /** The account's clock (ms) when it was taken. */
  sentAt: z.number(),
  /** The pricing category its statuses name: 'service' for free-form, the template's category otherwise. */
  category: z.string(),
  statuses: z.array(Status),
  error: z.object({ code: z.number(), title: z.string() }).nullable(),
});
export type OutboxRecord = z.output<typeof OutboxRecord>;

const InboundRecord = z.object({
  id: z.string(),
  from: z.string(),
  at: z.number(),
  /** When the business sent its read receipt (the account's clock, ms); null: not read. */
  readByBusinessAt: z.number().nullable(),
});
export type InboundRecord = z.output<typeof InboundRecord>;

const Customer = z.object({
  name: z.string(),
  /** The account's clock (ms) at the customer's last message; null: never wrote. The 24-hour window counts from it. */
  lastInboundAt: z.number().nullable(),
});

const Account = z.object({
  phoneNumberId: z.string(),
  wabaId: z.string(),
  accessToken: z.string(),
  appSecret: z.string(),
  displayPhoneNumber: z.string(),
  verifiedName: z.string(),
  templates: z.array(Template),
  /** Where webhooks go, registered by `subscribed_apps` with its verify token; null: nobody subscribed. */
  callback: z.object({ url: z.string(), verifyToken: z.string() }).nullable(),
  /** How far the account's clock is ahead of the machine's (ms): `advance` moves it. */
  clockOffsetMs: z.number(),
  customers: z.record(z.string(), Customer),
  inbound: z.array(InboundRecord),
  outbox: z.array(OutboxRecord),
});
export type StoredAccount = z.output<typeof Account>;

const Media = z.object({
  id: z.string(),
  phoneNumberId: z.string(),
  mimeType: z.string(),
  sha256: z.string(),
  fileSize: z.number(),
  fileName: z.string().nullable(),
});
export type StoredMedia = z.output<typeof Media>;

const StateFile = z.object({ accounts: z.array(Account), media: z.array(Media) });

/** Kept per account: enough for a long development session, small enough to rewrite on every change. */
const OUTBOX_MAX = 500;
const INBOUND_MAX = 500;
const MEDIA_MAX = 1000;

/** A Meta-like numeric id: 15 digits, the first one chosen so kinds of ids look apart. */
const numericId = (first: string): string => first + BigInt(`0x${randomBytes(8).toString('hex')}`).toString().padStart(14, '0').slice(-14);

export class GraphSimulatorStore {
  private readonly accounts = new Map<string, StoredAccount>();
  private readonly media = new Map<string, StoredMedia>();
  /** Bytes of media when there is no data directory. */
  private readonly mediaBytes = new Map<string, Buffer>();
  private saving: Promise<void> = Promise.resolve();
  /** A write queued behind the one in flight and not yet begun: later changes ride on it. */
  private queued: Promise<void> | undefined;

  /** `dataDir`: where the state and media files live; without it, memory only. */
  constructor(private readonly dataDir: string | undefined) {}

  private get stateFile(): string | undefined {
    return this.dataDir === undefined ? undefined : join(this.dataDir, 'state.json');
  }

  private mediaFile(id: string): string | undefined {
    return this.dataDir === undefined ? undefined : join(this.dataDir, 'media', id);
  }

  /** Reads the state file if there is one; the demo account exists afterwards in any case. */
  async load(): Promise<void> {
    const file = this.stateFile;
    if (file !== undefined) {
      let text: string | undefined;
      try {
        text = await readFile(file, 'utf8');
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      }
      if (text !== undefined) {
        // A damaged file stops the start rather than silently dropping the developer's accounts.
        const state = StateFile.parse(JSON.parse(text));
        for (const account of state.accounts) this.accounts.set(account.phoneNumberId, account);
        for (const medium of state.media) this.media.set(medium.id, medium);
      }
    }
    if (!this.accounts.has(DEMO_CLOUD_ACCOUNT.phoneNumberId)) {
      const { displayPhoneNumber, verifiedName, ...keys } = DEMO_CLOUD_ACCOUNT;
      this.accounts.set(keys.phoneNumberId, newAccount(keys, displayPhoneNumber, verifiedName, DEFAULT_TEMPLATES));
      await this.save();
    }
  }

  /** A new account with fresh ids and credentials. */
  async createAccount(options: { verifiedName?: string; templates?: readonly TemplateInput[] }): Promise<StoredAccount> {
    let phoneNumberId = numericId('1');
    while (this.accounts.has(phoneNumberId)) phoneNumberId = numericId('1');
    const keys: SimulatedAccountKeys = {
      phoneNumberId,
      wabaId: numericId('2'),
      accessToken: `EAASim${randomBytes(48).toString('hex')}`,
      appSecret: randomBytes(16).toString('hex'),
    };
    const display = `+55 11 9${phoneNumberId.slice(-4)}-${phoneNumberId.slice(-8, -4)}`;
    const account = newAccount(keys, display, options.verifiedName ?? 'Atende Simulado', options.templates ?? DEFAULT_TEMPLATES);
    this.accounts.set(phoneNumberId, account);
    await this.save();
    return account;
  }

  account(phoneNumberId: string): StoredAccount | undefined {
    return this.accounts.get(phoneNumberId);
  }

  accountByWaba(wabaId: string): StoredAccount | undefined {
    return [...this.accounts.values()].find((account) => account.wabaId === wabaId);
  }

  accountByToken(token: string): StoredAccount | undefined {
    return [...this.accounts.values()].find((account) => account.accessToken === token);
  }

  /** The account's clock: the machine's, moved by `advance`. */
  now(account: StoredAccount): number {
    return Date.now() + account.clockOffsetMs;
  }

  /** Changes an account in place and writes the state. */
  async update(account: StoredAccount, change: (account: StoredAccount) => void): Promise<void> {
    change(account);
    account.outbox.splice(0, Math.max(0, account.outbox.length - OUTBOX_MAX));
    account.inbound.splice(0, Math.max(0, account.inbound.length - INBOUND_MAX));
    await this.save();
  }

  /** Stores a medium for the account: Meta keeps an upload (the business's or a customer's) under a media id. */
  async putMedia(phoneNumberId: string, bytes: Buffer, mimeType: string, fileName: string | null): Promise<StoredMedia> {
    const medium: StoredMedia = {
      id: numericId('3'),
      phoneNumberId,
      mimeType,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      fileSize: bytes.length,
      fileName,
    };
    const file = this.mediaFile(medium.id);
    if (file === undefined) {
      this.mediaBytes.set(medium.id, bytes);
    } else {
      await mkdir(dirname(file), { recursive: true });
      await writeFile(file, bytes);
    }
    this.media.set(medium.id, medium);
    const oldest = this.media.size > MEDIA_MAX ? this.media.keys().next().value : undefined;
    if (oldest !== undefined) await this.deleteMedia(oldest, false);
    await this.save();
    return medium;
  }

  mediaOf(id: string): StoredMedia | undefined {
    return this.media.get(id);
  }

  async mediaBytesOf(id: string): Promise<Buffer | undefined> {
    const file = this.mediaFile(id);
    if (file === undefined) return this.mediaBytes.get(id);
    return this.media.has(id) ? readFile(file).catch(() => undefined) : undefined;
  }

  async deleteMedia(id: string, save = true): Promise<void> {
    this.media.delete(id);
    this.mediaBytes.delete(id);
    const file = this.mediaFile(id);
    if (file !== undefined) await rm(file, { force: true });
    if (save) await this.save();
  }

  /** Waits for the writes in flight (before stopping). */
  async flushed(): Promise<void> {
    await this.saving;
  }

  /**
   * Writes the whole state: one write at a time, each atomic (temp file, then rename). Changes made while
   * a write waits its turn share it (a burst of statuses is one write, not one each), since it reads the
   * state only when it begins.
   */
  private save(): Promise<void> {
    const file = this.stateFile;
    const directory = this.dataDir;
    if (file === undefined || directory === undefined) return Promise.resolve();
    const write = async (): Promise<void> => {
      const text = JSON.stringify({ accounts: [...this.accounts.values()], media: [...this.media.values()] });
      const temporary = `${file}.${process.pid}.${randomUUID()}.tmp`;
      await mkdir(directory, { recursive: true });
      await writeFile(temporary, text, 'utf8');
      await rename(temporary, file);
    };
    if (this.queued !== undefined) return this.queued;
    const next = this.saving.then(() => {
      this.queued = undefined;
      return write();
    });
    this.queued = next;
    // A failed write must not block the ones after it; the caller of this save still sees the failure.
    this.saving = next.catch(() => undefined);
    return next;
  }
}

function newAccount(keys: SimulatedAccountKeys, displayPhoneNumber: string, verifiedName: string, templates: readonly TemplateInput[]): StoredAccount {
  return {
    ...keys,
    displayPhoneNumber,
    verifiedName,
    templates: templates.map((template) => ({ ...template, id: numericId('4') })),
    callback: null,
    clockOffsetMs: 0,
    customers: {},
    inbound: [],
    outbox: [],
  };
}

/** A template in Meta's shape (`message_templates`): its components, with an example for each variable. */
export function templateInMetaShape(template: StoredTemplate): Record<string, unknown> {
  const variables = countTemplateVariables(template.body);
  const example = variables > 0 ? { example: { body_text: [Array.from({ length: variables }, (_, index) => `exemplo ${index + 1}`)] } } : {};
  return {
    id: template.id,
    name: template.name,
    language: template.language,
    status: template.status,
    category: template.category,
    parameter_format: 'POSITIONAL',
    components: [
      ...(template.header === null ? [] : [{ type: 'HEADER', format: 'TEXT', text: template.header }]),
      { type: 'BODY', text: template.body, ...example },
      ...(template.footer === null ? [] : [{ type: 'FOOTER', text: template.footer }]),
    ],
  };
}
