/** Company settings: one item per key in the company partition. */
import { QueryCommand } from '@aws-sdk/lib-dynamodb';
import { SETTING_KEYS, WRITE_ONLY_SETTINGS, type Setting, type SettingKey } from '../../../shared/settings';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { table } from './table';

export const settingItem = (companyId: string, key: SettingKey, value: string) => ({
  ...keys.setting(companyId, key),
  entity: 'setting',
  key,
  value,
});

/** The company's settings as the API answers them: secrets blanked, unknown keys ignored. */
export async function listSettings(companyId: string): Promise<Setting[]> {
  const { PK, SKPrefix } = keys.settingPrefix(companyId);
  const { Items = [] } = await dynamo().send(
    new QueryCommand({
      TableName: table(),
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :sk)',
      ExpressionAttributeValues: { ':pk': PK, ':sk': SKPrefix },
    }),
  );
  return Items.filter((item) => SETTING_KEYS.includes(item.key as SettingKey)).map((item) => ({
    key: item.key as SettingKey,
    value: WRITE_ONLY_SETTINGS.includes(item.key as SettingKey) ? '' : String(item.value),
  }));
}
