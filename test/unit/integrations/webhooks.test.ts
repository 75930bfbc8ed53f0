import { answerIds, answerTexts, retryPauseSeconds, type WebhookDelivery } from '../../../functions/core/integrations/webhook-delivery';
import { newSigningSecret, verifyWebhookSignature, webhookSignature } from '../../../functions/core/integrations/webhook-signature';
import { ENV } from '../../../infra/resources/environment';

const answer = (text: string, contentType = 'application/json') => ({ status: 200, contentType, text });

describe('what a webhook answers', () => {
  it('is sent back when it carries text', () => {
    expect(answerTexts(answer('{"text":"Olá"}'))).toEqual(['Olá']);
    expect(answerTexts(answer('"Só texto"'))).toEqual(['Só texto']);
    expect(answerTexts(answer('{"message":"m","text":"t"}'))).toEqual(['t']);
    expect(answerTexts(answer('[{"output":"um"},{"reply":"dois"},{"answer":"  "},{"other":1}]'))).toEqual(['um', 'dois']);
    expect(answerTexts(answer('Resposta simples', 'text/plain; charset=utf-8'))).toEqual(['Resposta simples']);
  });

  it('sends nothing without text', () => {
    expect(answerTexts(answer(''))).toEqual([]);
    expect(answerTexts(answer('{"ok":true}'))).toEqual([]);
    expect(answerTexts(answer('<html>ok</html>', 'text/html'))).toEqual([]);
  });

  it('is bounded: at most 20 texts of 4096 characters', () => {
    const many = JSON.stringify(Array.from({ length: 30 }, (_, index) => ({ text: `${index}`.repeat(5000) })));
    const texts = answerTexts(answer(many));
    expect(texts).toHaveLength(20);
    expect(texts[0]).toHaveLength(4096);
  });
});

describe('the signature', () => {
  it('is the HMAC-SHA256 of the body, and only the secret verifies it', () => {
    const secret = newSigningSecret();
    const body = '{"event":"message"}';
    const signature = webhookSignature(secret, body);
    expect(signature).toMatch(/^sha256=[0-9a-f]{64}$/);
    expect(verifyWebhookSignature(secret, body, signature)).toBe(true);
    expect(verifyWebhookSignature(secret, `${body} `, signature)).toBe(false);
    expect(verifyWebhookSignature(newSigningSecret(), body, signature)).toBe(false);
    expect(verifyWebhookSignature(secret, body, 'sha256=00')).toBe(false);
  });

  it('comes from a new random secret each time', () => {
    expect(newSigningSecret()).not.toBe(newSigningSecret());
  });
});

describe('the ids of an answer', () => {
  const delivery: Pick<WebhookDelivery, 'deliveryId' | 'message'> = {
    deliveryId: 'T1.M1',
    message: { id: 'T1.M1', body: 'oi', mediaType: 'chat', mediaKey: null, mediaContentType: null, whatsappMessageId: 'W', createdAt: '2026-12-02T12:00:00.000Z' },
  };

  it('are the same on every run of the delivery, and sort after the message answered, part by part', () => {
    expect(answerIds(delivery, 0)).toEqual(answerIds(delivery, 0));
    expect(answerIds(delivery, 0).ulid < answerIds(delivery, 1).ulid).toBe(true);
    expect(answerIds(delivery, 0).whatsappMessageId).not.toBe(answerIds(delivery, 1).whatsappMessageId);
    expect(answerIds({ ...delivery, deliveryId: 'T1.M2' }, 0).ulid).not.toBe(answerIds(delivery, 0).ulid);
  });
});

describe('the pause before a retry', () => {
  afterEach(() => {
    Reflect.deleteProperty(process.env, ENV.integrationRetryBaseSeconds);
  });

  it('doubles from the configured base, 20 seconds when unset', () => {
    expect([1, 2, 3].map(retryPauseSeconds)).toEqual([20, 40, 80]);
    process.env[ENV.integrationRetryBaseSeconds] = '1';
    expect([1, 2, 3].map(retryPauseSeconds)).toEqual([1, 2, 4]);
    expect(retryPauseSeconds(20)).toBe(900);
  });
});
