/** The Ajuda tab's form: a pasted link becomes the video's code, and the body the server takes. */
import { schemaFieldMessages } from '../../../../web/src/components/use-schema-form';
import { emptyHelpForm, helpBody, helpSchema, videoCodeOf, videoLinkOf } from '../../../../web/src/platform/help-form';

describe('the help video form', () => {
  it.each([
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?t=42',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://youtube.com/shorts/dQw4w9WgXcQ',
    ' dQw4w9WgXcQ ',
  ])('reads the code dQw4w9WgXcQ from %s', (typed) => {
    expect(videoCodeOf(typed)).toBe('dQw4w9WgXcQ');
  });

  it('sends the code of a pasted link, which the server’s schema takes', () => {
    const body = helpBody({ ...emptyHelpForm(), title: 'Primeiros passos', video: 'https://youtu.be/dQw4w9WgXcQ' });
    expect(body).toEqual({ title: 'Primeiros passos', description: '', video: 'dQw4w9WgXcQ' });
    expect(schemaFieldMessages(helpSchema(true), body)).toEqual({});
  });

  it('leaves a link of another site as typed, for the schema to refuse', () => {
    const body = helpBody({ ...emptyHelpForm(), title: 'Outro', video: 'https://example.com/video.mp4' });
    expect(schemaFieldMessages(helpSchema(true), body)).toEqual({ video: 'Invalid video code' });
  });

  it('links a stored code to its page on the video host', () => {
    expect(videoLinkOf('dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });
});
