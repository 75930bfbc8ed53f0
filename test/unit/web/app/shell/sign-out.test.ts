/** Logging out from the shell (spec 1 §4.4; checklist C-023), also when the server refuses the call. */
import { ApiError } from '../../../../../web/src/api/client';
import { signOutEverywhere } from '../../../../../web/src/app/shell/sign-out';

function fakes(logout: () => Promise<unknown>) {
  const calls: string[] = [];
  const api = {
    delete: async <T,>(path: string): Promise<T> => {
      calls.push(`DELETE ${path}`);
      return (await logout()) as T;
    },
  };
  const auth = {
    signOut: async () => {
      calls.push('local sign-out');
    },
  };
  return { api, auth, calls };
}

describe('signOutEverywhere', () => {
  test('tells the server first, then ends the local session', async () => {
    // Prepare
    const { api, auth, calls } = fakes(async () => undefined);

    // Act
    await signOutEverywhere(api, auth);

    // Assess
    expect(calls).toEqual(['DELETE /auth/logout', 'local sign-out']);
  });

  test.each([
    ['a company past its due date', new ApiError(402, 'ERR_SUBSCRIPTION_EXPIRED')],
    ['an unreachable server', new ApiError(0, 'ERR_NETWORK')],
  ])('still ends the local session when the server refuses the logout (%s)', async (_, refusal) => {
    // Prepare
    const { api, auth, calls } = fakes(async () => {
      throw refusal;
    });

    // Act
    await signOutEverywhere(api, auth);

    // Assess
    expect(calls).toEqual(['DELETE /auth/logout', 'local sign-out']);
  });
});
