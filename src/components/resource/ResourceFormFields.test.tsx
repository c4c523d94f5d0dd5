import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECRET_MASK, type ResourceDef } from '../../../contract/resource';
import { agent } from '../../../contract/resources/agent';
import { corpusItem } from '../../../contract/resources/corpus-item';
import { directive } from '../../../contract/resources/directive';
import { pluginConfig } from '../../../contract/resources/plugin-config';
import { prompt } from '../../../contract/resources/prompt';
import { scene } from '../../../contract/resources/scene';
import { i18n } from '../../providers/i18n';
import { ResourceFormFields } from './ResourceFormFields';
import { useResourceForm, type FormMode } from './use-resource-form';

type Created = { resource: string; variables: unknown };

/** What the option list calls (FieldDef.optionsFrom) answer, by path below the API prefix. */
const OPTION_LISTS: Record<string, Record<string, unknown>[]> = {
  'model/version/list': [{ version: 'gpt-4o' }, { version: 'qwen-max' }],
  'plugin/option/list': [
    { pluginCode: 'weather', pluginName: 'Weather' },
    { pluginCode: 'search', pluginName: 'Web search' },
  ],
  'directive/option/list': [{ command: '/summary', directiveName: 'Summary' }],
  'scene/option/list': [{ sceneCode: 'sales', sceneName: 'Sales' }],
};

/** Creates and updates land in `created` (an update under its resource with `id`). */
function fakeData(created: Created[]): DataProvider {
  return {
    getApiUrl: () => '',
    getList: async () => ({ data: [], total: 0 }),
    getOne: async () => ({ data: {} as never }),
    create: async ({ resource, variables }) => {
      created.push({ resource, variables });
      return { data: { id: 1, ...(variables as object) } as never };
    },
    update: async ({ resource, id, variables }) => {
      created.push({ resource, variables: { id, ...(variables as object) } });
      return { data: variables as never };
    },
    deleteOne: async () => ({ data: {} as never }),
    custom: async ({ url }) => {
      const path = url.replace(/^\/api\/manage\/v1\//, '');
      return { data: { list: OPTION_LISTS[path] ?? [] } as never };
    },
  };
}

function FormUnderTest(props: {
  def: ResourceDef;
  mode: FormMode;
  preset?: Record<string, string | number>;
  record?: BaseRecord;
  onSaved?: () => void;
}) {
  const { form, fields, initial, secretsSet, submit } = useResourceForm({
    ...props,
    active: true,
  });
  return (
    <>
      <ResourceFormFields
        def={props.def}
        form={form}
        fields={fields}
        initial={initial}
        secretsSet={secretsSet}
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

  it('keep what was typed when the declaration and preset are rebuilt with the same values', async () => {
    await i18n.changeLanguage('en-US');
    const created: Created[] = [];
    const view = renderForm({ def: prompt, mode: 'create', preset: PERSONAL }, created);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Kept' } });
    // A declaration reload or a parent render hands over new objects with the same content.
    view.rerender(
      <Refine dataProvider={fakeData(created)} options={{ disableTelemetry: true }}>
        <FormUnderTest def={{ ...prompt }} mode="create" preset={{ ...PERSONAL }} />
      </Refine>,
    );
    await act(async () => new Promise((r) => setTimeout(r, 0)));
    expect((screen.getByLabelText('Title') as HTMLInputElement).value).toBe('Kept');
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

  it('check a pattern as the server does, with the example in the message', async () => {
    await i18n.changeLanguage('en-US');
    const created: Created[] = [];
    renderForm({ def: directive, mode: 'create' }, created);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Summary' } });
    const command = screen.getByLabelText('Trigger command');
    fireEvent.change(command, { target: { value: 'summary' } });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    expect(
      await screen.findByText(
        'Trigger command has an invalid format; it should look like /summary',
      ),
    ).toBeTruthy();
    expect(created).toHaveLength(0);

    fireEvent.change(command, { target: { value: ' /summary ' } });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.variables).toMatchObject({ command: '/summary' });
  });

  it('take a secret in a password input and send it on create; JSON text as its value', async () => {
    await i18n.changeLanguage('en-US');
    const created: Created[] = [];
    renderForm({ def: pluginConfig, mode: 'create' }, created);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Weather' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'weather' } });
    fireEvent.change(screen.getByLabelText('Endpoint'), {
      target: { value: 'https://api.example.com/weather' },
    });
    const secret = screen.getByLabelText('Secret') as HTMLInputElement;
    expect(secret.type).toBe('password');
    fireEvent.change(secret, { target: { value: ' tok en ' } });
    const schema = screen.getByLabelText('Parameter schema') as HTMLTextAreaElement;
    expect(schema.tagName).toBe('TEXTAREA');

    // Not JSON: the parser's complaint, nothing sent.
    fireEvent.change(schema, { target: { value: '{"type": "object",' } });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    expect(await screen.findByText(/^Parameter schema is not valid JSON: /)).toBeTruthy();
    // JSON, but not the object the field's shape wants.
    fireEvent.change(schema, { target: { value: '[1, 2]' } });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    // The shape is loaded on first use (a chunk of its own in the build): allow it the time.
    expect(
      await screen.findByText('Parameter schema must be a JSON object ({ … })', undefined, {
        timeout: 10_000,
      }),
    ).toBeTruthy();
    expect(created).toHaveLength(0);

    fireEvent.change(schema, { target: { value: '{ "type": "object" }' } });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.variables).toMatchObject({
      pluginName: 'Weather',
      // Secrets are sent as typed: a token's spaces may be part of it.
      secret: ' tok en ',
      parameterSchema: { type: 'object' },
    });
  });

  const stored = {
    id: 5,
    version: 3,
    pluginName: 'Weather',
    pluginCode: 'weather',
    type: 'http',
    endpoint: 'https://api.example.com/weather',
    method: 'POST',
    authType: 'bearer',
    secret: SECRET_MASK,
    parameterSchema: { type: 'object', properties: { city: { type: 'string' } } },
    status: 1,
    description: null,
  };

  it('never put a stored secret into the form: empty keeps it, "clear" sends null', async () => {
    await i18n.changeLanguage('en-US');
    const created: Created[] = [];
    renderForm({ def: pluginConfig, mode: 'edit', record: stored }, created);
    const secret = (await screen.findByLabelText('Secret')) as HTMLInputElement;
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('Set — leave empty to keep it');
    expect(document.body.innerHTML).not.toContain(SECRET_MASK);
    // The stored JSON is shown indented for editing.
    expect((screen.getByLabelText('Parameter schema') as HTMLTextAreaElement).value).toBe(
      JSON.stringify(stored.parameterSchema, null, 2),
    );

    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.variables).not.toHaveProperty('secret');
    expect(created[0]!.variables).toMatchObject({
      id: 5,
      version: 3,
      parameterSchema: stored.parameterSchema,
    });

    await act(async () => fireEvent.click(screen.getByLabelText('Clear the stored secret')));
    expect(secret.disabled).toBe(true);
    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(2));
    expect(created[1]!.variables).toMatchObject({ secret: null });
  });

  it('replace a stored secret with a new one', async () => {
    await i18n.changeLanguage('zh-CN');
    const created: Created[] = [];
    renderForm({ def: pluginConfig, mode: 'edit', record: stored }, created);
    const secret = (await screen.findByLabelText('密钥')) as HTMLInputElement;
    expect(secret.placeholder).toBe('已设置，留空则不修改');
    fireEvent.change(secret, { target: { value: 'new-token' } });
    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.variables).toMatchObject({ secret: 'new-token' });
  });

  it('offer the values of optionsFrom lists: labels shown, values stored', async () => {
    await i18n.changeLanguage('en-US');
    const created: Created[] = [];
    renderForm({ def: agent, mode: 'create' }, created);
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'Helper' } });
    fireEvent.change(screen.getByLabelText('Code'), { target: { value: 'helper' } });
    await pick(screen.getByLabelText('Model version'), 'qwen-max');
    await pick(screen.getByLabelText('Plugins'), 'Web search');
    await pick(screen.getByLabelText('Plugins'), 'Weather');
    await pick(screen.getByLabelText('Directives'), 'Summary');
    await pick(screen.getByLabelText('Scenes'), 'Sales');
    // The chosen plugins show by name.
    const chosen = [
      ...document
        .querySelectorAll('#under-test_plugins')[0]!
        .closest('.ant-select')!
        .querySelectorAll('.ant-select-selection-item-content'),
    ].map((e) => e.textContent);
    expect(chosen).toEqual(['Web search', 'Weather']);

    await act(async () => fireEvent.click(screen.getByText('submit')));
    await waitFor(() => expect(created).toHaveLength(1));
    expect(created[0]!.variables).toMatchObject({
      agentName: 'Helper',
      agentCode: 'helper',
      modelVersion: 'qwen-max',
      plugins: ['search', 'weather'],
      directives: ['/summary'],
      scenes: ['sales'],
      status: 'draft',
    });
  });
  it.each([
    [
      'en-US',
      'Name',
      'Type to search, or pick from the list',
      'Type, then Enter or a comma to add',
    ],
    ['zh-CN', '智能体名称', '输入以搜索，或从列表中选择', '输入后按回车或逗号添加'],
  ])(
    'say what an empty choice, tag list or address takes (%s)',
    async (locale, name, search, tags) => {
      await i18n.changeLanguage(locale);
      const placeholderOf = (id: string) =>
        document
          .querySelector(`#under-test_${id}`)!
          .closest('.ant-select')!
          .querySelector('.ant-select-selection-placeholder')?.textContent;
      const agentForm = renderForm({ def: agent, mode: 'create' }, []);
      await screen.findByLabelText(name);
      // An option list, a reference (templateId) and a multiple choice.
      expect(placeholderOf('modelVersion')).toBe(search);
      expect(placeholderOf('templateId')).toBe(search);
      expect(placeholderOf('plugins')).toBe(search);
      expect(document.querySelector<HTMLInputElement>('#under-test_avatar')!.placeholder).toBe(
        'https://',
      );
      agentForm.unmount();
      renderForm({ def: corpusItem, mode: 'create' }, []);
      await waitFor(() => expect(placeholderOf('tags')).toBe(tags));
    },
  );
});

/** Opens an antd select and clicks the option with this text. */
async function pick(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  const item = await waitFor(() => {
    const found = [
      ...document.querySelectorAll<HTMLElement>(
        '.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option',
      ),
    ].find((el) => el.textContent === option);
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await act(async () => fireEvent.click(item));
}
