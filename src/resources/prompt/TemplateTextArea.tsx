import { Form } from 'antd';
import { useLayoutEffect, useMemo, useRef, type ChangeEvent } from 'react';
import { splitTemplate } from './placeholders';
import './prompt.css';

/** The text with `{{fieldName}}` placeholders marked: known ones in one colour, others red. */
function Highlighted({ content, known }: { content: string; known: ReadonlySet<string> }) {
  const parts = useMemo(() => splitTemplate(content), [content]);
  return (
    <>
      {parts.map((p, i) =>
        p.kind === 'text' ? (
          p.text
        ) : (
          <mark
            key={i}
            className={`prompt-ph ${known.has(p.name) ? 'prompt-ph--known' : 'prompt-ph--unknown'}`}
            data-placeholder={p.name}
            data-known={known.has(p.name)}
          >
            {p.text}
          </mark>
        ),
      )}
    </>
  );
}

/** Read-only template text, highlighted as in the editor. */
export function TemplateView({
  content,
  known,
  label,
}: {
  content: string;
  known: ReadonlySet<string>;
  label: string;
}) {
  return (
    <div className="prompt-template">
      <div className="prompt-template__view" role="document" aria-label={label}>
        <Highlighted content={content} known={known} />
      </div>
    </div>
  );
}

export interface TemplateTextAreaProps {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Field names that have a variable row. */
  known: ReadonlySet<string>;
  maxLength?: number;
  placeholder?: string;
  'aria-label'?: string;
}

/**
 * A real textarea (so every key, selection and IME works) whose text is transparent, above a
 * backdrop drawing the same text with the same font, padding and wrapping, where placeholders
 * are highlighted. The textarea grows with its text, so the two never scroll apart.
 */
export function TemplateTextArea({
  id,
  value = '',
  onChange,
  known,
  maxLength,
  placeholder,
  'aria-label': ariaLabel,
}: TemplateTextAreaProps) {
  const input = useRef<HTMLTextAreaElement>(null);
  const backdrop = useRef<HTMLDivElement>(null);
  const { status } = Form.Item.useStatus();

  useLayoutEffect(() => {
    const el = input.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight + 2}px`;
  }, [value]);

  return (
    <div className={`prompt-template${status === 'error' ? ' prompt-template--error' : ''}`}>
      <div className="prompt-template__backdrop" ref={backdrop} aria-hidden>
        <Highlighted content={value} known={known} />
        {/* A last empty line still has height, as in the textarea. */}
        {'\u200b'}
      </div>
      <textarea
        ref={input}
        id={id}
        className="prompt-template__input"
        value={value}
        maxLength={maxLength}
        placeholder={placeholder}
        aria-label={ariaLabel}
        aria-invalid={status === 'error' || undefined}
        spellCheck={false}
        onChange={(e: ChangeEvent<HTMLTextAreaElement>) => onChange?.(e.target.value)}
        onScroll={(e) => {
          if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
