/**
 * Baileys' AuthenticationState backed by DynamoDB (functions/sessions/stores/session-auth.ts): the
 * credentials in one item and each signal key in its own, values serialised with Baileys' BufferJSON
 * (Buffers as base64). Every write is fenced by the session's lease token; when the fence refuses a
 * write, `onFenced` is told once (the provider closes the session) and the write throws, so Baileys
 * stops using state that is no longer ours.
 */
import { BufferJSON, initAuthCreds, proto, type AuthenticationCreds, type AuthenticationState, type SignalDataSet, type SignalDataTypeMap, type SignalKeyStore } from 'baileys';
import {
  FencedWriteError,
  getSessionCreds,
  getSessionKeys,
  putSessionCreds,
  sessionKeyName,
  writeSessionKeys,
  type SessionKeyWrite,
} from '../../stores/session-auth';
import type { SessionContext } from '../provider';

export interface StoredAuthState {
  readonly state: AuthenticationState;
  /** Stores the credentials as they are now (after Baileys applied a creds.update). */
  saveCreds(): Promise<void>;
}

export const serialize = (value: unknown): string => JSON.stringify(value, BufferJSON.replacer);
// The reviver rebuilds Buffers; the shapes are Baileys' own, written by serialize.
// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names the Baileys shape it stored
export const deserialize = <T>(text: string): T => JSON.parse(text, BufferJSON.reviver) as T;

/**
 * Loads the connection's stored state, or fresh credentials when it has none (a QR will be offered).
 * `onFenced` is called at most once, on the first write a newer owner's fence refused.
 */
export async function loadAuthState(context: SessionContext, onFenced: (error: FencedWriteError) => void): Promise<StoredAuthState> {
  const owner = { companyId: context.companyId, whatsappId: context.whatsappId, fencingToken: context.fencingToken };
  const stored = await getSessionCreds(context.companyId, context.whatsappId);
  const creds = stored === undefined ? initAuthCreds() : deserialize<AuthenticationCreds>(stored);
  let fenced = false;
  const guard = async (write: () => Promise<void>): Promise<void> => {
    try {
      await write();
    } catch (error) {
      if (error instanceof FencedWriteError && !fenced) {
        fenced = true;
        onFenced(error);
      }
      throw error;
    }
  };

  const keys: SignalKeyStore = {
    async get<T extends keyof SignalDataTypeMap>(type: T, ids: string[]) {
      const found = await getSessionKeys(context.companyId, context.whatsappId, ids.map((id) => ({ type, id })));
      const values: { [id: string]: SignalDataTypeMap[T] } = {};
      for (const id of ids) {
        const text = found.get(sessionKeyName({ type, id }));
        if (text === undefined) continue;
        const value = deserialize<SignalDataTypeMap[T]>(text);
        // App-state keys are protobuf messages: Baileys reads them through their class.
        values[id] =
          type === 'app-state-sync-key'
            ? (proto.Message.AppStateSyncKeyData.fromObject(value as object) as unknown as SignalDataTypeMap[T])
            : value;
      }
      return values;
    },
    async set(data: SignalDataSet) {
      const writes: SessionKeyWrite[] = [];
      for (const [type, entries] of Object.entries(data)) {
        // Baileys may hand a type with no entries as undefined.
        for (const [id, value] of Object.entries((entries as Record<string, unknown> | undefined) ?? {})) {
          writes.push({ type, id, value: value === null || value === undefined ? null : serialize(value) });
        }
      }
      await guard(() => writeSessionKeys(owner, writes));
    },
  };

  return {
    state: { creds, keys },
    saveCreds: () => guard(() => putSessionCreds(owner, serialize(creds))),
  };
}
