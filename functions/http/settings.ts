/**
 * Company settings (spec 3 §7): everyone of the company reads them; administrators change them; a super
 * user also reads and changes the platform's (the user-creation switch).
 */
import { SettingParams, UpdateSettingBody } from '../../shared/settings';
import { httpModule, callerRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';
import { listCallerSettings, updateSetting } from '../core/companies/update-setting';

export const handler = httpModule('settings', {
  'GET /settings': callerRoute({}, async ({ caller }) => ok(await listCallerSettings(caller))),
  'PUT /settings/{key}': callerRoute(
    { params: SettingParams, body: UpdateSettingBody, access: { permission: 'company:administer' } },
    async ({ caller, params, body }) => ok(await updateSetting(caller, params.key, body)),
  ),
});
