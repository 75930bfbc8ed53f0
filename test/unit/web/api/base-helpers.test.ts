import { ApiError } from '../../../../web/src/api/client';
import { shouldRetryQuery } from '../../../../web/src/api/query-client';
import { commonTexts } from '../../../../web/src/i18n/common';
import { defineTexts, textsIn } from '../../../../web/src/i18n/texts';
import { readJwtClaims, signInTagOfToken } from '../../../../web/src/realtime/sign-in-tag';
import { signInTag } from '../../../../shared/users';

const base64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: unknown) => `${base64url({ alg: 'RS256' })}.${base64url(claims)}.signature`;

describe('signInTagOfToken', () => {
  test("answers the tag the server gives the token's sign-in", async () => {
    // Prepare
    const token = jwt({ sub: 'u1', origin_jti: 'c0ffee-éè', auth_time: 1 });

    // Act
    const tag = await signInTagOfToken(token);

    // Assess
    expect(tag).toBe(await signInTag('c0ffee-éè'));
    expect(tag).toMatch(/^[0-9a-f]{16}$/);
  });

  test('answers nothing for a token without origin_jti, a malformed token or none', async () => {
    await expect(signInTagOfToken(jwt({ sub: 'u1' }))).resolves.toBeUndefined();
    await expect(signInTagOfToken('not-a-jwt')).resolves.toBeUndefined();
    await expect(signInTagOfToken('a.%%%.c')).resolves.toBeUndefined();
    await expect(signInTagOfToken(undefined)).resolves.toBeUndefined();
  });

  test('reads claims whose base64url needs padding', () => {
    expect(readJwtClaims(jwt({ a: 1 }))).toEqual({ a: 1 });
    expect(readJwtClaims(jwt({ ab: 12 }))).toEqual({ ab: 12 });
    expect(readJwtClaims(jwt([1, 2]))).toBeUndefined();
  });
});

describe('shouldRetryQuery', () => {
  test.each([
    [0, new ApiError(0, 'ERR_NETWORK'), true],
    [1, new ApiError(503, 'ERR_INTERNAL_SERVER_ERROR'), true],
    [2, new ApiError(503, 'ERR_INTERNAL_SERVER_ERROR'), false],
    [0, new ApiError(404, 'ERR_NO_TICKET_FOUND'), false],
    [0, new ApiError(401, 'ERR_SESSION_EXPIRED'), false],
    [0, new TypeError('bug'), false],
  ])('after %p failures with %p retries: %p', (failures, error, expected) => {
    expect(shouldRetryQuery(failures, error)).toBe(expected);
  });
});

describe('the shared texts', () => {
  /** Every leaf of a dictionary, by dotted key. */
  function leaves(value: unknown, prefix = ''): Record<string, string> {
    if (typeof value === 'string') return { [prefix]: value };
    return Object.assign(
      {},
      ...Object.entries(value as Record<string, unknown>).map(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key)),
    );
  }

  test.each(['en', 'es'] as const)('have every Portuguese key in %s, none empty', (language) => {
    const pt = leaves(commonTexts.pt);
    const other = leaves(commonTexts[language]);

    expect(Object.keys(other).sort()).toEqual(Object.keys(pt).sort());
    expect(Object.values(other).filter((text) => text.trim() === '')).toEqual([]);
  });

  test("use docs/architecture.md §8's delete confirmation wording in Portuguese", () => {
    expect(commonTexts.pt.deleteConfirmation).toEqual({
      title: 'Excluir Registro',
      message: 'Deseja realmente excluir este registro?',
    });
  });
});

describe('textsIn', () => {
  test('falls back to the Portuguese text of a key missing or empty in another language', () => {
    // Prepare: the cast stands for a dictionary that escaped the type check (e.g. built at runtime).
    const dictionary = defineTexts({
      pt: { title: 'Título', nested: { save: 'Salvar', cancel: 'Cancelar' } },
      en: { title: '', nested: { save: 'Save' } } as unknown as { title: string; nested: { save: string; cancel: string } },
      es: { title: 'Título', nested: { save: 'Guardar', cancel: 'Cancelar' } },
    });

    // Act
    const english = textsIn(dictionary, 'en');

    // Assess
    expect(english).toEqual({ title: 'Título', nested: { save: 'Save', cancel: 'Cancelar' } });
    expect(textsIn(dictionary, 'en')).toBe(english);
    expect(textsIn(dictionary, 'es').nested.save).toBe('Guardar');
  });
});
