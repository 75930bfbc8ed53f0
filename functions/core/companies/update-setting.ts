/**
 * Changes one setting of the caller's company (PUT /settings/{key}); the route admits only profiles
 * allowed 'company:administer'.
 *
 * Steps: refuse a key that is not a setting (ERR_NO_SETTING_FOUND, like the original); refuse the
 * platform's settings to anyone but a super user (see SUPER_ONLY_SETTINGS); refuse a body `key` naming
 * another setting; validate the value with the key's own schema; store the value (a platform-wide key,
 * such as the user-creation switch, in the platform's item, any other in the company's); tell
 * the company's connections through the realtime `settings` channel, with secrets blanked; answer the
 * setting as the API shows it (secrets blanked too).
 */
import { PLATFORM_SETTINGS, SETTING_VALUE_SCHEMAS, isSettingKey, type Setting, type SettingKey, type UpdateSettingBody } from '../../../shared/settings';
import { AppError } from '../errors';
import { toFieldErrors } from '../http/validation';
import { publishToCompany } from '../realtime/publisher';
import { answerableSetting, listPlatformSettings, listSettings, putPlatformSetting, putSetting } from '../repositories/settings';
import type { Caller } from '../caller/load-caller';

/**
 * Settings only a platform super user may write: the platform's (among them `asaas`, the platform's
 * payment account, which the original showed to super users only, and its webhook token); `campaignsEnabled` opens campaigns even when the plan
 * lacks them (spec 2 §2), so a company administrator setting it would bypass the plan they pay for; the
 * super user's company form carries it (spec 3 §3).
 */
const SUPER_ONLY_SETTINGS: readonly SettingKey[] = ['campaignsEnabled', ...PLATFORM_SETTINGS];

export async function updateSetting(caller: Caller, key: string, body: UpdateSettingBody): Promise<Setting> {
  if (!isSettingKey(key)) throw new AppError('ERR_NO_SETTING_FOUND');
  if (SUPER_ONLY_SETTINGS.includes(key) && !caller.isSuper) throw new AppError('ERR_NO_PERMISSION');
  if (body.key !== undefined && body.key !== key) {
    const message = 'The key must be the one of the path';
    throw new AppError('ERR_VALIDATION', { message, fields: [{ path: 'key', message }] });
  }
  const parsed = SETTING_VALUE_SCHEMAS[key].safeParse(body.value);
  if (!parsed.success) {
    const fields = toFieldErrors(parsed.error).map((field) => ({ ...field, path: field.path ? `value.${field.path}` : 'value' }));
    throw new AppError('ERR_VALIDATION', { message: fields[0]?.message, fields });
  }

  // The platform's switches are one value for all companies; the others are the caller's company's.
  if (PLATFORM_SETTINGS.includes(key)) await putPlatformSetting(key, parsed.data);
  else await putSetting(caller.companyId, key, parsed.data);
  const setting = answerableSetting(key, parsed.data);
  await publishToCompany(caller.companyId, 'company', 'settings', { action: 'update', setting });
  return setting;
}

/**
 * GET /settings: the caller's company's settings; a super user also gets the platform's own (the
 * user-creation switch, the payment keys, blanked), which the Opções tab shows them with the other platform keys.
 */
export async function listCallerSettings(caller: Caller): Promise<Setting[]> {
  const [company, platform] = await Promise.all([listSettings(caller.companyId), caller.isSuper ? listPlatformSettings() : []]);
  return [...company, ...platform];
}
