/**
 * The AI's pure rules (core/ai/): when a customer's words ask for a person, and when a company may still
 * use tokens this month.
 */
import { withinAiCap } from '../../../functions/core/ai/ai-usage';
import { asksForPerson } from '../../../functions/core/ai/prompt-turn';

describe('a customer asking for a person', () => {
  it.each(['quero falar com um atendente', 'Posso falar com alguém?', 'preciso de um HUMANO', 'I want a human agent', 'quiero hablar con una persona'])(
    'is heard in “%s”',
    (text) => expect(asksForPerson(text)).toBe(true),
  );

  it.each(['Qual o horário de vocês?', 'Vocês atendem no sábado?', 'obrigado pela atenção'])('is not heard in “%s”', (text) => expect(asksForPerson(text)).toBe(false));
});

describe('the monthly cap of AI tokens', () => {
  it('lets a company use tokens below its cap, none at or past it, and none when the cap is 0', () => {
    expect(withinAiCap(999, 1000)).toBe(true);
    expect(withinAiCap(1000, 1000)).toBe(false);
    expect(withinAiCap(0, 0)).toBe(false);
  });
});
