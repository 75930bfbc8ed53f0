/**
 * Where a help's video lives on the video host (spec 3 §2 Helps: thumbnails come from a video host).
 * The server stores only a video code (shared/helps.ts VIDEO_CODE), never a URL, so a help cannot send
 * a browser anywhere else; the web builds the thumbnail, the player and the host's page from the code
 * here. A full link pasted by older data is read for its code; anything else gives no video, and the
 * card then shows its title without a picture or a player.
 *
 * The server's pattern is repeated here rather than imported: shared/helps.ts builds its zod schemas
 * on load, which would put zod in the helps page's chunk for one regular expression (a unit test keeps
 * the two in step).
 */

/** The host's video ids: letters, digits, '-' and '_' (the server's VIDEO_CODE). */
const VIDEO_ID = /^[A-Za-z0-9_-]{6,20}$/;

/** The hosts whose links carry a video id, and where in the link it sits. */
const LINK_PATTERNS: readonly RegExp[] = [
  /^https?:\/\/(?:www\.|m\.)?youtube(?:-nocookie)?\.com\/(?:embed|shorts|live|v)\/([^/?#]+)/i,
  /^https?:\/\/youtu\.be\/([^/?#]+)/i,
];

/** The video id of a help's `video`: the code itself, or the id in a link of the host; null when there is none. */
export function helpVideoId(video: string): string | null {
  const value = video.trim();
  if (VIDEO_ID.test(value)) return value;
  let candidate: string | null = null;
  for (const pattern of LINK_PATTERNS) {
    const match = pattern.exec(value);
    if (match?.[1] !== undefined) candidate = match[1];
  }
  if (candidate === null && /^https?:\/\/(?:www\.|m\.)?youtube\.com\/watch\?/i.test(value)) {
    candidate = new URL(value).searchParams.get('v');
  }
  return candidate !== null && VIDEO_ID.test(candidate) ? candidate : null;
}

/** The still the host serves for the video (the same picture as shared/helps.ts helpThumbnailUrl). */
export function helpThumbnailUrl(videoId: string): string {
  return `https://img.youtube.com/vi/${encodeURIComponent(videoId)}/0.jpg`;
}

/**
 * The player inside the popup: the host's privacy-enhanced domain (no cookies until the video plays),
 * without autoplay (nothing plays until the user presses play) and without suggestions from other channels.
 */
export function helpEmbedUrl(videoId: string): string {
  return `https://www.youtube-nocookie.com/embed/${encodeURIComponent(videoId)}?rel=0`;
}

/** The video's own page on the host: the way out when the player or the thumbnail cannot load. */
export function helpWatchUrl(videoId: string): string {
  return `https://www.youtube.com/watch?v=${encodeURIComponent(videoId)}`;
}
