/** The table name and a few helpers shared by the repositories. */
import { config } from '../config';

export const table = () => config.tableName();

const STORAGE_ATTRIBUTES = ['PK', 'SK', 'GSI1PK', 'GSI1SK', 'GSI2PK', 'GSI2SK', 'GSI3PK', 'GSI3SK', 'entity', 'expiresAt'];

/**
 * Turns a stored item back into the entity, without the key and index attributes. The cast is sound
 * because each repository reads only items of its own entity, which it wrote itself through `toItem`.
 */
export function fromItem<T>(item: Record<string, unknown>): T {
  return Object.fromEntries(Object.entries(item).filter(([name]) => !STORAGE_ATTRIBUTES.includes(name))) as T;
}
