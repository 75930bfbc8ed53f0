/**
 * The backend's boundaries as the lint gate holds them (eslint.config.js, docs/architecture.md §2): a
 * layer of functions/core/ never imports a domain, and only the data layer, with the session host's
 * stores and leases, imports the DynamoDB SDK and the table's keys. Each case asks ESLint for the options
 * a file of that folder gets and lints one import line with them.
 */
import { ESLint, Linter } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
const linter = new Linter({ configType: 'flat' });

/** The messages of no-restricted-imports for `import ... from '<source>'` written in `file`. */
async function refusals(file: string, source: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, Linter.RuleEntry> };
  const entry = config.rules?.['no-restricted-imports'];
  if (entry === undefined) return [];
  const messages = linter.verify(`import { x } from '${source}';\n`, [
    { languageOptions: { sourceType: 'module' }, rules: { 'no-restricted-imports': entry } },
  ]);
  return messages.map((message) => message.message);
}

describe('the backend import boundaries', () => {
  it('refuse a layer importing a domain, in every layer and in the files beside them', async () => {
    expect(await refusals('functions/core/repositories/tickets.ts', '../conversations/ticket-rows')).toEqual([
      expect.stringContaining('never imports a domain'),
    ]);
    for (const [file, source] of [
      ['functions/core/realtime/publisher.ts', '../users/present-user'],
      ['functions/core/media/files.ts', '../contacts/contact-spreadsheet'],
      ['functions/core/aws/clients.ts', '../companies/create-company'],
      ['functions/core/http/http-module.ts', '../auth/get-me'],
      ['functions/core/sessions/commands.ts', '../connections/session-status'],
      ['functions/core/scheduling/one-shot.ts', '../scheduled-messages/send-timer'],
      ['functions/core/caller/load-caller.ts', '../migrations/company-walks'],
      ['functions/core/logger.ts', './inbound/receive-message'],
    ] as const) {
      expect(await refusals(file, source)).toHaveLength(1);
    }
  });

  it('let a layer import the other layers, its siblings and shared/', async () => {
    expect(await refusals('functions/core/repositories/contacts.ts', './users')).toEqual([]);
    expect(await refusals('functions/core/realtime/publisher.ts', '../repositories/rooms')).toEqual([]);
    expect(await refusals('functions/core/sessions/session-ready.ts', '../repositories/connections')).toEqual([]);
    expect(await refusals('functions/core/caller/load-caller.ts', '../../../shared/users')).toEqual([]);
  });

  it('let a domain import the layers and another domain', async () => {
    expect(await refusals('functions/core/conversations/post-message.ts', '../sessions/session-ready')).toEqual([]);
    expect(await refusals('functions/core/inbound/receive-message.ts', '../conversations/create-ticket')).toEqual([]);
    expect(await refusals('functions/core/migrations/backfill-ticket-rows.ts', '../conversations/ticket-rows')).toEqual([]);
  });

  it('let only the data layer, and the session host stores and leases, import DynamoDB and the keys', async () => {
    expect(await refusals('functions/core/repositories/tickets.ts', '@aws-sdk/lib-dynamodb')).toEqual([]);
    expect(await refusals('functions/sessions/leases.ts', '@aws-sdk/client-dynamodb')).toEqual([]);
    expect(await refusals('functions/sessions/stores/simulator.ts', '../../core/repositories/keys')).toEqual([]);
    for (const [file, source] of [
      ['functions/sessions/shard-sessions.ts', '@aws-sdk/lib-dynamodb'],
      ['functions/sessions/providers/baileys/provider.ts', '../../../core/repositories/table'],
      ['functions/core/realtime/publisher.ts', '@aws-sdk/client-dynamodb'],
      ['functions/core/conversations/create-ticket.ts', '../repositories/keys'],
      ['functions/http/tickets.ts', '@aws-sdk/lib-dynamodb'],
    ] as const) {
      expect(await refusals(file, source)).toEqual([expect.stringMatching(/only (to )?functions\/core\/repositories\//i)]);
    }
  });
});
