/** Where a help's video is read from (spec 3 §2 Helps: thumbnails come from the video host), from the code the server stores. */
import { helpThumbnailUrl as sharedThumbnailUrl, VIDEO_CODE } from '../../../../shared/helps';
import { helpEmbedUrl, helpThumbnailUrl, helpVideoId, helpWatchUrl } from '../../../../web/src/helps/help-video';

describe('the video id of a help', () => {
  it('is the stored code itself', () => {
    expect(helpVideoId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(helpVideoId('  a-b_c1234  ')).toBe('a-b_c1234');
  });

  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42', 'dQw4w9WgXcQ'],
    ['https://youtu.be/dQw4w9WgXcQ?si=x', 'dQw4w9WgXcQ'],
    ['https://www.youtube.com/embed/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
    ['https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0', 'dQw4w9WgXcQ'],
    ['https://m.youtube.com/shorts/dQw4w9WgXcQ', 'dQw4w9WgXcQ'],
  ])('is read from a link of the host: %s', (link, id) => {
    expect(helpVideoId(link)).toBe(id);
  });

  it.each(['', 'abc', 'https://evil.example/watch?v=dQw4w9WgXcQ', 'javascript:alert(1)', '"><script>', 'https://youtu.be/../../x'])(
    'is none for %j',
    (video) => {
      expect(helpVideoId(video)).toBeNull();
    },
  );

  it.each(['dQw4w9WgXcQ', 'abcdef', 'a'.repeat(20), 'abcde', 'a'.repeat(21), 'abc def', 'ab/cdef', 'ab%cdef'])(
    'agrees with the server on whether %j is a code',
    (code) => {
      expect(helpVideoId(code) === code).toBe(VIDEO_CODE.test(code));
    },
  );
});

describe('the addresses built from a video id', () => {
  it('takes the thumbnail from the host, as the server module says', () => {
    expect(helpThumbnailUrl('dQw4w9WgXcQ')).toBe('https://img.youtube.com/vi/dQw4w9WgXcQ/0.jpg');
    expect(helpThumbnailUrl('dQw4w9WgXcQ')).toBe(sharedThumbnailUrl('dQw4w9WgXcQ'));
  });

  it('plays in the privacy-enhanced player without autoplay', () => {
    const url = new URL(helpEmbedUrl('dQw4w9WgXcQ'));

    expect(url.origin + url.pathname).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(url.searchParams.has('autoplay')).toBe(false);
  });

  it("links to the video's page on the host", () => {
    expect(helpWatchUrl('dQw4w9WgXcQ')).toBe('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });
});
