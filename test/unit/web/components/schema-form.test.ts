/** The admin-page kit's form and delete pieces: schema messages by field, what shows when, the one delete wording. */
import { jest } from '@jest/globals';
import { z } from 'zod';
import { CreateContactBody } from '../../../../shared/contacts';
import { ApiError } from '../../../../web/src/api/client';
import { pointerRelease } from '../../../../web/src/components/pointer-release';
import {
  fieldOf,
  fieldValidation,
  firstPerPath,
  leavingShows,
  pause,
  schemaFieldMessages,
  serverFieldErrors,
  shownMessages,
} from '../../../../web/src/components/use-schema-form';
import { FORM_SUBMIT_DELAY_MS } from '../../../../web/src/components/timing';
import { commonTexts } from '../../../../web/src/i18n/common';

describe('schemaFieldMessages', () => {
  test("answers the shared schema's own messages by field path", () => {
    const messages = schemaFieldMessages(CreateContactBody, { name: 'A', number: '5511999990000', email: 'x@', extraInfo: [{ name: '', value: 'v' }] });

    expect(messages).toMatchObject({ name: 'Muito pequeno!', email: 'Email inválido' });
    expect(Object.keys(messages)).toContain('extraInfo.0.name');
  });

  test('answers nothing for a body the server would take', () => {
    expect(schemaFieldMessages(CreateContactBody, { name: 'Ana', number: '5511999990000', email: '', extraInfo: [] })).toEqual({});
  });

  test('keeps the first message of a field that breaks two rules', () => {
    const schema = z.object({ code: z.string().min(3, 'first').regex(/^\d+$/, 'second') });

    expect(schemaFieldMessages(schema, { code: 'x' })).toEqual({ code: 'first' });
    expect(firstPerPath([{ path: 'a', message: '1' }, { path: 'a', message: '2' }])).toEqual({ a: '1' });
  });
});

describe('serverFieldErrors', () => {
  test('reads the fields of an ERR_VALIDATION answer', () => {
    const error = new ApiError(400, 'ERR_VALIDATION', { error: 'ERR_VALIDATION', fields: [{ path: 'number', message: 'Número inválido' }] });

    expect(serverFieldErrors(error)).toEqual([{ path: 'number', message: 'Número inválido' }]);
  });

  test('leaves any other failure to the caller (a toast)', () => {
    expect(serverFieldErrors(new ApiError(409, 'ERR_DUPLICATED_CONTACT', { error: 'ERR_DUPLICATED_CONTACT' }))).toBeUndefined();
    expect(serverFieldErrors(new ApiError(400, 'ERR_VALIDATION', { error: 'ERR_VALIDATION', fields: [] }))).toBeUndefined();
    expect(serverFieldErrors(new Error('network'))).toBeUndefined();
  });
});

describe('shownMessages', () => {
  const client = { name: 'Obrigatório', 'extraInfo.1.value': 'Obrigatório' };

  test('shows nothing of a field the user has not left before the form is sent', () => {
    expect(shownMessages(client, {}, new Set(), false)).toEqual({});
  });

  test('shows the messages of a field once it was left, a list field by its first part', () => {
    expect(shownMessages(client, {}, new Set(['name']), false)).toEqual({ name: 'Obrigatório' });
    expect(shownMessages(client, {}, new Set(['extraInfo']), false)).toEqual({ 'extraInfo.1.value': 'Obrigatório' });
  });

  test('shows every message once the form was sent', () => {
    expect(shownMessages(client, {}, new Set(), true)).toEqual(client);
  });

  test("shows the server's messages, the schema's taking a field's place when it has one", () => {
    expect(shownMessages({ name: 'Obrigatório' }, { name: 'Nome já usado', number: 'Número inválido' }, new Set(['name']), false)).toEqual({
      name: 'Obrigatório',
      number: 'Número inválido',
    });
  });
});

describe('when leaving a field shows its messages (issue 27)', () => {
  test('a field the user changed shows its messages once left; one the focus only passed through waits for a save', () => {
    const changed = new Set(['name']);

    expect(leavingShows('name', changed)).toBe(true);
    // The queue dialog's name field, blurred as the dialog moves the focus to its tabs.
    expect(leavingShows('color', changed)).toBe(false);
    expect(shownMessages({ color: 'Obrigatório' }, {}, new Set(), false)).toEqual({});
  });

  test('a list field is changed and left by its first part', () => {
    expect(fieldOf('extraInfo.0.value')).toBe('extraInfo');
    expect(fieldOf('name')).toBe('name');
  });
});

describe('a message of a field left by pressing another control (issue 27)', () => {
  const press = (target: EventTarget, type: string) => target.dispatchEvent(new Event(type));

  test('shows at once when no pointer is pressed (a Tab key)', () => {
    const shown = jest.fn();

    pointerRelease(new EventTarget()).afterRelease(shown);

    expect(shown).toHaveBeenCalledTimes(1);
  });

  test("waits while the press lasts, and shows only after the release's click, which it cannot move away", async () => {
    jest.useFakeTimers();
    try {
      const page = new EventTarget();
      const release = pointerRelease(page);
      const shown = jest.fn();

      press(page, 'pointerdown');
      release.afterRelease(shown);
      expect(shown).not.toHaveBeenCalled();
      press(page, 'pointerup');
      // The click is dispatched in the release's own task: the message waits for the next one.
      expect(shown).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(0);
      expect(shown).toHaveBeenCalledTimes(1);

      // A cancelled press (a touch turned into a scroll) releases too.
      const other = jest.fn();
      press(page, 'pointerdown');
      release.afterRelease(other);
      press(page, 'pointercancel');
      await jest.advanceTimersByTimeAsync(0);
      expect(other).toHaveBeenCalledTimes(1);
    } finally {
      jest.useRealTimers();
    }
  });
});

describe('sending a form', () => {
  test('waits the 400 ms of spec 1 §9 before it goes', async () => {
    jest.useFakeTimers();
    try {
      let done = false;
      const waiting = pause(FORM_SUBMIT_DELAY_MS).then(() => {
        done = true;
      });

      await jest.advanceTimersByTimeAsync(399);
      expect(done).toBe(false);
      await jest.advanceTimersByTimeAsync(1);
      await waiting;
      expect(done).toBe(true);
      expect(FORM_SUBMIT_DELAY_MS).toBe(400);
    } finally {
      jest.useRealTimers();
    }
  });

  test("gives a Fluent field its message and error state, or nothing", () => {
    expect(fieldValidation('Obrigatório')).toEqual({ validationMessage: 'Obrigatório', validationState: 'error' });
    expect(fieldValidation(undefined)).toEqual({});
  });
});

describe('the delete confirmation', () => {
  test('says the one wording of docs/architecture.md §8 in every language', () => {
    expect(commonTexts.pt.deleteConfirmation).toEqual({ title: 'Excluir Registro', message: 'Deseja realmente excluir este registro?' });
    expect(commonTexts.en.deleteConfirmation).toEqual({ title: 'Delete record', message: 'Do you really want to delete this record?' });
    expect(commonTexts.es.deleteConfirmation).toEqual({ title: 'Eliminar registro', message: '¿Realmente desea eliminar este registro?' });
  });
});
