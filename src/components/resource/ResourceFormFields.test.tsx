import { Refine, type DataProvider } from '@refinedev/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { prompt } from '../../../contract/resources/prompt';
import { scene } from '../../../contract/resources/scene';
import type { ResourceDef } from '../../../contract/resource';
import { i18n } from '../../providers/i18n';
import { ResourceFormFields } from './ResourceFormFields';
import { useResourceForm, type FormMode } from './use-resource-form';

type Created = { resource: string; variables: unknown };

function fakeData(created: Created[]): DataProvider {
  return {
    getApiUrl: () => '',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async ({ resource, variables }) => {
      created.push({ resource, variables });
      return { data: { id: 1, ...(variables as object) } as never };
    },
    update: async ({ variables }) => ({ data: variables as never }),
    deleteOne: async () => ({ data: {} as never }),
  };
}

function FormUnderTest(props: {
  def: ResourceDef;
  mode: FormMode;
  preset?: Record<string, string | number>;
  onSaved?: () => void;
}) {
  const { form, fields, initial, submit } = useResourceForm({ ...props, active: true });
  return (
    <>
      <ResourceFormFields
        def={props.def}
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

function renderForm(props: Parameters<typeof FormUnderTest>[0], created: Created[]) {
  return render(
    <Refine dataProvider={fakeData(created)} options={{ disableTelemetry: true }}>
      <FormUnderTest {...props} />
    </Refine>,
  );
}

const PERSONAL = { isPublic: 0 };

describe('resource forms', () => {
  it('show the declared defaults and keep preset fields out of the form', async () => {
    await i18n.changeLanguage('en-US');
    const { container } = renderForm({ def: prompt, mode: 'create', preset: PERSONAL }, []);
    await waitFor(() =>
      expect(
        [...container.querySelectorAll('.ant-select-selection-item')].map((e) => e.textContent),
      ).toEqual(['CHATGPT', 'Enabled']),
    );
    expect(container.querySelector('#under-test_isPublic')).toBeNull();
  });

  it('send typed values with the preset, trimmed', async () => {
    await i18n.changeLanguage('en-US');
    const created: Created[] = [];
    renderForm({ def: prompt, mode: 'create', preset: PERSONAL }, created);
    fireEvent.change(await screen.findByLabelText('Title'), {
      target: { value: '  Weekly report ' },
    });
    fireEvent.change(screen.getByLabelText('Template'), {
      target: { value: 'Summarise {{text}}' },
    });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]).toEqual({
      resource: 'prompt',
      variables: {
        title: 'Weekly report',
        type: 'CHATGPT',
        status: 1,
        content: 'Summarise {{text}}',
        description: null,
        note: null,
        sceneCode: null,
        isPublic: 0,
      },
    });
  });

  it('refuse an empty required field with the translated message and send nothing', async () => {
    await i18n.changeLanguage('zh-CN');
    const created: Created[] = [];
    renderForm({ def: scene, mode: 'create' }, created);
    await act(async () => fireEvent.click(await screen.findByText('submit')));
    expect(await screen.findByText('场景名称不能为空')).toBeTruthy();
    expect(screen.getByText('场景编码不能为空')).toBeTruthy();
    expect(created).toHaveLength(0);
  });
});
