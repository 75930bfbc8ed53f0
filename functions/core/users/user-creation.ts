/**
 * The platform's user-creation switch (the `userCreation` setting a super user changes; spec 1 §8
 * ERR_USER_CREATION_DISABLED). While it is `disabled`, no new account is made on a company's behalf:
 * the public sign-up and a company administrator's POST /users are refused. The super user's own
 * creations (a user, a company with its admin) go on: the switch is theirs, and turning it off is not
 * meant to lock them out of setting up a customer.
 */
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { platformSetting } from '../repositories/settings';

export async function assertUserCreationAllowed(caller?: Pick<Caller, 'isSuper'>): Promise<void> {
  if (caller?.isSuper) return;
  if ((await platformSetting('userCreation')) === 'disabled') throw new AppError('ERR_USER_CREATION_DISABLED');
}
