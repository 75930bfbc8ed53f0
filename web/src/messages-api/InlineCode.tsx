/** Text whose `backticked` parts are code, as the OpenAPI document's descriptions write them. */
import type { ReactNode } from 'react';

export function InlineCode({ text, className }: { readonly text: string; readonly className: string }): ReactNode {
  // Splitting on backticks puts the code parts at the odd indexes.
  return text.split('`').map((part, index) =>
    index % 2 === 1 ? (
      <code key={index} className={className}>
        {part}
      </code>
    ) : (
      part
    ),
  );
}
