/**
 * A link that looks like a Fluent button, for calls to action that navigate (sign up, sign in, a
 * plan's button). A real anchor, so it opens in a new tab like any link; plain clicks stay in the app.
 */
import { Button, type ButtonProps } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler } from 'react-router';

export interface RouterButtonLinkProps {
  readonly to: string;
  readonly children: ReactNode;
  readonly appearance?: ButtonProps['appearance'];
  readonly size?: ButtonProps['size'];
  readonly className?: string;
  readonly 'aria-label'?: string;
}

export function RouterButtonLink({ to, children, appearance, size, className, 'aria-label': ariaLabel }: RouterButtonLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return (
    <Button
      as="a"
      href={href}
      onClick={onClick}
      {...(appearance !== undefined && { appearance })}
      {...(size !== undefined && { size })}
      {...(className !== undefined && { className })}
      {...(ariaLabel !== undefined && { 'aria-label': ariaLabel })}
    >
      {children}
    </Button>
  );
}
