import { render } from '@testing-library/react';
import { act, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TotalsTable } from './TotalsTable';
import type { TableSort, TotalsRow } from './rows';

/** How many times antd's Table was rendered. */
const tableRenders = vi.hoisted(() => ({ count: 0 }));
vi.mock('antd', async (original) => {
  const antd = await original<typeof import('antd')>();
  const Counted = ((props: Parameters<typeof antd.Table>[0]) => {
    tableRenders.count += 1;
    return <antd.Table {...props} />;
  }) as typeof antd.Table;
  return { ...antd, Table: Counted };
});

const row: TotalsRow = {
  sceneCode: 'kb-qa',
  sceneName: 'Knowledge base',
  calls: 3,
  promptTokens: 10,
  completionTokens: 5,
  totalTokens: 15,
  chats: 1,
  users: 1,
  cost: 0.0123,
  monthlyBudget: null,
  monthCost: null,
  budgetShare: null,
};
const sort: TableSort = { key: 'calls', order: 'descend' };
const onSort = () => undefined;

describe('totals table', () => {
  it('is not rendered again when the page re-renders with the same rows and sort', () => {
    let rerender: (n: number) => void = () => undefined;
    const rows = [row];
    function Page() {
      const [n, setN] = useState(0);
      rerender = setN;
      return (
        <div data-n={n}>
          <TotalsTable rows={rows} sort={sort} onSort={onSort} loading={false} />
        </div>
      );
    }
    render(<Page />);
    const first = tableRenders.count;
    expect(first).toBeGreaterThan(0);
    act(() => rerender(1));
    act(() => rerender(2));
    expect(tableRenders.count).toBe(first);
  });
});
