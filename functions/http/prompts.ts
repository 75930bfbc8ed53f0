/**
 * AI prompts (spec 3 §2 AI prompts, §5, §7), for a company whose plan has `useOpenAi`. Every user of
 * such a company reads them (never their keys); administrators create, change and delete them.
 */
import { CreatePromptBody, PromptParams, UpdatePromptBody } from '../../shared/prompts';
import { createPrompt, updatePrompt } from '../core/ai/save-prompt';
import { listCompanyPrompts, removePrompt, showPrompt } from '../core/ai/list-prompts';
import { callerRoute, httpModule } from '../core/http/http-module';
import { created, ok } from '../core/http/reply';

const read = { planFlag: 'useOpenAi' } as const;
const write = { planFlag: 'useOpenAi', permission: 'company:administer' } as const;

export const handler = httpModule('prompts', {
  'GET /prompt': callerRoute({ access: read }, async ({ caller }) => ok(await listCompanyPrompts(caller))),
  'POST /prompt': callerRoute({ body: CreatePromptBody, access: write }, async ({ caller, body }) => created(await createPrompt(caller, body))),
  'GET /prompt/{id}': callerRoute({ params: PromptParams, access: read }, async ({ caller, params }) => ok(await showPrompt(caller, params.id))),
  'PUT /prompt/{id}': callerRoute({ params: PromptParams, body: UpdatePromptBody, access: write }, async ({ caller, params, body }) =>
    ok(await updatePrompt(caller, params.id, body)),
  ),
  'DELETE /prompt/{id}': callerRoute({ params: PromptParams, access: write }, async ({ caller, params }) => ok(await removePrompt(caller, params.id))),
});
