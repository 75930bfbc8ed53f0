/** Every code the server can answer has a Portuguese text in the web app (spec 1 §8: translated toasts). */
import { ERROR_STATUS } from '../../shared/errors';
import { pt } from '../../web/src/i18n/pt';

describe('the web error texts', () => {
  it.each(Object.keys(ERROR_STATUS))('translate %s', (code) => {
    expect(Object.keys(pt.errors)).toContain(code);
  });
});
