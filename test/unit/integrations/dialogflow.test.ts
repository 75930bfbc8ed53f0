import { createVerify } from 'node:crypto';
import { accessToken, detectIntent, DIALOGFLOW_SCOPE, forgetDialogflowTokens, signedAssertion } from '../../../functions/core/integrations/dialogflow-api';
import { InvalidServiceAccountError, parseServiceAccount, serviceAccountEmail } from '../../../functions/core/integrations/service-account';
import { ENV } from '../../../infra/resources/environment';
import { makeServiceAccount, startFakeGoogle, type FakeGoogle } from '../../support/fake-integrations';

let google: FakeGoogle;
const account = makeServiceAccount('projeto-teste');

beforeAll(async () => {
  google = await startFakeGoogle();
  google.trust(account);
  process.env[ENV.googleTokenUrl] = google.tokenUrl;
  process.env[ENV.dialogflowApiUrl] = `${google.dialogflowUrl}/`;
});

afterAll(async () => {
  Reflect.deleteProperty(process.env, ENV.googleTokenUrl);
  Reflect.deleteProperty(process.env, ENV.dialogflowApiUrl);
  await google.stop();
});

beforeEach(() => forgetDialogflowTokens());

describe('a service account', () => {
  it('is read from the JSON Google issues', () => {
    const parsed = parseServiceAccount(account.json);
    expect(parsed.clientEmail).toBe(account.clientEmail);
    expect(parsed.privateKey.asymmetricKeyType).toBe('rsa');
    expect(serviceAccountEmail(account.json)).toBe(account.clientEmail);
  });

  it('is refused with a reason that shows nothing of the file', () => {
    const broken = JSON.stringify({ ...JSON.parse(account.json), private_key: account.privateKeyPem.replace(/[A-Za-z]{10}/, '!!!!!!!!!!') });
    for (const json of ['not json', '[]', JSON.stringify({ type: 'user' }), JSON.stringify({ type: 'service_account', client_email: 'a@b' }), broken]) {
      let error: unknown;
      try {
        parseServiceAccount(json);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(InvalidServiceAccountError);
      expect(String(error)).not.toContain('PRIVATE');
      expect(String(error)).not.toContain(account.privateKeyPem.split('\n')[1]);
    }
  });
});

describe("Google's token", () => {
  it('is asked with a JWT signed by the account, for Dialogflow, at the token endpoint', () => {
    const assertion = signedAssertion(parseServiceAccount(account.json), 'https://oauth2.example/token', new Date('2026-12-02T12:00:00Z'));
    const [header, claims, signature] = assertion.split('.');
    expect(createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(account.publicKey, Buffer.from(signature ?? '', 'base64url'))).toBe(true);
    expect(JSON.parse(Buffer.from(header ?? '', 'base64url').toString())).toMatchObject({ alg: 'RS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(claims ?? '', 'base64url').toString())).toEqual({
      iss: account.clientEmail,
      scope: DIALOGFLOW_SCOPE,
      aud: 'https://oauth2.example/token',
      iat: 1_796_212_800,
      exp: 1_796_216_400,
    });
  });

  it('is kept for the next questions, and asked again for another account', async () => {
    const parsed = parseServiceAccount(account.json);
    const first = await accessToken(parsed);
    expect(await accessToken(parsed)).toBe(first);
    const other = makeServiceAccount('projeto-teste');
    await expect(accessToken(parseServiceAccount(other.json))).rejects.toMatchObject({ what: 'google token', status: 400 });
    expect(google.requests.filter((request) => request.path === '/token')).toHaveLength(2);
  });
});

describe('detectIntent', () => {
  it("answers the agent's texts, and whether the conversation ends", async () => {
    const parsed = parseServiceAccount(account.json);
    expect(await detectIntent(parsed, { projectId: 'projeto-teste', sessionId: 'ticket-1', text: 'oi', languageCode: 'pt-BR' })).toEqual({
      messages: ['Olá! Você disse: oi', 'Em que posso ajudar?'],
      endConversation: false,
    });
    expect(await detectIntent(parsed, { projectId: 'projeto-teste', sessionId: 'ticket-1', text: 'tchau', languageCode: 'pt-BR' })).toEqual({
      messages: ['Até logo!'],
      endConversation: true,
    });
    expect(google.queries.at(-1)).toEqual({ project: 'projeto-teste', session: 'ticket-1', text: 'tchau', languageCode: 'pt-BR' });
  });
});
