/**
 * Issue 27, point 10: counts through the i18n layer ('1 ticket', never '1 tickets'), dates in the
 * interface language's order (month first in English), and the words a user tripped over.
 */
import { dateLabel, dateTimeLabel, isoDateLabel, timeLabel } from '../../../../web/src/i18n/dates';
import { countText, textsIn } from '../../../../web/src/i18n/texts';
import { LANGUAGES } from '../../../../web/src/i18n/language';
import { menuPageById } from '../../../../web/src/app/page-registry';
import { contactsTexts } from '../../../../web/src/contacts/texts';
import { notificationsTexts } from '../../../../web/src/notifications/texts';
import { platformTexts } from '../../../../web/src/platform/texts';
import { queuesTexts } from '../../../../web/src/queues/texts';
import { settingsTexts } from '../../../../web/src/settings/texts';
import { tagsTexts } from '../../../../web/src/tags/texts';

describe('countText', () => {
  test("says '1 ticket' and '2 tickets' on /tags, in every language", () => {
    for (const language of LANGUAGES) {
      const forms = textsIn(tagsTexts, language).table.ticketsCount;
      expect([language, countText(forms, 1, language), countText(forms, 2, language), countText(forms, 0, language)]).toEqual([
        language,
        '1 ticket',
        '2 tickets',
        '0 tickets',
      ]);
    }
  });

  test('picks the singular of the notifications and of the contacts export in Portuguese', () => {
    const notifications = textsIn(notificationsTexts, 'pt');
    expect(countText(notifications.unread, 1, 'pt')).toBe('1 mensagem não lida');
    expect(countText(notifications.unread, 3, 'pt')).toBe('3 mensagens não lidas');
    expect(countText(notifications.buttonWithCount, 1, 'pt')).toBe('Notificações: 1 atendimento com mensagens novas');
    expect(countText(textsIn(contactsTexts, 'pt').page.exportReady, 1, 'pt', { file: 'contatos.xlsx' })).toBe('1 contato exportado em contatos.xlsx.');
  });

  test("says none as the text's own words for exactly 0, where Portuguese would take the singular", () => {
    expect(countText(textsIn(contactsTexts, 'pt').importDialog.done, 0, 'pt')).toBe('Importação concluída: nenhum contato criado.');
    expect(countText({ one: '{{count}} ticket', other: '{{count}} tickets' }, 0, 'pt')).toBe('0 ticket');
  });

  test('falls back to the other form for a category a text does not have', () => {
    // Spanish and Portuguese call a million 'many'; the texts have only one and other.
    expect(countText({ one: '{{count}} item', other: '{{count}} itens' }, 1_000_000, 'es')).toBe('1000000 itens');
  });
});

describe('dates in the interface language', () => {
  const at = new Date(2025, 0, 31, 9, 5);

  test('writes the day first in Portuguese and Spanish and the month first in English', () => {
    expect(dateLabel(at, 'pt')).toBe('31/01/2025');
    expect(dateLabel(at, 'es')).toBe('31/01/2025');
    expect(dateLabel(at, 'en')).toBe('01/31/2025');
  });

  test('writes hours on the 24-hour clock, HH:mm, in every language', () => {
    expect(timeLabel(new Date(2025, 0, 31, 21, 5))).toBe('21:05');
    expect(dateTimeLabel(at, 'en')).toBe('01/31/2025 09:05');
  });

  test('reads a calendar date without moving its day, with or without the year', () => {
    expect(isoDateLabel('2025-03-09', 'pt')).toBe('09/03/2025');
    expect(isoDateLabel('2025-03-09', 'en')).toBe('03/09/2025');
    expect(isoDateLabel('2025-03-09', 'en', { withYear: false })).toBe('03/09');
    expect(isoDateLabel('2025-03-09', 'es', { withYear: false })).toBe('09/03');
    expect(isoDateLabel('soon', 'pt')).toBe('');
  });
});

describe('the words of issue 27', () => {
  test("reminds to save with Brazilian Portuguese 'registrar', not 'registar'", () => {
    expect(queuesTexts.pt.hours.reminder).toBe('Clique em salvar para registrar as alterações.');
    expect(settingsTexts.pt.hours.reminder).toBe('Clique em salvar para registrar as alterações.');
  });

  test("spells OpenAI one way, in the menu and on the plans", () => {
    for (const language of LANGUAGES) {
      expect(menuPageById('prompts').menu.label?.[language]).toBe('OpenAI');
      expect(textsIn(platformTexts, language).plans.flags.useOpenAi).toBe('OpenAI');
    }
  });
});
