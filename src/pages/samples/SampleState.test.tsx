import type { UseQueryResult } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../providers/i18n';
import { SampleState } from './SampleState';

type Answer = string[];

function query(state: Partial<UseQueryResult<Answer>>): UseQueryResult<Answer> {
  return { data: undefined, isError: false, refetch: vi.fn(), ...state } as UseQueryResult<Answer>;
}

const list = (items: Answer) => (
  <ul data-testid="content">
    {items.map((i) => (
      <li key={i}>{i}</li>
    ))}
  </ul>
);

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('SampleState', () => {
  it('holds the given height while loading and once loaded, so nothing below it moves', () => {
    const { rerender } = render(
      <SampleState query={query({})} height={412}>
        {list}
      </SampleState>,
    );
    const box = screen.getByTestId('sample-state');
    expect(box.style.minHeight).toBe('412px');
    expect(box.contains(screen.getByTestId('sample-loading'))).toBe(true);

    // A wider screen wraps less: the content alone would be shorter; the box keeps the height.
    rerender(
      <SampleState query={query({ data: ['a', 'b'] })} height={412}>
        {list}
      </SampleState>,
    );
    expect(screen.getByTestId('sample-state').style.minHeight).toBe('412px');
    expect(screen.getByTestId('sample-state').contains(screen.getByTestId('content'))).toBe(true);
    expect(screen.queryByTestId('sample-loading')).toBeNull();
  });

  it('offers a retry when the call failed, and says when the answer is empty', () => {
    const failed = query({ isError: true });
    const { rerender } = render(
      <SampleState query={failed} height={280}>
        {list}
      </SampleState>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);

    rerender(
      <SampleState query={query({ data: [] })} isEmpty={(a) => a.length === 0} height={280}>
        {list}
      </SampleState>,
    );
    expect(screen.getByTestId('sample-empty')).toBeTruthy();
    expect(screen.queryByTestId('content')).toBeNull();
  });

  it('adds no box of its own without a height', () => {
    render(<SampleState query={query({ data: ['a'] })}>{list}</SampleState>);
    expect(screen.getByTestId('content').parentElement).toBe(document.body.firstElementChild);
    expect(screen.queryByTestId('sample-state')).toBeNull();
  });
});
