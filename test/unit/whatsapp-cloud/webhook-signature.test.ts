import { createHmac } from 'node:crypto';
import { isSignedByMeta, webhookSignature } from '../../../functions/core/whatsapp-cloud/webhook-signature';

const SECRET = '0123456789abcdef0123456789abcdef';
const BODY = '{"object":"whatsapp_business_account","entry":[{"id":"1","changes":[]}],"note":"ação"}';

describe('the Cloud API webhook signature', () => {
  it("is sha256= and the hex HMAC-SHA256 of the raw body's bytes under the app secret, as Meta sends it", () => {
    // Prepare
    const expected = createHmac('sha256', SECRET).update(Buffer.from(BODY, 'utf8')).digest('hex');

    // Act
    const signature = webhookSignature(BODY, SECRET);

    // Assess
    expect(signature).toBe(`sha256=${expected}`);
  });

  it("accepts the body Meta signed, in Meta's lower case or in upper case", () => {
    const signature = webhookSignature(BODY, SECRET);

    expect(isSignedByMeta(BODY, signature, SECRET)).toBe(true);
    expect(isSignedByMeta(BODY, signature.toUpperCase(), SECRET)).toBe(true);
  });

  it('refuses another body, another secret, a bare hex, a missing header and an empty secret', () => {
    const signature = webhookSignature(BODY, SECRET);

    expect(isSignedByMeta(`${BODY} `, signature, SECRET)).toBe(false);
    expect(isSignedByMeta(BODY, webhookSignature(BODY, 'another-secret-of-the-app'), SECRET)).toBe(false);
    expect(isSignedByMeta(BODY, signature.replace('sha256=', ''), SECRET)).toBe(false);
    expect(isSignedByMeta(BODY, undefined, SECRET)).toBe(false);
    expect(isSignedByMeta(BODY, webhookSignature(BODY, ''), '')).toBe(false);
  });

  it('refuses a re-serialized body: only the bytes as received verify', () => {
    const signature = webhookSignature(BODY, SECRET);

    expect(isSignedByMeta(JSON.stringify(JSON.parse(BODY), null, 1), signature, SECRET)).toBe(false);
  });
});
