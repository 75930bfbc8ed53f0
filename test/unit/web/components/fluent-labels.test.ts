import { expandIconLabelling, fluentLabelTexts } from '../../../../web/src/components/fluent-labels';
import { slotWith } from '../../../../web/src/components/slot-with';
import { textsIn } from '../../../../web/src/i18n/texts';

describe("Fluent's own labels", () => {
  test.each(['pt', 'es'] as const)('are never English in %s', (language) => {
    const texts = textsIn(fluentLabelTexts, language);

    expect(Object.values(texts)).not.toContain('Open');
    expect(texts.clearSelection).not.toMatch(/clear/i);
    expect(texts.clear).not.toMatch(/clear/i);
  });

  test("names a combobox's expand button with the interface's word and the field's label after it", () => {
    const pt = textsIn(fluentLabelTexts, 'pt');

    expect(expandIconLabelling(pt, 'icon-1', { labelledBy: 'label-7' })).toEqual({
      id: 'icon-1',
      'aria-label': 'Abrir',
      'aria-labelledby': 'icon-1 label-7',
    });
    expect(expandIconLabelling(pt, 'icon-1', { label: 'Etiquetas' })).toEqual({ 'aria-label': 'Abrir Etiquetas' });
    expect(expandIconLabelling(pt, 'icon-1', {})).toEqual({ 'aria-label': 'Abrir' });
  });

  test('give way to the props a screen gives the slot, and to a slot it hides', () => {
    const ours = { 'aria-label': 'Limpar' };

    expect(slotWith(ours, undefined)).toEqual(ours);
    expect(slotWith(ours, { 'aria-label': 'Limpar a busca', className: 'x' })).toEqual({ 'aria-label': 'Limpar a busca', className: 'x' });
    expect(slotWith(ours, null)).toBeNull();
  });
});
