/**
 * Puts a template variable where the cursor is in a message textarea (insert-at-cursor.ts), then puts
 * the cursor right after it once the new text is on screen, and gives the textarea the focus back, so
 * focus leaves the menu for the message and the menu does not hand it back to its button.
 */
import { useLayoutEffect, useRef, type RefObject } from 'react';
import type { TemplateVariable } from '../../../shared/templates';
import { insertAtCursor, variableToken } from './insert-at-cursor';

export interface VariableInsertion {
  /** For the message's textarea. */
  readonly messageRef: RefObject<HTMLTextAreaElement | null>;
  readonly insertVariable: (variable: TemplateVariable) => void;
}

export function useVariableInsertion(text: string, setText: (next: string) => void): VariableInsertion {
  const messageRef = useRef<HTMLTextAreaElement>(null);
  // Where the cursor goes once an inserted variable is on screen.
  const pendingCursor = useRef<number | null>(null);

  useLayoutEffect(() => {
    const cursor = pendingCursor.current;
    if (cursor === null || messageRef.current === null) return;
    pendingCursor.current = null;
    messageRef.current.setSelectionRange(cursor, cursor);
  }, [text]);

  const insertVariable = (variable: TemplateVariable) => {
    const element = messageRef.current;
    const end = text.length;
    const selection = element === null ? { start: end, end } : { start: element.selectionStart, end: element.selectionEnd };
    const next = insertAtCursor(text, selection, variableToken(variable));
    pendingCursor.current = next.cursor;
    setText(next.text);
    element?.focus();
  };

  return { messageRef, insertVariable };
}
