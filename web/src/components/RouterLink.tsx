/**
 * A Fluent link that navigates inside the app. It keeps a real href, so opening in a new tab and
 * modifier clicks behave as the browser's, and lets the router handle plain clicks.
 */
import { Link } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useHref, useLinkClickHandler, type To } from 'react-router';

export interface RouterLinkProps {
  readonly to: To;
  readonly children: ReactNode;
  readonly className?: string;
}

export function RouterLink({ to, children, className }: RouterLinkProps) {
  const href = useHref(to);
  const onClick = useLinkClickHandler(to);
  return (
    <Link as="a" href={href} onClick={onClick} className={className}>
      {children}
    </Link>
  );
}
