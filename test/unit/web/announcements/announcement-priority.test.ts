/** How an announcement's priority shows: its colour (spec 3 §9: 1 red, 2 orange, 3 grey) and its word in each language. */
import {
  PRIORITY_BADGE_COLOURS,
  PRIORITY_CHOICES,
  priorityColour,
  priorityLabel,
  priorityOf,
} from '../../../../web/src/announcements/announcement-priority';
import { announcementPriorityTexts } from '../../../../web/src/announcements/texts';
import { textsIn } from '../../../../web/src/i18n/texts';

describe('the colour of a priority', () => {
  it('is red for 1, orange for 2 and grey for 3', () => {
    expect([priorityColour(1), priorityColour(2), priorityColour(3)]).toEqual(['red', 'orange', 'grey']);
  });

  it('is grey, the default low priority, for a value the server never sends', () => {
    expect([priorityColour(0), priorityColour(4), priorityColour(undefined), priorityColour('x')]).toEqual(['grey', 'grey', 'grey', 'grey']);
  });

  it('maps to a distinct Fluent badge colour each, red to danger and orange to warning', () => {
    expect(PRIORITY_BADGE_COLOURS).toEqual({ red: 'danger', orange: 'warning', grey: 'informative' });
    expect(new Set(Object.values(PRIORITY_BADGE_COLOURS)).size).toBe(3);
  });
});

describe('the word of a priority', () => {
  it.each([
    ['pt', ['Alta', 'Média', 'Baixa']],
    ['en', ['High', 'Medium', 'Low']],
    ['es', ['Alta', 'Media', 'Baja']],
  ] as const)('reads high, medium and low in %s', (language, words) => {
    const labels = textsIn(announcementPriorityTexts, language);

    expect(PRIORITY_CHOICES.map((priority) => priorityLabel(labels, priority))).toEqual(words);
  });
});

describe('the priority of a chosen value', () => {
  it('reads the dropdown option values "1", "2" and "3" as numbers', () => {
    expect([priorityOf('1'), priorityOf('2'), priorityOf('3')]).toEqual([1, 2, 3]);
  });

  it('falls back to low for anything else', () => {
    expect([priorityOf(''), priorityOf('9'), priorityOf(null)]).toEqual([3, 3, 3]);
  });

  it('offers the choices highest first', () => {
    expect(PRIORITY_CHOICES).toEqual([1, 2, 3]);
  });
});
