import { OutboundCallError } from '../../../functions/core/http/outbound-http';
import { continueTypebotChat, startTypebotChat, TypebotSessionGoneError, whatsappTextOf } from '../../../functions/core/integrations/typebot-api';
import { isExpired, pickChoice } from '../../../functions/core/integrations/typebot-turn';
import type { TicketIntegrationSession } from '../../../functions/core/repositories/tickets';
import { ENV } from '../../../infra/resources/environment';
import { startFakeTypebot, startFakeWebhook, type FakeTypebot } from '../../support/fake-integrations';

let typebot: FakeTypebot;

beforeAll(async () => {
  typebot = await startFakeTypebot('bot-publico');
  // The stand-in listens on 127.0.0.1, as the local cloud allows.
  process.env[ENV.integrationPrivateHostsAllowed] = 'true';
});

afterAll(async () => {
  Reflect.deleteProperty(process.env, ENV.integrationPrivateHostsAllowed);
  await typebot.stop();
});

describe("Typebot's chat API", () => {
  it('starts a conversation: its bubbles as WhatsApp texts, its choices listed', async () => {
    const answer = await startTypebotChat(`${typebot.url}/`, 'bot-publico', { number: '5511999990000', pushName: 'Ana' });

    expect(answer.messages).toEqual(['Olá! Eu sou o *bot* de atendimento.', 'Com qual setor quer falar?', '1 - Vendas\n2 - Suporte']);
    expect(answer.choices).toEqual(['Vendas', 'Suporte']);
    expect(answer.waitsForInput).toBe(true);
    const sent = JSON.parse(typebot.requests.at(-1)?.body ?? '{}');
    expect(sent).toEqual({ isStreamEnabled: false, textBubbleContentFormat: 'markdown', prefilledVariables: { number: '5511999990000', pushName: 'Ana' } });
  });

  it('continues it to its end, and knows a session Typebot forgot', async () => {
    const { sessionId } = await startTypebotChat(typebot.url, 'bot-publico', {});
    expect((await continueTypebotChat(typebot.url, sessionId, 'Suporte')).messages).toEqual(['Você escolheu Suporte.', 'Qual é o seu nome?']);
    const last = await continueTypebotChat(typebot.url, sessionId, 'Ana');
    expect(last).toMatchObject({ sessionId, choices: [], waitsForInput: false });
    await expect(continueTypebotChat(typebot.url, sessionId, 'de novo')).rejects.toBeInstanceOf(TypebotSessionGoneError);
  });

  it('fails clearly on an unknown bot or a server error', async () => {
    await expect(startTypebotChat(typebot.url, 'outro-bot', {})).rejects.toMatchObject({ what: 'typebot startChat', status: 404 });
    const broken = await startFakeWebhook({ status: 502, body: 'bad gateway', contentType: 'text/plain' });
    try {
      await expect(continueTypebotChat(broken.url, 's1', 'oi')).rejects.toBeInstanceOf(OutboundCallError);
    } finally {
      await broken.stop();
    }
  });

  it('writes markdown as WhatsApp does', () => {
    expect(whatsappTextOf('**Promoção** de _hoje_: 10\\% off\\!')).toBe('*Promoção* de _hoje_: 10% off!');
  });
});

describe('the customer answering a choice', () => {
  const choices = ['Vendas', 'Suporte técnico'];

  it('picks by number or by text, case and accents aside', () => {
    expect(pickChoice(choices, '2')).toBe('Suporte técnico');
    expect(pickChoice(choices, ' 1. ')).toBe('Vendas');
    expect(pickChoice(choices, 'SUPORTE TECNICO')).toBe('Suporte técnico');
    expect(pickChoice(choices, '3')).toBeUndefined();
    expect(pickChoice(choices, 'quero comprar')).toBeUndefined();
  });
});

describe('a conversation going quiet', () => {
  const session = (lastAt: string): TicketIntegrationSession => ({
    integrationId: 'i',
    queueId: 'q',
    startedAt: lastAt,
    lastAt,
    typebotSessionId: 's',
    choices: [],
  });
  const now = new Date('2026-12-02T12:00:00Z');

  it('expires after typebotExpires minutes, never with 0', () => {
    expect(isExpired(session('2026-12-02T11:59:30Z'), 1, now)).toBe(false);
    expect(isExpired(session('2026-12-02T11:58:59Z'), 1, now)).toBe(true);
    expect(isExpired(session('2026-11-01T00:00:00Z'), 0, now)).toBe(false);
  });
});
