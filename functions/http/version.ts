/** GET /version: the product version, public (the menu shows it; monitors call it). */
import { APP_VERSION } from '../../shared/version';
import { httpModule, publicRoute } from '../core/http/http-module';
import { ok } from '../core/http/reply';

export const handler = httpModule('version', {
  'GET /version': publicRoute({}, () => Promise.resolve(ok({ version: APP_VERSION }))),
});
