/** Company settings (spec 3 §7): everyone of the company reads them; administrators change them. */
import { SettingParams, UpdateSettingBody } from '../../shared/settings';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';
import { listSettings } from '../core/repositories/settings';
import { updateSetting } from '../core/companies/update-setting';

export const handler = httpModule('settings', {
  // A plain read of the caller's company with nothing to decide: the repository answers it as shown.
  'GET /settings': callerRoute({}, async ({ caller }) => ok(await listSettings(caller.companyId))),
  'PUT /settings/{key}': callerRoute(
    { params: SettingParams, body: UpdateSettingBody, access: { permission: 'company:administer' } },
    async ({ caller, params, body }) => ok(await updateSetting(caller, params.key, body)),
  ),
});
