import { Refine, type DataProvider, type HttpError } from '@refinedev/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../providers/i18n';
import { PromptEditor } from './PromptEditor';
import { LIMITS, type PromptRecord } from './types';

interface Seen {
  created: unknown[];
  updated: unknown[];
}

function fakeData(seen: Seen, fail?: HttpError): DataProvider {
  return {
    getApiUrl: () => '',
    getList: async () => ({
      data: [{ id: 1, sceneCode: 'S1', sceneName: 'Support' }] as never[],
      total: 1,
    }),
    getOne: async () => ({ data: {} as never }),
    create: async ({ variables }) => {
      seen.created.push(variables);
      if (fail) throw fail;
      return { data: { id: 7, version: 1, ...(variables as object) } as never };
    },
    update: async ({ variables }) => {
      seen.updated.push(variables);
      if (fail) throw fail;
      return { data: variables as never };
    },
    deleteOne: async () => ({ data: {} as never }),
    // The tags picker asks the tags in use.
    custom: async () => ({ data: { list: [] } as never }),
  };
}

function renderEditor(props: Partial<Parameters<typeof PromptEditor>[0]> = {}, fail?: HttpError) {
  const seen: Seen = { created: [], updated: [] };
  const onSaved = vi.fn<(r: PromptRecord) => void>();
  render(
    <Refine dataProvider={fakeData(seen, fail)} options={{ disableTelemetry: true }}>
      <PromptEditor mode="create" scope="personal" onSaved={onSaved} {...props} />
    </Refine>,
  );
  return { seen, onSaved };
}

const content = () => screen.getByLabelText('Template') as HTMLTextAreaElement;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('prompt editor', () => {
  it('flags placeholders without variables and adds a text row for each', async () => {
    renderEditor();
    fireEvent.change(content(), { target: { value: 'Dear {{who}}, see you {{when}}.' } });
    expect(await screen.findByText('Placeholder {{who}} has no variable')).toBeTruthy();
    expect(screen.getByText('Placeholder {{when}} has no variable')).toBeTruthy();
    // Unknown placeholders are drawn in the error colour behind the text.
    const marks = document.querySelectorAll('.prompt-template__backdrop mark');
    expect([...marks].map((m) => m.getAttribute('data-known'))).toEqual(['false', 'false']);

    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: /Add variables for all placeholders/ })),
    );
    await waitFor(() =>
      expect(screen.queryByText('Placeholder {{who}} has no variable')).toBeNull(),
    );
    expect((screen.getByLabelText('Field name, row 1') as HTMLInputElement).value).toBe('who');
    expect((screen.getByLabelText('Field name, row 2') as HTMLInputElement).value).toBe('when');
    await waitFor(() => {
      const known = document.querySelectorAll('.prompt-template__backdrop mark[data-known="true"]');
      expect(known).toHaveLength(2);
    });

    // The preview fills what is typed and marks what is still empty.
    fireEvent.change(screen.getByLabelText('Sample value for who'), { target: { value: 'Ann' } });
    expect(screen.getByRole('status', { name: 'Rendered prompt' }).textContent).toBe(
      'Dear Ann, see you ‹when›.',
    );
  });

  it('names a variable the text does not use, and will not save until it matches', async () => {
    const { seen } = renderEditor();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Greeting' } });
    fireEvent.change(content(), { target: { value: 'Hello' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add variable' })));
    fireEvent.change(screen.getByLabelText('Name, row 1'), { target: { value: 'Customer' } });
    fireEvent.change(screen.getByLabelText('Field name, row 1'), { target: { value: 'who' } });
    expect(await screen.findByText('Variable who is not used in the text')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(
      await screen.findByText('The text and the variables do not match: see the checks below'),
    ).toBeTruthy();
    expect(seen.created).toHaveLength(0);

    fireEvent.change(content(), { target: { value: 'Hello {{who}}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(seen.created).toHaveLength(1));
    expect(seen.created[0]).toEqual({
      title: 'Greeting',
      sceneCode: null,
      type: 'CHATGPT',
      description: null,
      content: 'Hello {{who}}',
      variables: [{ name: 'Customer', type: 'text', fieldName: 'who' }],
      scope: 'personal',
    });
  });

  it('Enter in a sample value of the preview, which sits in the form, does not save', async () => {
    const { seen } = renderEditor();
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Greeting' } });
    fireEvent.change(content(), { target: { value: 'Hello {{who}}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add variable' })));
    fireEvent.change(screen.getByLabelText('Name, row 1'), { target: { value: 'Customer' } });
    fireEvent.change(screen.getByLabelText('Field name, row 1'), { target: { value: 'who' } });
    const sample = await screen.findByLabelText('Sample value for Customer');
    expect(sample.closest('form')).toBeTruthy();
    await userEvent.type(sample, 'Ann{Enter}');
    expect(screen.getByRole('status', { name: 'Rendered prompt' }).textContent).toBe('Hello Ann');
    // Long enough for a submit to have validated and called create.
    await act(() => new Promise((resolve) => setTimeout(resolve, 200)));
    expect(seen.created).toHaveLength(0);
    // The form's own fields still save on Enter.
    await userEvent.type(screen.getByLabelText('Title'), '{Enter}');
    await waitFor(() => expect(seen.created).toHaveLength(1));
  });

  it('checks field names: pattern and uniqueness', async () => {
    renderEditor();
    fireEvent.change(content(), { target: { value: '{{a}}' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add variable' })));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add variable' })));
    fireEvent.change(screen.getByLabelText('Field name, row 1'), { target: { value: 'a' } });
    fireEvent.change(screen.getByLabelText('Field name, row 2'), { target: { value: '1a' } });
    expect(
      await screen.findByText(
        'Use letters, digits and _ only, not starting with a digit (at most 64)',
      ),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Field name, row 2'), { target: { value: 'a' } });
    expect(await screen.findByText('Field name a is used by another variable')).toBeTruthy();
  });

  it('says why no variable can be added once there are as many as allowed', async () => {
    const rows = (n: number) =>
      Array.from({ length: n }, (_, i) => ({
        name: `V${i}`,
        type: 'text' as const,
        fieldName: `v${i}`,
      }));
    renderEditor({
      initial: { title: 'T', content: '', variables: rows(LIMITS.variables - 1) },
    });
    const add = screen.getByRole('button', { name: 'Add variable' }) as HTMLButtonElement;
    const limit = `At most ${LIMITS.variables} variables`;
    expect(add.disabled).toBe(false);
    expect(screen.queryByText(limit)).toBeNull();
    await act(async () => fireEvent.click(add));
    await waitFor(() => expect(add.disabled).toBe(true));
    expect(screen.getByText(limit)).toBeTruthy();
  });

  it('shows server issues on their fields, list rows included', async () => {
    const invalid: HttpError = {
      message: 'invalid',
      statusCode: 400,
      errors: { title: 'Title taken', 'variables.0.fieldName': 'Reserved name' },
    };
    renderEditor(
      {
        initial: {
          title: 'T',
          content: '{{x}}',
          variables: [{ name: 'X', type: 'text', fieldName: 'x' }],
        },
      },
      invalid,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(await screen.findByText('Title taken')).toBeTruthy();
    expect(await screen.findByText('Reserved name')).toBeTruthy();
  });

  it('sends id and version on update; a 40900 asks to reload', async () => {
    const onReload = vi.fn();
    const record = { id: 3, version: 5, title: 'T' } as PromptRecord;
    const { seen } = renderEditor(
      { mode: 'edit', record, initial: { title: 'T', content: 'plain' }, onReload },
      { message: 'stale', statusCode: 409, code: 40900 },
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(seen.updated).toHaveLength(1));
    expect(seen.updated[0]).toMatchObject({ version: 5, title: 'T', content: 'plain' });
    expect(
      await screen.findByText(
        'This template was changed by someone else. Reload it and make your change again.',
      ),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(onReload).toHaveBeenCalledOnce();
  });
});
