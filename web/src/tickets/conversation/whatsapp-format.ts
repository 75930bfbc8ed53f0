/**
 * WhatsApp's text formatting (spec 1 §2.5): `*bold*`, `~strike~`, `_italic_` and ```monospace```,
 * parsed into a small tree that the conversation renders as React elements. Nothing here produces
 * HTML: a message's text is only ever shown as text nodes, so markup a contact sends stays visible as
 * typed and never runs (only the basic tags, as the spec asks). Web links (http and https only) become
 * nodes of their own so they can open in a new tab.
 */

export type FormatStyle = 'bold' | 'italic' | 'strike';

export type FormatNode =
  | { readonly type: 'text'; readonly text: string }
  | { readonly type: 'mono'; readonly text: string }
  | { readonly type: 'link'; readonly href: string }
  | { readonly type: FormatStyle; readonly children: readonly FormatNode[] };

const STYLES: Readonly<Record<string, FormatStyle>> = { '*': 'bold', _: 'italic', '~': 'strike' };
const MONO_FENCE = '```';
const LINK = /^https?:\/\/[^\s<>"]+[^\s<>".,;:!?)\]'*_~]/i;

const isSpace = (char: string | undefined) => char !== undefined && /\s/.test(char);
const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/**
 * A marker opens a span when it does not sit inside a word and is followed by text; it closes at the
 * next same marker that follows text and does not sit inside a word, as WhatsApp does.
 */
function closingIndex(text: string, open: number, marker: string): number {
  if (isWordChar(text[open - 1]) || isSpace(text[open + 1]) || open + 1 >= text.length || text[open + 1] === marker) return -1;
  for (let index = open + 2; index < text.length; index += 1) {
    if (text[index] !== marker) continue;
    if (!isSpace(text[index - 1]) && !isWordChar(text[index + 1])) return index;
  }
  return -1;
}

export function parseWhatsAppFormat(text: string): FormatNode[] {
  const nodes: FormatNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') nodes.push({ type: 'text', text: plain });
    plain = '';
  };

  let index = 0;
  while (index < text.length) {
    const char = text[index] ?? '';

    if (text.startsWith(MONO_FENCE, index)) {
      const end = text.indexOf(MONO_FENCE, index + MONO_FENCE.length);
      if (end > index + MONO_FENCE.length) {
        flush();
        nodes.push({ type: 'mono', text: text.slice(index + MONO_FENCE.length, end) });
        index = end + MONO_FENCE.length;
        continue;
      }
    }

    if ((char === 'h' || char === 'H') && !isWordChar(text[index - 1])) {
      const link = LINK.exec(text.slice(index));
      if (link) {
        flush();
        nodes.push({ type: 'link', href: link[0] });
        index += link[0].length;
        continue;
      }
    }

    const style = STYLES[char];
    if (style !== undefined) {
      const close = closingIndex(text, index, char);
      if (close > 0) {
        flush();
        nodes.push({ type: style, children: parseWhatsAppFormat(text.slice(index + 1, close)) });
        index = close + 1;
        continue;
      }
    }

    plain += char;
    index += 1;
  }
  flush();
  return nodes;
}

/** The text without its formatting markers (previews of quoted messages, accessible labels). */
export function plainText(nodes: readonly FormatNode[]): string {
  return nodes
    .map((node) => {
      switch (node.type) {
        case 'text':
        case 'mono':
          return node.text;
        case 'link':
          return node.href;
        default:
          return plainText(node.children);
      }
    })
    .join('');
}
