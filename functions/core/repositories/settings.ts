/**
 * Company settings: one item per key in the company partition; the platform's own settings
 * (PLATFORM_SETTINGS) one item per key in a platform partition.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import {
  COMPANY_SETTING_KEYS,
  DEFAULT_SETTINGS,
  PLATFORM_SETTINGS,
  WRITE_ONLY_SETTINGS,
  isSettingKey,
  type Setting,
  type SettingKey,
} from '../../../shared/settings';
import { dynamo } from '../aws/clients';
import { keys } from './keys';
import { batchGetAll, queryPrefix, table } from './table';
import type { TransactItem } from './transaction';

export const settingItem = (companyId: string, key: SettingKey, value: string) => ({
  ...keys.setting(companyId, key),
  entity: 'setting',
  key,
  value,
});

/** Stores one setting's value in a transaction, replacing the previous one; `updatedAt` when it is a change. */
export const putSettingAction = (companyId: string, key: SettingKey, value: string, updatedAt?: string): TransactItem => ({
  Put: { TableName: table(), Item: updatedAt === undefined ? settingItem(companyId, key, value) : { ...settingItem(companyId, key, value), updatedAt } },
});

/** A setting as the API and the realtime events show it: secrets blanked (docs/architecture.md §1.6). */
export const answerableSetting = (key: SettingKey, value: string): Setting => ({
  key,
  value: WRITE_ONLY_SETTINGS.includes(key) ? '' : value,
});

/**
 * The company's settings as the API answers them, one per company key in SETTING_KEYS order: secrets
 * blanked, unknown stored keys ignored, and a key the company has never stored (one added after it was
 * created) answered with its default.
 */
export async function listSettings(companyId: string): Promise<Setting[]> {
  const stored = new Map<SettingKey, string>();
  for (const item of await queryPrefix(keys.settingPrefix(companyId))) {
    const key = String(item.key);
    if (isSettingKey(key)) stored.set(key, String(item.value));
  }
  return COMPANY_SETTING_KEYS.map((key) => answerableSetting(key, stored.get(key) ?? DEFAULT_SETTINGS[key]));
}

/** One setting of the company: its stored value, else its default. */
export async function companySetting(companyId: string, key: SettingKey): Promise<string> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.setting(companyId, key) }));
  return typeof Item?.value === 'string' ? Item.value : DEFAULT_SETTINGS[key];
}

/** The platform's settings, each with its default until a super user stored it. */
export async function listPlatformSettings(): Promise<Setting[]> {
  return Promise.all(PLATFORM_SETTINGS.map(async (key) => answerableSetting(key, await platformSetting(key))));
}

/** One platform setting's value (its default when never stored); read strongly, as a switch must hold at once. */
export async function platformSetting(key: SettingKey): Promise<string> {
  const { Item } = await dynamo().send(new GetCommand({ TableName: table(), Key: keys.platformSetting(key), ConsistentRead: true }));
  return typeof Item?.value === 'string' ? Item.value : DEFAULT_SETTINGS[key];
}

export async function putPlatformSetting(key: SettingKey, value: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: { ...keys.platformSetting(key), entity: 'platformSetting', key, value, updatedAt: now.toISOString() } }),
  );
}

/** Stores one setting's value, replacing the previous one (a setting has no other attribute to keep). */
export async function putSetting(companyId: string, key: SettingKey, value: string, now = new Date()): Promise<void> {
  await dynamo().send(
    new PutCommand({ TableName: table(), Item: { ...settingItem(companyId, key, value), updatedAt: now.toISOString() } }),
  );
}

/**
 * One setting of many companies (e.g. `campaignsEnabled` for the Empresas list), read by key. Companies
 * without the item are left out of the map.
 */
export async function settingOfCompanies(key: SettingKey, companyIds: readonly string[]): Promise<Map<string, string>> {
  const companyOfPartition = new Map(companyIds.map((id) => [keys.setting(id, key).PK, id]));
  const items = await batchGetAll(
    companyIds.map((id) => keys.setting(id, key)),
    { projection: 'PK, #value', names: { '#value': 'value' } },
  );
  const values = new Map<string, string>();
  for (const item of items) {
    const companyId = companyOfPartition.get(String(item.PK));
    if (companyId) values.set(companyId, String(item.value));
  }
  return values;
}
