/**
 * The external messaging API as the API page (/messages-api) calls it from the browser: the public
 * OpenAPI document (GET /api/openapi.json) and the page's test sends (POST /api/messages/send). These
 * calls do not go through the app's client (client.ts): the bearer is a connection's API token typed
 * into the page, not the user's session, so a 401 here is an answer to show, never the end of the
 * user's session.
 */
import { useQuery } from '@tanstack/react-query';
// Types only: the shared module's schemas (and zod) stay out of the API page's chunk.
import type { ExternalSendResult } from '../../../shared/external-api';
import type { ErrorBody } from '../../../shared/errors';
import { useServices } from '../runtime/services';

export type { ExternalSendResult };

export const EXTERNAL_SEND_PATH = '/api/messages/send';
export const OPENAPI_DOCUMENT_PATH = '/api/openapi.json';
/** The multipart field the files go in (the API also takes `file`). */
export const MEDIA_FIELD = 'medias';

export const externalApiKeys = {
  all: ['externalApi'] as const,
  document: ['externalApi', 'openapi'] as const,
};

/** An address of the API: its base URL (the runtime config's, no trailing slash) and a path. */
export const externalApiUrl = (apiUrl: string, path: string): string => `${apiUrl}${path}`;

/** What the API answered a test send: the status and the parsed body (the text when not JSON). */
export interface ExternalApiAnswer {
  readonly status: number;
  readonly body: ExternalSendResult | ErrorBody | string;
}

export interface TextSend {
  readonly token: string;
  readonly number: string;
  readonly body: string;
}

export interface MediaSend {
  readonly token: string;
  readonly number: string;
  readonly file: File | undefined;
  /** The file's caption; may be empty. */
  readonly caption: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token.trim()}` });

async function answerOf(response: Response): Promise<ExternalApiAnswer> {
  const text = await response.text();
  try {
    return { status: response.status, body: JSON.parse(text) as ExternalApiAnswer['body'] };
  } catch {
    return { status: response.status, body: text };
  }
}

/** A JSON text send. Any status is an answer; only an unreachable API rejects. */
export async function sendExternalText(apiUrl: string, send: TextSend, fetchFn: typeof fetch = fetch): Promise<ExternalApiAnswer> {
  const response = await fetchFn(externalApiUrl(apiUrl, EXTERNAL_SEND_PATH), {
    method: 'POST',
    headers: { ...bearer(send.token), 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ number: send.number, body: send.body }),
  });
  return answerOf(response);
}

/** A multipart media send; without a file the form goes anyway, so the API's own refusal is shown. */
export async function sendExternalMedia(apiUrl: string, send: MediaSend, fetchFn: typeof fetch = fetch): Promise<ExternalApiAnswer> {
  const form = new FormData();
  form.append('number', send.number);
  if (send.caption !== '') form.append('body', send.caption);
  if (send.file !== undefined) form.append(MEDIA_FIELD, send.file, send.file.name);
  // No content type: the browser writes multipart/form-data with its boundary.
  const response = await fetchFn(externalApiUrl(apiUrl, EXTERNAL_SEND_PATH), {
    method: 'POST',
    headers: { ...bearer(send.token), accept: 'application/json' },
    body: form,
  });
  return answerOf(response);
}

/** The OpenAPI document, as JSON to be read by the page (openapi-view.ts); public, so no token is sent. */
export async function fetchOpenApiDocument(apiUrl: string, signal?: AbortSignal, fetchFn: typeof fetch = fetch): Promise<unknown> {
  const response = await fetchFn(externalApiUrl(apiUrl, OPENAPI_DOCUMENT_PATH), {
    headers: { accept: 'application/json' },
    ...(signal !== undefined && { signal }),
  });
  if (!response.ok) throw new Error(`GET ${OPENAPI_DOCUMENT_PATH} answered HTTP ${response.status}`);
  return response.json() as Promise<unknown>;
}

export function useOpenApiDocument() {
  const { config } = useServices();
  return useQuery({
    queryKey: externalApiKeys.document,
    queryFn: ({ signal }) => fetchOpenApiDocument(config.apiUrl, signal),
    // It changes only with a deployment.
    staleTime: 5 * 60 * 1000,
  });
}
