import { Refine, type DataProvider } from '@refinedev/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { corpusItem } from '../../../contract/resources/corpus-item';
import { i18n } from '../../providers/i18n';
import { ResourceFormFields } from './ResourceFormFields';
import { TagsSelect } from './TagsSelect';
import { useResourceForm } from './use-resource-form';

type Call = { url: string; payload: Record<string, unknown> };

/** Answers `<prefix>/tags` with these tags, those containing the keyword; records the calls. */
function fakeData(calls: Call[], created: unknown[]): DataProvider {
  const inUse = [
    { tag: 'faq', count: 12 },
    { tag: '退款', count: 3 },
  ];
  return {
    getApiUrl: () => '',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async ({ variables }) => {
      created.push(variables);
      return { data: { id: 1, ...(variables as object) } as never };
    },
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
    custom: async ({ url, payload }) => {
      const body = (payload ?? {}) as Record<string, unknown>;
      calls.push({ url, payload: body });
      const keyword = typeof body.keyword === 'string' ? body.keyword : '';
      const list = inUse.filter((t) => t.tag.includes(keyword));
      return { data: { list, total: list.length } as never };
    },
  };
}

function ItemForm() {
  const { form, fields, initial, submit } = useResourceForm({
    def: corpusItem,
    mode: 'create',
    preset: { corpusId: 7 },
    active: true,
  });
  return (
    <>
      <ResourceFormFields
        def={corpusItem}
        form={form}
        fields={fields}
        initial={initial}
        name="under-test"
        onSubmit={() => void submit().catch(() => undefined)}
      />
      <button onClick={() => void submit().catch(() => undefined)}>submit</button>
    </>
  );
}

function FilterUnderTest({ onPick }: { onPick(value: string | undefined): void }) {
  const [value, setValue] = useState<string>();
  return (
    <TagsSelect
      def={corpusItem}
      field="tags"
      aria-label="Tags filter"
      within={{ filters: [{ field: 'corpusId', operator: 'eq', value: 7 }] }}
      value={value}
      onChange={(v) => {
        setValue(v);
        onPick(v);
      }}
    />
  );
}

/** The open dropdown's options, as their text. */
function optionTexts(): string[] {
  return [
    ...document.querySelectorAll(
      '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
    ),
  ].map((e) => e.textContent ?? '');
}

async function clickOption(text: string) {
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((el) => el.textContent === text);
    if (!found) throw new Error(`no option ${text} in ${optionTexts().join(' | ')}`);
    return found;
  });
  await act(async () => fireEvent.click(item));
}

describe('tags picked from those in use', () => {
  it('a form offers the tags in use with counts, and takes a new one in its stored spelling', async () => {
    await i18n.changeLanguage('en-US');
    const calls: Call[] = [];
    const created: unknown[] = [];
    render(
      <Refine dataProvider={fakeData(calls, created)} options={{ disableTelemetry: true }}>
        <ItemForm />
      </Refine>,
    );
    const input = await waitFor(() => {
      const el = document.querySelector<HTMLInputElement>('#under-test_tags');
      if (!el) throw new Error('no tags control');
      return el;
    });
    // Nothing is asked before the control is used.
    expect(calls).toEqual([]);
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.focus(input));
    await waitFor(() => expect(optionTexts()).toEqual(['faq12', '退款3']));
    expect(calls[0]).toEqual({
      url: '/api/manage/v1/corpus/item/tags',
      payload: { field: 'tags', limit: 50 },
    });
    await clickOption('faq12');
    // Typed full-width and in capitals: kept as the server stores it.
    fireEvent.change(input, { target: { value: 'ＮＥＷ　Tag' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', keyCode: 13 }));
    const chips = () =>
      [...document.querySelectorAll('.ant-select-selection-item-content')].map(
        (e) => e.textContent,
      );
    await waitFor(() => expect(chips()).toEqual(['faq', 'new tag']));

    fireEvent.change(document.querySelector('#under-test_question')!, {
      target: { value: 'Where is my refund?' },
    });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toMatchObject({ tags: ['faq', 'new tag'] });
  });

  it('a list filter picks one tag in use, counted within the list’s fixed filters', async () => {
    await i18n.changeLanguage('zh-CN');
    const calls: Call[] = [];
    const picked: (string | undefined)[] = [];
    render(
      <Refine dataProvider={fakeData(calls, [])} options={{ disableTelemetry: true }}>
        <FilterUnderTest onPick={(v) => picked.push(v)} />
      </Refine>,
    );
    const input = screen.getByRole('combobox', { name: 'Tags filter' });
    await act(async () => fireEvent.mouseDown(input));
    await act(async () => fireEvent.focus(input));
    // Typing narrows the tags on the server, the keyword in the stored spelling.
    fireEvent.change(input, { target: { value: '退' } });
    await waitFor(() => expect(calls.at(-1)?.payload.keyword).toBe('退'), { timeout: 2000 });
    expect(calls.at(-1)!.payload).toMatchObject({
      field: 'tags',
      filters: [{ field: 'corpusId', operator: 'eq', value: 7 }],
    });
    await waitFor(() => expect(optionTexts()).toEqual(['退款3']));
    await clickOption('退款3');
    expect(picked).toEqual(['退款']);
  });
});
