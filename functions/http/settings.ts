/** Company settings (spec 3 §7): everyone of the company reads them; administrators change them. */
import { SettingParams, UpdateSettingBody } from '../../shared/settings';
import { httpModule, sessionRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';
import { listSettings } from '../core/repositories/settings';
import { updateSetting } from '../core/companies/update-setting';

export const handler = httpModule('settings', {
  // A plain read of the caller's company with nothing to decide: the repository answers it as shown.
  'GET /settings': sessionRoute({}, async ({ session }) => ok(await listSettings(session.companyId))),
  'PUT /settings/{key}': sessionRoute(
    { params: SettingParams, body: UpdateSettingBody, access: { permission: 'company:administer' } },
    async ({ session, params, body }) => ok(await updateSetting(session, params.key, body)),
  ),
});
