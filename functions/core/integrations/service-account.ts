/**
 * A Dialogflow integration's Google service account (`jsonContent`, the JSON file Google issues): the
 * email it acts as and the private key its tokens are signed with. The key never leaves this module but
 * as a signature (dialogflow-api.ts), and no error message of it carries any part of the JSON.
 */
import { createPrivateKey, type KeyObject } from 'node:crypto';

export interface ServiceAccount {
  readonly clientEmail: string;
  /** Google's id of the key (`private_key_id`), named in the token's header; '' when the file has none. */
  readonly keyId: string;
  readonly privateKey: KeyObject;
}

/** A service account that cannot be used: the message says what is wrong, never what the file holds. */
export class InvalidServiceAccountError extends Error {
  constructor(reason: string) {
    super(`Invalid service account: ${reason}`);
    this.name = 'InvalidServiceAccountError';
  }
}

function fieldsOf(json: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new InvalidServiceAccountError('not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new InvalidServiceAccountError('not a JSON object');
  return parsed as Record<string, unknown>;
}

export function parseServiceAccount(json: string): ServiceAccount {
  const fields = fieldsOf(json);
  if (fields.type !== 'service_account') throw new InvalidServiceAccountError('type is not service_account');
  if (typeof fields.client_email !== 'string' || !fields.client_email.includes('@')) throw new InvalidServiceAccountError('no client_email');
  if (typeof fields.private_key !== 'string') throw new InvalidServiceAccountError('no private_key');
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: fields.private_key, format: 'pem' });
  } catch {
    throw new InvalidServiceAccountError('private_key is not a PEM private key');
  }
  if (privateKey.asymmetricKeyType !== 'rsa') throw new InvalidServiceAccountError('private_key is not an RSA key');
  return { clientEmail: fields.client_email, keyId: typeof fields.private_key_id === 'string' ? fields.private_key_id : '', privateKey };
}

/** The account's email (not a secret), for the answers to say which account is stored; null when unreadable. */
export function serviceAccountEmail(json: string): string | null {
  try {
    const email = fieldsOf(json).client_email;
    return typeof email === 'string' ? email : null;
  } catch {
    return null;
  }
}
