/**
 * A form checked by the schema the server checks with (a zod schema of shared/): its values, the
 * messages to show by field, and the submission. A field's messages show once it was changed and then
 * left, or once a save was tried; the server's own field messages (an ERR_VALIDATION answer) show until
 * the next change. A field the user has not changed says nothing when it loses the focus (a dialog
 * moving the focus from its first field to its tabs opened with 'Obrigatório', issue 27), and a
 * message of a field left by pressing another control waits for the press's click
 * (pointer-release.ts), so it never pushes that control away from under the pointer. The submission
 * waits FORM_SUBMIT_DELAY_MS first, as spec 1 §9 wants of every form (checklist C-242).
 *
 * Hand-written rather than react-hook-form: the forms send a body derived from what is shown (a masked
 * number, an unchanged number left out), so the schema reads the body, not the inputs; what remains is
 * this much state, without a library in every admin page's chunk.
 */
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type SubmitEvent } from 'react';
import type { ZodType } from 'zod';
import type { ErrorBody, FieldError } from '../../../shared/errors';
import { ApiError } from '../api/client';
import { documentPointerRelease } from './pointer-release';
import { FORM_SUBMIT_DELAY_MS } from './timing';

/** Messages by field path (`name`, `extraInfo.0.value`): the first one of each path. */
export type FieldMessages = Readonly<Record<string, string>>;

/** The schema's messages about a value (the body a form would send); empty when the server would take it. */
export function schemaFieldMessages(schema: ZodType, value: unknown): FieldMessages {
  const result = schema.safeParse(value);
  if (result.success) return {};
  return firstPerPath(result.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })));
}

export function firstPerPath(errors: readonly FieldError[]): FieldMessages {
  const messages: Record<string, string> = {};
  for (const { path, message } of errors) messages[path] ??= message;
  return messages;
}

/** The field messages of an ERR_VALIDATION answer; undefined for any other failure. */
export function serverFieldErrors(error: unknown): readonly FieldError[] | undefined {
  if (!(error instanceof ApiError) || error.code !== 'ERR_VALIDATION') return undefined;
  const fields = (error.body as ErrorBody | undefined)?.fields;
  return fields !== undefined && fields.length > 0 ? fields : undefined;
}

/** The field a change or a message is about: a path's first part (`extraInfo.0.value` is `extraInfo`). */
export const fieldOf = (path: string): string => path.split('.')[0] ?? path;

/**
 * Whether leaving a field makes its messages show: only once the user changed it. A field the focus
 * merely passed through (a dialog's first field, blurred when the dialog moves its focus) waits for a save.
 */
export const leavingShows = (field: string, changed: ReadonlySet<string>): boolean => changed.has(field);

/** The messages a form shows: the schema's for the fields left (by a path's first part) or all once sent. */
export function shownMessages(
  client: FieldMessages,
  server: FieldMessages,
  touched: ReadonlySet<string>,
  submitted: boolean,
): FieldMessages {
  const shown = Object.entries(client).filter(([path]) => submitted || touched.has(fieldOf(path)));
  return { ...server, ...Object.fromEntries(shown) };
}

/** Resolves after `ms`: the spec's pause before a form is sent. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export interface SchemaFormOptions<V, B, R> {
  readonly initial: V;
  /** The shared/ schema the server checks the body with. */
  readonly schema: ZodType;
  /** What the form sends for its values, which is what the schema checks. */
  readonly body: (values: V) => B;
  readonly save: (body: B) => Promise<R>;
  readonly onSaved: (result: R) => void;
  /** A failure that is not about fields (those show on the form), e.g. a toast. */
  readonly onError: (error: unknown) => void;
  /** Waits this long before sending (spec 1 §9); tests may shorten it. */
  readonly submitDelayMs?: number;
}

export interface SchemaForm<V> {
  readonly values: V;
  readonly change: (next: Partial<V>) => void;
  /**
   * Marks a field (the first part of its paths) as left: its messages show from now on if the user
   * changed it, once the press that left it (if any) has made its click.
   */
  readonly leave: (field: string) => void;
  /** The messages to show, by field path. */
  readonly messages: FieldMessages;
  readonly submit: (event?: SubmitEvent) => void;
  /** Sending: the fields and buttons are disabled. */
  readonly busy: boolean;
}

export function useSchemaForm<V, B, R>(options: SchemaFormOptions<V, B, R>): SchemaForm<V> {
  const { initial, schema, body, save, onSaved, onError, submitDelayMs = FORM_SUBMIT_DELAY_MS } = options;
  const [values, setValues] = useState(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [submitted, setSubmitted] = useState(false);
  const [serverMessages, setServerMessages] = useState<FieldMessages>({});
  // Read by `leave`, which may run after a press's click, so a ref rather than this render's state.
  const changed = useRef<Set<string>>(new Set());
  const release = documentPointerRelease();

  const mutation = useMutation({
    mutationFn: async (sent: V) => {
      await pause(submitDelayMs);
      return save(body(sent));
    },
    onSuccess: (result) => onSaved(result),
    onError: (error) => {
      const fields = serverFieldErrors(error);
      if (fields !== undefined) setServerMessages(firstPerPath(fields));
      else onError(error);
    },
  });

  const clientMessages = schemaFieldMessages(schema, body(values));

  return {
    values,
    change: (next) => {
      for (const field of Object.keys(next)) changed.current.add(field);
      setValues((current) => ({ ...current, ...next }));
      setServerMessages({});
    },
    leave: (field) => {
      if (!leavingShows(field, changed.current)) return;
      release.afterRelease(() => setTouched((current) => (current.has(field) ? current : new Set(current).add(field))));
    },
    messages: shownMessages(clientMessages, serverMessages, touched, submitted),
    submit: (event) => {
      event?.preventDefault();
      setSubmitted(true);
      if (Object.keys(clientMessages).length > 0 || mutation.isPending) return;
      mutation.mutate(values);
    },
    busy: mutation.isPending,
  };
}

/** A Fluent Field's validation props for a message, or none. */
export function fieldValidation(message: string | undefined) {
  return message === undefined ? {} : { validationMessage: message, validationState: 'error' as const };
}
