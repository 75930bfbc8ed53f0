/**
 * Resolves once the wall clock is in a later second. Cognito's `auth_time` counts whole seconds, and a
 * logout refuses every sign-in up to its own second (functions/core/caller/load-caller.ts): a test that
 * signs a user in again after a logout, or needs two sign-ins told apart by time, waits for this first.
 */
export async function nextSecond(): Promise<void> {
  const second = Math.floor(Date.now() / 1000);
  // Sleeps to the second's end rather than polling through it.
  await new Promise((resolve) => setTimeout(resolve, (second + 1) * 1000 - Date.now() + 1));
  while (Math.floor(Date.now() / 1000) === second) await new Promise((resolve) => setTimeout(resolve, 5));
}
