/**
 * The web's boundaries as the lint gate holds them (eslint.config.js, docs/architecture.md §2): features
 * never import app/, the lower layers import no feature, no web file imports the backend, and only
 * web/src/api/ calls the API by path. Each case asks ESLint for the options a file of that folder gets
 * and lints one line with them.
 */
import { ESLint, Linter } from 'eslint';

const eslint = new ESLint({ cwd: process.cwd() });
const linter = new Linter({ configType: 'flat' });

/** The messages of `rule`, as `file` gets it configured, for `code`. */
async function ruleMessages(file: string, rule: 'no-restricted-imports' | 'no-restricted-syntax', code: string): Promise<string[]> {
  const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, Linter.RuleEntry> };
  const entry = config.rules?.[rule];
  if (entry === undefined) return [];
  const messages = linter.verify(code, [{ languageOptions: { sourceType: 'module' }, rules: { [rule]: entry } }]);
  return messages.map((message) => message.message);
}

/** The messages of no-restricted-imports for `import ... from '<source>'` written in `file`. */
const refusals = (file: string, source: string) => ruleMessages(file, 'no-restricted-imports', `import { x } from '${source}';\n`);

/** The messages of no-restricted-syntax for one call written in `file`. */
const callRefusals = (file: string, call: string) => ruleMessages(file, 'no-restricted-syntax', `${call};\n`);

describe('the web import boundaries', () => {
  it('refuse a feature importing web/src/app/, at any depth', async () => {
    expect(await refusals('web/src/tickets/TicketsPage.tsx', '../app/page-registry')).toEqual([
      expect.stringContaining('Features never import web/src/app/'),
    ]);
    expect(await refusals('web/src/tickets/conversation/NotesDialog.tsx', '../../app/shell/Shell')).toHaveLength(1);
    expect(await refusals('web/src/platform/PlansTab.tsx', '../app')).toHaveLength(1);
  });

  it('let a feature import the runtime layer, the other layers and another feature', async () => {
    expect(await refusals('web/src/tickets/TicketsPage.tsx', '../runtime/services')).toEqual([]);
    expect(await refusals('web/src/tickets/conversation/NotesDialog.tsx', '../../api/ticket-notes')).toEqual([]);
    expect(await refusals('web/src/kanban/KanbanCard.tsx', '../tickets/ticket-format')).toEqual([]);
  });

  it('let app/ and main.tsx import the app and the features they compose', async () => {
    expect(await refusals('web/src/main.tsx', './app/App')).toEqual([]);
    expect(await refusals('web/src/app/AppRoutes.tsx', '../tickets/TicketsPage')).toEqual([]);
    expect(await refusals('web/src/app/shell/SideMenu.tsx', '../page-registry')).toEqual([]);
  });

  it('refuse a lower layer importing a feature or app/', async () => {
    expect(await refusals('web/src/api/messages.ts', '../tickets/conversation/message-cache')).toEqual([
      expect.stringContaining('imports only other layers and shared/'),
    ]);
    expect(await refusals('web/src/components/ListPage.tsx', '../contacts/contact-cache')).toHaveLength(1);
    expect(await refusals('web/src/runtime/services.ts', '../app/page-registry')).toHaveLength(1);
    expect(await refusals('web/src/sign-in/me.ts', '../shell/menu-rules')).toHaveLength(1);
  });

  it('let a lower layer import the other layers, config.ts and shared/', async () => {
    expect(await refusals('web/src/api/connections.ts', '../realtime/hooks')).toEqual([]);
    expect(await refusals('web/src/api/client.ts', '../realtime')).toEqual([]);
    expect(await refusals('web/src/runtime/services.ts', '../config')).toEqual([]);
    expect(await refusals('web/src/api/tickets.ts', '../../../shared/tickets')).toEqual([]);
    expect(await refusals('web/src/components/ListPage.tsx', './list-state')).toEqual([]);
  });

  it('keep the backend out of every web folder, app/ and the layers included', async () => {
    for (const file of ['web/src/tickets/TicketsPage.tsx', 'web/src/app/App.tsx', 'web/src/api/tickets.ts']) {
      expect(await refusals(file, '../../../functions/core/conversations/create-ticket')).toEqual([
        expect.stringContaining('never from the backend'),
      ]);
    }
  });

  it('refuse a call of the API by path, or a fetch, outside web/src/api/', async () => {
    expect(await callRefusals('web/src/tickets/conversation/NotesDialog.tsx', "api.post('/ticket-notes', {})")).toEqual([
      expect.stringContaining("through its resource's module in web/src/api/"),
    ]);
    expect(await callRefusals('web/src/public/SignUpPage.tsx', "api.delete('/auth/logout')")).toHaveLength(1);
    expect(await callRefusals('web/src/app/shell/sign-out.ts', 'fetch(url)')).toHaveLength(1);
    expect(await callRefusals('web/src/tickets/TicketsPage.tsx', 'addTicketNote(api, ticket, note)')).toEqual([]);
    expect(await callRefusals('web/src/tickets/TicketsPage.tsx', 'query.refetch()')).toEqual([]);
  });

  it('let web/src/api/ call the API by path', async () => {
    expect(await callRefusals('web/src/api/ticket-notes.ts', "api.post('/ticket-notes', {})")).toEqual([]);
    expect(await callRefusals('web/src/api/messages.ts', 'fetch(upload.url)')).toEqual([]);
  });
});
