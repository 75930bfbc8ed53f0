/**
 * What an `afterAll` sees of a `let` its `beforeAll` assigns. TypeScript takes such a variable as always
 * assigned, but it is still unset when `beforeAll` failed (or timed out) before assigning it, and the
 * teardown must not hide that failure behind a TypeError: `await ifAssigned(cloud)?.stop()`.
 */
export const ifAssigned = <T>(value: T): T | undefined => value;
