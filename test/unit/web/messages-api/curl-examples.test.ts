/** The curl commands of the API page: this stage's endpoint, the token as $TOKEN, values quoted for the shell. */
import { curlMediaExample, curlTextExample, shellQuoted } from '../../../../web/src/messages-api/curl-examples';

const endpoint = 'https://api.example.test/api/messages/send';

describe('the curl examples', () => {
  it('send a JSON text with the bearer token to the endpoint given', () => {
    expect(curlTextExample(endpoint, { number: '5511999990000', body: 'Seu pedido saiu para entrega' })).toBe(
      [
        `curl -X POST 'https://api.example.test/api/messages/send' \\`,
        '  -H "Authorization: Bearer $TOKEN" \\',
        "  -H 'Content-Type: application/json' \\",
        `  -d '{"number":"5511999990000","body":"Seu pedido saiu para entrega"}'`,
      ].join('\n'),
    );
  });

  it('send a file in the media field with its caption as multipart form fields', () => {
    const command = curlMediaExample(endpoint, { number: '5511999990000', body: 'Seu comprovante', fileName: 'comprovante.pdf', field: 'medias' });

    expect(command.split('\n')).toEqual([
      `curl -X POST 'https://api.example.test/api/messages/send' \\`,
      '  -H "Authorization: Bearer $TOKEN" \\',
      "  -F 'number=5511999990000' \\",
      "  -F 'body=Seu comprovante' \\",
      "  -F 'medias=@comprovante.pdf'",
    ]);
  });

  it("quote a single quote so the shell keeps it (a text like \"it's\")", () => {
    expect(shellQuoted("it's")).toBe(`'it'\\''s'`);
    expect(curlTextExample(endpoint, { number: '1', body: "it's" })).toContain(`-d '{"number":"1","body":"it'\\''s"}'`);
  });
});
