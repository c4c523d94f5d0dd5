import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { allFields } from '../../../contract/resource';
import { modelEvaluate } from '../../../contract/resources/model-evaluate';
import { prompt } from '../../../contract/resources/prompt';
import { promptCall } from '../../../contract/resources/prompt-call';
import { record } from '../../../contract/resources/record';
import { bench, lastPageBody, mount, setUpListPage } from './list-page-bench';
import { columnWidth, listColumnFields } from './ResourceListPage';

setUpListPage();

describe('column order', () => {
  it("puts the system times after the title, in spec §2's order", () => {
    const names = (def: Parameters<typeof listColumnFields>[0]) =>
      listColumnFields(def).map((f) => f.name);
    expect(names(prompt)).toEqual([
      'id',
      'title',
      'createdAt',
      'sceneCode',
      'type',
      'status',
      'tags',
      'reviewState',
    ]);
    expect(names(record)).toEqual([
      'id',
      'chatId',
      'title',
      'createdAt',
      'modifiedAt',
      'sceneCode',
      'type',
      'tag',
      'messageCount',
    ]);
    // Whether an evaluation is done shows beside its name, its progress as the state's bar.
    expect(names(modelEvaluate).slice(0, 5)).toEqual([
      'id',
      'evaluateName',
      'createdAt',
      'state',
      'corpusId',
    ]);
    expect(names(modelEvaluate)).not.toContain('progress');
  });
});

describe('column widths', () => {
  it('bounds a long text to two lines of a fixed width; other columns fit their content', () => {
    const width = (name: string) =>
      columnWidth(allFields(promptCall).find((f) => f.name === name)!);
    expect(width('question')).toBe(280);
    expect(width('answer')).toBe(280);
    expect(width('id')).toBe(80);
    expect(width('title')).toBeUndefined();
    expect(width('callTime')).toBeUndefined();
  });
});

describe('sorting', () => {
  const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

  it('shows the sort the URL holds on its column header', async () => {
    mount('/fixture-part/list?sorters[0][field]=size&sorters[0][order]=desc');
    await screen.findByText('Bolt');
    expect(header('Size').getAttribute('aria-sort')).toBe('descending');
    expect(header('Part name').getAttribute('aria-sort')).toBeNull();
    expect(lastPageBody().sorters).toEqual([{ field: 'size', order: 'desc' }]);
  });

  it('sorts by one column at a time: a click replaces the sort, a second turns it round', async () => {
    mount('/fixture-part/list?sorters[0][field]=size&sorters[0][order]=desc');
    await screen.findByText('Bolt');
    await act(async () => fireEvent.click(header('Part name')));
    await waitFor(() =>
      expect(lastPageBody().sorters).toEqual([{ field: 'partName', order: 'asc' }]),
    );
    expect(header('Part name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Size').getAttribute('aria-sort')).toBeNull();
    await act(async () => fireEvent.click(header('Part name')));
    await waitFor(() =>
      expect(lastPageBody().sorters).toEqual([{ field: 'partName', order: 'desc' }]),
    );
    // Never "unsorted": a third click goes back to ascending.
    await act(async () => fireEvent.click(header('Part name')));
    await waitFor(() =>
      expect(lastPageBody().sorters).toEqual([{ field: 'partName', order: 'asc' }]),
    );
    expect(decodeURIComponent(bench.location)).not.toContain('sorters[1]');
  });
});
