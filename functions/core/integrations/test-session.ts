/**
 * POST /queueIntegration/testSession (spec 3 §7): asks a Dialogflow agent one question ('Olá' unless the
 * body says another) with the project, service account and language given, so the dialog can tell
 * whether they work before saving. Without `jsonContent`, the service account of the stored integration
 * `id` (of the caller's company: another company's id answers ERR_NO_INTEGRATION_FOUND) is used.
 * Nothing is stored. A test that does not reach the agent answers ERR_INTEGRATION_TEST_FAILED with the
 * step that failed and the service's status, never a part of the service account.
 */
import type { QueueIntegrationTestBody, QueueIntegrationTestResult } from '../../../shared/queue-integrations';
import type { Caller } from '../caller/load-caller';
import { AppError } from '../errors';
import { detectIntent } from './dialogflow-api';
import { OutboundCallError } from '../http/outbound-http';
import { readQueueIntegration } from './read-queue-integration';
import { InvalidServiceAccountError, parseServiceAccount, type ServiceAccount } from './service-account';

const DEFAULT_QUESTION = 'Olá';

export async function testDialogflowSession(caller: Caller, body: QueueIntegrationTestBody, now = new Date()): Promise<QueueIntegrationTestResult> {
  const json = body.jsonContent !== '' ? body.jsonContent : (await readQueueIntegration(caller, body.id ?? '')).jsonContent;
  if (json === '') throw new AppError('ERR_VALIDATION', { message: 'Required', fields: [{ path: 'jsonContent', message: 'Required' }] });
  let account: ServiceAccount;
  try {
    account = parseServiceAccount(json);
  } catch (error) {
    if (!(error instanceof InvalidServiceAccountError)) throw error;
    const message = 'Invalid service account JSON';
    throw new AppError('ERR_VALIDATION', { message, fields: [{ path: 'jsonContent', message }] });
  }
  try {
    const result = await detectIntent(
      account,
      // A session of its own per test: the agent's contexts of a real conversation are left alone.
      { projectId: body.projectName, sessionId: `test-${now.getTime()}`, text: body.text || DEFAULT_QUESTION, languageCode: body.language ?? 'pt-BR' },
      now,
    );
    return { success: true, messages: result.messages, endConversation: result.endConversation };
  } catch (error) {
    if (!(error instanceof OutboundCallError)) throw error;
    throw new AppError('ERR_INTEGRATION_TEST_FAILED', {
      message: error.message,
      details: { step: error.what === 'google token' ? 'token' : 'detectIntent', status: error.status },
    });
  }
}
