import type { ComponentProps } from 'react';
import Markdown, { type Components } from 'react-markdown';
import remarkGfm from 'remark-gfm';
import './record.css';

/** Every link leaves the console in a new tab and passes neither opener nor referrer. */
function SafeLink({
  node: _node,
  href,
  children,
  ...rest
}: ComponentProps<'a'> & { node?: unknown }) {
  return (
    <a {...rest} href={href} target="_blank" rel="noopener noreferrer nofollow">
      {children}
    </a>
  );
}

/** Wide tables scroll inside the text instead of widening the page. */
function ScrollTable({ node: _node, ...rest }: ComponentProps<'table'> & { node?: unknown }) {
  return (
    <div className="safe-markdown__table">
      <table {...rest} />
    </div>
  );
}

const COMPONENTS: Components = { a: SafeLink, table: ScrollTable };
const REMARK_PLUGINS = [remarkGfm];

/**
 * Markdown from model answers and chat messages, rendered without trusting it: raw HTML shows
 * as text (react-markdown turns it into text unless rehype-raw is added: never add it), and
 * react-markdown's default urlTransform empties `javascript:`, `vbscript:` and `data:` URLs.
 * GFM gives tables, strike-through, task lists and autolinks.
 */
export function SafeMarkdown({ children, className }: { children: string; className?: string }) {
  return (
    <div className={className ? `safe-markdown ${className}` : 'safe-markdown'}>
      <Markdown remarkPlugins={REMARK_PLUGINS} components={COMPONENTS}>
        {children}
      </Markdown>
    </div>
  );
}
