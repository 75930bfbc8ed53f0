/**
 * The API page's calls to the external API: the typed token goes as the bearer (never the user's
 * session), a text as JSON, a file as multipart; every status is an answer to show, and only the OpenAPI
 * document's fetch fails on a bad status.
 */
import { fetchOpenApiDocument, sendExternalMedia, sendExternalText } from '../../../../web/src/api/external-api';

const API = 'https://api.example.test';

/** A fetch that records its calls and answers the given status and text. */
function fakeFetch(status: number, text: string) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetchFn: typeof fetch = (url, init = {}) => {
    calls.push({ url: url instanceof Request ? url.url : url.toString(), init });
    return Promise.resolve(new Response(text, { status }));
  };
  return { calls, fetchFn };
}

describe('sendExternalText', () => {
  it('posts JSON { number, body } to /api/messages/send with the trimmed token as the bearer', async () => {
    const { calls, fetchFn } = fakeFetch(201, '{"ticketId":"T1"}');

    const answer = await sendExternalText(API, { token: '  tok-1 ', number: '5511999990000', body: 'Olá' }, fetchFn);

    expect(answer).toEqual({ status: 201, body: { ticketId: 'T1' } });
    expect(calls).toEqual([
      {
        url: 'https://api.example.test/api/messages/send',
        init: expect.objectContaining({
          method: 'POST',
          headers: expect.objectContaining({ authorization: 'Bearer tok-1', 'content-type': 'application/json' }),
          body: JSON.stringify({ number: '5511999990000', body: 'Olá' }),
        }),
      },
    ]);
  });

  it('answers a refusal as it came, status and body, without throwing', async () => {
    const { fetchFn } = fakeFetch(401, '{"error":"ERR_INVALID_API_TOKEN"}');
    await expect(sendExternalText(API, { token: '', number: '', body: '' }, fetchFn)).resolves.toEqual({ status: 401, body: { error: 'ERR_INVALID_API_TOKEN' } });
  });

  it('keeps a body that is not JSON as text', async () => {
    const { fetchFn } = fakeFetch(502, 'Bad Gateway');
    await expect(sendExternalText(API, { token: 't', number: '1', body: 'x' }, fetchFn)).resolves.toEqual({ status: 502, body: 'Bad Gateway' });
  });
});

describe('sendExternalMedia', () => {
  it('posts multipart number, caption and the file under medias, leaving the content type to the browser', async () => {
    const { calls, fetchFn } = fakeFetch(201, '{}');
    const file = new File([new Uint8Array([1, 2, 3])], 'recibo.pdf', { type: 'application/pdf' });

    await sendExternalMedia(API, { token: 'tok', number: '5511999990000', file, caption: 'Seu recibo' }, fetchFn);

    const init: RequestInit = calls[0]?.init ?? {};
    expect(init.headers).toEqual({ authorization: 'Bearer tok', accept: 'application/json' });
    const form = init.body as FormData;
    expect(form.get('number')).toBe('5511999990000');
    expect(form.get('body')).toBe('Seu recibo');
    expect((form.get('medias') as File).name).toBe('recibo.pdf');
  });

  it('sends no caption field when the caption is empty, and no file when none was chosen', async () => {
    const { calls, fetchFn } = fakeFetch(400, '{"error":"ERR_VALIDATION"}');

    await sendExternalMedia(API, { token: 'tok', number: '1', file: undefined, caption: '' }, fetchFn);

    const form = calls[0]?.init.body as FormData;
    expect([...form.keys()]).toEqual(['number']);
  });
});

describe('fetchOpenApiDocument', () => {
  it('reads the document from /api/openapi.json without a token', async () => {
    const { calls, fetchFn } = fakeFetch(200, '{"openapi":"3.1.0"}');

    await expect(fetchOpenApiDocument(API, undefined, fetchFn)).resolves.toEqual({ openapi: '3.1.0' });
    expect(calls[0]?.url).toBe('https://api.example.test/api/openapi.json');
    expect(calls[0]?.init.headers).toEqual({ accept: 'application/json' });
  });

  it('fails on a status other than 2xx, so the page offers to try again', async () => {
    const { fetchFn } = fakeFetch(500, '{"error":"ERR_INTERNAL_SERVER_ERROR"}');
    await expect(fetchOpenApiDocument(API, undefined, fetchFn)).rejects.toThrow('answered HTTP 500');
  });
});
