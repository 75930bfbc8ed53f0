/**
 * Typebot's public chat API (docs.typebot.io, "API reference > Chat"), at the integration's Typebot
 * viewer address (`urlN8N`):
 * - `POST {url}/api/v1/typebots/{publicId}/startChat` starts a conversation of the published bot and
 *   answers its `sessionId`, its first messages and the input it waits for;
 * - `POST {url}/api/v1/sessions/{sessionId}/continueChat` with the customer's answer.
 * We ask for text bubbles as markdown and turn each bubble into a WhatsApp text: markdown's `**bold**`
 * becomes WhatsApp's `*bold*`; an image, video, audio or embed bubble is sent as its link. A `choice
 * input` is shown as a numbered list of its items (WhatsApp has no buttons for us here), and
 * typebot-turn.ts matches the customer's answer against them.
 */
import { z } from 'zod';
import { jsonOf, OutboundCallError, postOutbound } from '../http/outbound-http';

export interface TypebotAnswer {
  /** The conversation's id (startChat's; continueChat keeps the one it was given). */
  readonly sessionId: string;
  /** The bot's bubbles as WhatsApp texts, in order. */
  readonly messages: readonly string[];
  /** The items of a choice input it waits for; empty for free text. */
  readonly choices: readonly string[];
  /** Whether the bot waits for an answer; false: its flow ended. */
  readonly waitsForInput: boolean;
}

/** continueChat was refused because Typebot no longer knows the session (it ended or expired there). */
export class TypebotSessionGoneError extends Error {
  constructor() {
    super('typebot session gone');
    this.name = 'TypebotSessionGoneError';
  }
}

const RichNode: z.ZodType<{ text?: string; children?: unknown[]; type?: string }> = z
  .object({ text: z.string().optional(), children: z.array(z.unknown()).optional(), type: z.string().optional() })
  .loose();

const Bubble = z
  .object({
    type: z.string(),
    content: z
      .object({
        type: z.string().optional(),
        markdown: z.string().optional(),
        richText: z.array(z.unknown()).optional(),
        url: z.string().optional(),
      })
      .loose()
      .optional(),
  })
  .loose();

const Input = z
  .object({
    type: z.string(),
    items: z.array(z.object({ content: z.string().optional() }).loose()).optional(),
  })
  .loose();

const ChatAnswer = z.object({
  sessionId: z.string().optional(),
  messages: z.array(Bubble).optional(),
  input: Input.nullable().optional(),
});

/** Plain text of Typebot's rich text (Slate nodes): paragraphs on lines of their own. */
function richTextOf(nodes: readonly unknown[]): string {
  const lineOf = (node: unknown): string => {
    const parsed = RichNode.safeParse(node);
    if (!parsed.success) return '';
    if (parsed.data.text !== undefined) return parsed.data.text;
    return (parsed.data.children ?? []).map(lineOf).join('');
  };
  return nodes.map(lineOf).join('\n');
}

/** Markdown as WhatsApp writes it: `**bold**` is `*bold*`; backslash escapes of punctuation dropped. */
export function whatsappTextOf(markdown: string): string {
  return markdown.replace(/\*\*(.+?)\*\*/gs, '*$1*').replace(/\\([!-/:-@[-`{-~])/g, '$1').trim();
}

function bubbleText(bubble: z.output<typeof Bubble>): string {
  const content = bubble.content;
  if (!content) return '';
  if (bubble.type === 'text') {
    if (content.markdown !== undefined) return whatsappTextOf(content.markdown);
    return content.richText ? richTextOf(content.richText).trim() : '';
  }
  return content.url?.trim() ?? '';
}

/** The choice list as the customer reads it: '1 - Vendas', one per line. */
export const choiceListText = (choices: readonly string[]): string => choices.map((choice, index) => `${index + 1} - ${choice}`).join('\n');

function answerOf(what: string, status: number, json: unknown, sessionId: string | undefined): TypebotAnswer {
  const parsed = ChatAnswer.safeParse(json);
  const id = parsed.success ? (parsed.data.sessionId ?? sessionId) : undefined;
  if (!parsed.success || !id) throw new OutboundCallError(what, status, 'answer not understood');
  const input = parsed.data.input ?? null;
  const choices = input?.type === 'choice input' ? (input.items ?? []).flatMap((item) => (item.content?.trim() ? [item.content.trim()] : [])) : [];
  const messages = (parsed.data.messages ?? []).map(bubbleText).filter((text) => text !== '');
  return { sessionId: id, messages: choices.length > 0 ? [...messages, choiceListText(choices)] : messages, choices, waitsForInput: input !== null };
}

const base = (url: string): string => url.replace(/\/+$/, '');
const JSON_HEADERS = { 'content-type': 'application/json' } as const;

export async function startTypebotChat(url: string, publicId: string, prefilledVariables: Readonly<Record<string, string>>): Promise<TypebotAnswer> {
  const what = 'typebot startChat';
  const body = JSON.stringify({ isStreamEnabled: false, textBubbleContentFormat: 'markdown', prefilledVariables });
  const answer = await postOutbound(what, `${base(url)}/api/v1/typebots/${encodeURIComponent(publicId)}/startChat`, body, JSON_HEADERS, { publicOnly: true });
  if (answer.status < 200 || answer.status > 299) throw new OutboundCallError(what, answer.status, 'refused');
  return answerOf(what, answer.status, jsonOf(answer), undefined);
}

export async function continueTypebotChat(url: string, sessionId: string, text: string): Promise<TypebotAnswer> {
  const what = 'typebot continueChat';
  const body = JSON.stringify({ message: { type: 'text', text }, textBubbleContentFormat: 'markdown' });
  const answer = await postOutbound(what, `${base(url)}/api/v1/sessions/${encodeURIComponent(sessionId)}/continueChat`, body, JSON_HEADERS, { publicOnly: true });
  // Typebot answers 404 for a session it does not know and 400 for one that is over.
  if (answer.status === 404 || answer.status === 400) throw new TypebotSessionGoneError();
  if (answer.status < 200 || answer.status > 299) throw new OutboundCallError(what, answer.status, 'refused');
  return answerOf(what, answer.status, jsonOf(answer), sessionId);
}
