/**
 * Accounts in the Cognito user pool. The email is the username; the password is set permanent at
 * creation so that the user signs in directly (the product has no invitation e-mail flow). Admin calls
 * name an account by its current email (Cognito accepts the email wherever it is the sign-in name).
 * Also the public forgot-password flow, which answers alike whether or not an account exists.
 */
import {
  AdminCreateUserCommand,
  AdminDeleteUserCommand,
  AdminSetUserPasswordCommand,
  AdminUpdateUserAttributesCommand,
  AdminUserGlobalSignOutCommand,
  ConfirmForgotPasswordCommand,
  ForgotPasswordCommand,
  InvalidPasswordException,
  UsernameExistsException,
} from '@aws-sdk/client-cognito-identity-provider';
import { cognito } from './clients';
import { config } from '../config';
import { AppError } from '../errors';
import { logger } from '../logger';

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
    await setPassword(username, password);
  } catch (error) {
    await deleteAccount(username);
    throw error;
  }
}

/** Replaces the password of an account (permanent: no change is asked at the next sign-in). */
export async function setPassword(email: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new AdminSetUserPasswordCommand({
        UserPoolId: config.userPoolId(),
        Username: normaliseEmail(email),
        Password: password,
        Permanent: true,
      }),
    );
  } catch (error) {
    if (error instanceof InvalidPasswordException) throw invalidPassword(error.message);
    throw error;
  }
}

const invalidPassword = (message: string) =>
  new AppError('ERR_VALIDATION', { message, fields: [{ path: 'password', message }] });

/** Is this one of the named Cognito errors? By name, which the SDK sets from the error type of the answer. */
const isCognitoError = (error: unknown, ...names: readonly string[]): boolean =>
  error instanceof Error && names.includes(error.name);

/**
 * Moves the account to a new email, already verified (an admin vouches for it, as at creation). The
 * email is also the sign-in name, so the user signs in with the new one from now on.
 */
export async function changeAccountEmail(currentEmail: string, newEmail: string): Promise<void> {
  try {
    await cognito().send(
      new AdminUpdateUserAttributesCommand({
        UserPoolId: config.userPoolId(),
        Username: normaliseEmail(currentEmail),
        UserAttributes: [
          { Name: 'email', Value: normaliseEmail(newEmail) },
          { Name: 'email_verified', Value: 'true' },
        ],
      }),
    );
  } catch (error) {
    if (isCognitoError(error, 'AliasExistsException', 'UsernameExistsException')) throw new AppError('ERR_EMAIL_ALREADY_EXISTS');
    throw error;
  }
}

/**
 * Cognito's global sign-out: every refresh token of the account stops working. Access tokens already
 * issued stay valid for the gateway until they expire; the backend refuses them by the user's sign-out
 * mark (caller/load-caller.ts). An account that is already gone is signed out already.
 */
export async function signOutEverywhere(email: string): Promise<void> {
  try {
    await cognito().send(new AdminUserGlobalSignOutCommand({ UserPoolId: config.userPoolId(), Username: normaliseEmail(email) }));
  } catch (error) {
    if (!isCognitoError(error, 'UserNotFoundException')) throw error;
  }
}

/**
 * Step 1 of the password reset: Cognito e-mails a code. Whether the email has an account (or can get a
 * code) is never told to the caller: those refusals are logged and swallowed.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  try {
    await cognito().send(new ForgotPasswordCommand({ ClientId: config.userPoolClientId(), Username: normaliseEmail(email) }));
  } catch (error) {
    if (
      !isCognitoError(
        error,
        'UserNotFoundException',
        'InvalidParameterException',
        'NotAuthorizedException',
        'LimitExceededException',
        'CodeDeliveryFailureException',
      )
    ) {
      throw error;
    }
    logger.info('password reset not sent', { reason: (error as Error).name });
  }
}

/**
 * Step 2 of the password reset: the code and the new password. A wrong, expired or used code, and an
 * email without an account, all answer ERR_INVALID_RESET_CODE; Cognito's own attempt limit answers
 * ERR_TOO_MANY_REQUESTS.
 */
export async function confirmPasswordReset(email: string, code: string, password: string): Promise<void> {
  try {
    await cognito().send(
      new ConfirmForgotPasswordCommand({
        ClientId: config.userPoolClientId(),
        Username: normaliseEmail(email),
        ConfirmationCode: code,
        Password: password,
      }),
    );
  } catch (error) {
    if (isCognitoError(error, 'CodeMismatchException', 'ExpiredCodeException', 'UserNotFoundException', 'NotAuthorizedException')) {
      throw new AppError('ERR_INVALID_RESET_CODE');
    }
    if (isCognitoError(error, 'LimitExceededException', 'TooManyFailedAttemptsException')) throw new AppError('ERR_TOO_MANY_REQUESTS');
    if (isCognitoError(error, 'InvalidPasswordException')) throw invalidPassword((error as Error).message);
    throw error;
  }
}

/** Removes an account; used to undo a creation whose table write failed. */
export async function deleteAccount(email: string): Promise<void> {
  await cognito().send(
    new AdminDeleteUserCommand({ UserPoolId: config.userPoolId(), Username: normaliseEmail(email) }),
  );
}
