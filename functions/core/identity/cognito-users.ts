/**
 * Accounts in the Cognito user pool. The email is the username; the password is set permanent at
 * creation so that the user signs in directly (the product has no invitation e-mail flow).
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  InvalidPasswordException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from '../aws/clients';
import { config } from '../config';
import { AppError } from '../errors';

export const normaliseEmail = (email: string): string => email.trim().toLowerCase();

/** Creates the account and returns its `sub`; an existing email is ERR_EMAIL_ALREADY_EXISTS. */
export async function createAccount(email: string, password: string): Promise<string> {
  const username = normaliseEmail(email);
  try {
    const { User } = await cognito().send(
      new AdminCreateUserCommand({
        UserPoolId: config.userPoolId(),
        Username: username,
        MessageAction: 'SUPPRESS',
        UserAttributes: [
          { Name: 'email', Value: username },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
    const sub = User?.Attributes?.find((attribute) => attribute.Name === 'sub')?.Value;
    if (!sub) throw new Error('Cognito created a user without sub');
    await setPermanentPassword(username, password);
    return sub;
  } catch (error) {
    if (error instanceof UsernameExistsException) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw error;
  }
}

/** Sets the password; if the pool refuses it, the half-made account is removed so nothing is left. */
async function setPermanentPassword(username: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config.userPoolId(),
        Username: username,
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    await deleteAccount(username);
    if (error instanceof InvalidPasswordException) {
      throw new AppError('ERR_VALIDATION', { message: error.message, fields: [{ path: 'password', message: error.message }] });
    }
    throw error;
  }
}

/** Removes an account; used to undo a creation whose table write failed. */
export async function deleteAccount(email: string): Promise<void> {
  await cognito().send(
    new AdminDeleteUserCommand({ UserPoolId: config.userPoolId(), Username: normaliseEmail(email) }),
  );
}
