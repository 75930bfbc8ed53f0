/** A message text with WhatsApp's formatting, rendered as React elements only (never as HTML). */
import { Link, makeStyles, tokens } from '@fluentui/react-components';
import { useMemo, type ReactNode } from 'react';
import { parseWhatsAppFormat, type FormatNode } from './whatsapp-format';

const useStyles = makeStyles({
  text: { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  mono: { fontFamily: tokens.fontFamilyMonospace },
});

function renderNodes(nodes: readonly FormatNode[], monoClass: string): ReactNode[] {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return node.text;
      case 'mono':
        return (
          <code key={index} className={monoClass}>
            {node.text}
          </code>
        );
      case 'link':
        return (
          <Link key={index} href={node.href} target="_blank" rel="noopener noreferrer" inline>
            {node.href}
          </Link>
        );
      case 'bold':
        return <strong key={index}>{renderNodes(node.children, monoClass)}</strong>;
      case 'italic':
        return <em key={index}>{renderNodes(node.children, monoClass)}</em>;
      case 'strike':
        return <s key={index}>{renderNodes(node.children, monoClass)}</s>;
    }
  });
}

export function FormattedText({ text, className }: { readonly text: string; readonly className?: string }) {
  const styles = useStyles();
  const nodes = useMemo(() => parseWhatsAppFormat(text), [text]);
  return <span className={className ? `${styles.text} ${className}` : styles.text}>{renderNodes(nodes, styles.mono)}</span>;
}
