import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SafeMarkdown } from './SafeMarkdown';

function html(markdown: string) {
  return render(<SafeMarkdown>{markdown}</SafeMarkdown>).container;
}

describe('SafeMarkdown', () => {
  it('shows raw HTML as text and never makes a script element', () => {
    const root = html('before <script>alert(1)</script> after\n\n<img src=x onerror="alert(2)">');
    expect(root.querySelector('script')).toBeNull();
    expect(root.querySelector('img')).toBeNull();
    expect(root.textContent).toContain('<script>alert(1)</script>');
    expect(root.textContent).toContain('<img src=x onerror="alert(2)">');
  });

  it('drops javascript: URLs and opens other links in a new tab without opener or referrer', () => {
    const root = html('[click](javascript:alert(1)) and [docs](https://example.com/a)');
    const anchors = [...root.querySelectorAll('a')];
    for (const a of anchors) {
      expect(a.getAttribute('href') ?? '').not.toMatch(/^\s*javascript:/i);
    }
    const bad = anchors.find((a) => a.textContent === 'click');
    expect(bad?.getAttribute('href') ?? '').toBe('');
    const docs = anchors.find((a) => a.textContent === 'docs');
    expect(docs?.getAttribute('href')).toBe('https://example.com/a');
    expect(docs?.getAttribute('target')).toBe('_blank');
    expect(docs?.getAttribute('rel')).toBe('noopener noreferrer nofollow');
  });

  it('renders GFM tables inside a scroll box and fenced code as monospace blocks', () => {
    const root = html(
      [
        '| name | value |',
        '| ---- | ----- |',
        '| a    | 1     |',
        '',
        '```ts',
        'const x = "<b>not bold</b>";',
        '```',
      ].join('\n'),
    );
    const table = root.querySelector('.safe-markdown__table > table');
    expect(table).not.toBeNull();
    expect([...root.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['name', 'value']);
    expect([...root.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['a', '1']);
    const code = root.querySelector('pre > code');
    expect(code?.textContent).toBe('const x = "<b>not bold</b>";\n');
    expect(code?.className).toContain('language-ts');
    expect(root.querySelector('b')).toBeNull();
  });
});
