import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ResourceDeclaration } from '../../../contract/resource-config';
import {
  RESOURCE_CONFIG_PATHS as PATHS,
  type DeclarationEntry,
  type DeclarationHistoryEntry,
} from '../../../contract/resource-config-api';
import { http } from '../../providers/api';
import { i18n } from '../../providers/i18n';
import { registryStatus, registryStore } from '../../resources/registry';
import {
  envelope,
  installFakeServer,
  type FakeAnswer,
  type SeenRequest,
} from '../../test/fake-http';
import ResourceConfigPage from './ResourceConfigPage';

const KNOWLEDGE: ResourceDeclaration = {
  name: 'knowledge',
  labels: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
  enabled: true,
  source: { kind: 'database' },
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  fields: [
    {
      name: 'title',
      type: 'string',
      labels: { 'zh-CN': '标题', 'en-US': 'Title' },
      required: true,
      list: true,
      search: true,
    },
  ],
};

const entry = (over: Partial<DeclarationEntry>): DeclarationEntry => ({
  name: 'knowledge',
  origin: 'page',
  enabled: true,
  version: 3,
  declaration: KNOWLEDGE,
  issues: [],
  rows: 12,
  updatedAt: '2026-01-02T03:04:05Z',
  updatedBy: 'admin',
  ...over,
});

const FAQ: ResourceDeclaration = {
  ...KNOWLEDGE,
  name: 'faq',
  labels: { 'zh-CN': '常见问题', 'en-US': 'FAQ' },
};

let routes: Record<string, (req: SeenRequest) => FakeAnswer>;
let seen: SeenRequest[];
const bodies = (url: string) => seen.filter((r) => r.url === url).map((r) => r.body);

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  routes = {
    [PATHS.list]: () => ({
      body: envelope(0, {
        list: [
          entry({}),
          entry({
            name: 'faq',
            origin: 'file',
            declaration: FAQ,
            issues: [{ path: 'name', message: 'faq clashes with a newer built-in' }],
          }),
        ],
        fileIssues: [],
      }),
    }),
    [PATHS.resources]: () => ({ body: envelope(0, { resources: [], stamp: 'x' }) }),
  };
  seen = installFakeServer(http, (req) => {
    const route = routes[req.url];
    return route ? route(req) : { status: 404, body: envelope(40400, null, 'no route') };
  });
});

afterEach(() => {
  registryStore.reset();
  registryStatus.reset();
});

async function renderPage() {
  render(<ResourceConfigPage />);
  return screen.findByText('Knowledge base');
}

const row = (name: string) => screen.getByText(name, { selector: 'code' }).closest('tr')!;
const editor = () => screen.getByTestId('declaration-editor');

describe('the declarations list', () => {
  it('shows each declaration; the file’s are read-only with a warning for its issues', async () => {
    await renderPage();
    const page = row('knowledge');
    expect(within(page).getByText('Page')).toBeTruthy();
    expect(within(page).getByText('12')).toBeTruthy();
    expect(within(page).getByTestId('enable-knowledge')).toBeTruthy();
    expect(within(page).getByTestId('delete-knowledge')).toBeTruthy();

    const file = row('faq');
    expect(within(file).getByTestId('origin-file')).toBeTruthy();
    expect(within(file).getByTestId('issues-faq').textContent).toContain('Stored but not served');
    expect(within(file).queryByRole('switch')).toBeNull();
    expect(within(file).queryByText('Edit')).toBeNull();
    expect(within(file).queryByText('Delete')).toBeNull();
    expect(within(file).getByText('View')).toBeTruthy();
  });

  it('shows the empty state and the config file’s own problems', async () => {
    routes[PATHS.list] = () => ({
      body: envelope(0, {
        list: [],
        fileIssues: [{ path: 'resources.0.fields', message: 'expected array' }],
      }),
    });
    render(<ResourceConfigPage />);
    expect(await screen.findByText('No resources declared yet')).toBeTruthy();
    const issues = await screen.findByTestId('file-issues');
    expect(issues.textContent).toContain('resources.0.fields');
  });

  it('reloads the list when the enable switch meets a newer version (40900)', async () => {
    routes[PATHS.enable] = () => ({ status: 409, body: envelope(40900, null, 'stale') });
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('enable-knowledge')));
    await waitFor(() => expect(bodies(PATHS.list)).toHaveLength(2));
    expect(bodies(PATHS.enable)).toEqual([{ name: 'knowledge', version: 3, enabled: false }]);
  });

  it('a successful toggle refreshes the console’s registry too', async () => {
    routes[PATHS.enable] = () => ({ body: envelope(0, entry({ enabled: false, version: 4 })) });
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('enable-knowledge')));
    await waitFor(() => expect(bodies(PATHS.resources)).toHaveLength(1));
  });
});

describe('creating a declaration', () => {
  const input = (testId: string, value: string) =>
    act(() => fireEvent.change(screen.getByTestId(testId), { target: { value } }));

  it('validates live, keeps the JSON in step, checks on the server, then creates', async () => {
    routes[PATHS.check] = () => ({ body: envelope(0, { problems: [], def: null }) });
    routes[PATHS.create] = () => ({ body: envelope(0, entry({ name: 'notes' })) });
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('resource-config-create')));
    // Blank, it says what to fill in rather than listing seven problems before the first key.
    await screen.findByTestId('declaration-start');
    expect(screen.queryByTestId('declaration-issues')).toBeNull();
    expect((screen.getByTestId('declaration-save') as HTMLButtonElement).disabled).toBe(true);

    input('declaration-name', 'notes');
    const issues = await screen.findByTestId('declaration-issues');
    expect(issues.textContent).toContain('labels.zh-CN');
    expect(issues.textContent).toContain('must not be empty');
    expect(screen.queryByTestId('declaration-start')).toBeNull();
    input('declaration-label-zh', '笔记');
    input('declaration-label-en', 'Notes');
    input('field-name-0', 'body');
    act(() =>
      fireEvent.change(screen.getByLabelText('Label (zh) 1'), { target: { value: '正文' } }),
    );
    act(() =>
      fireEvent.change(screen.getByLabelText('Label (en) 1'), { target: { value: 'Body' } }),
    );

    await screen.findByTestId('declaration-valid');
    act(() => fireEvent.click(within(editor()).getByRole('tab', { name: 'JSON' })));
    const json = JSON.parse(
      ((await screen.findByTestId('declaration-json')) as HTMLTextAreaElement).value,
    ) as unknown;
    expect(json).toMatchObject({
      name: 'notes',
      labels: { 'zh-CN': '笔记', 'en-US': 'Notes' },
      fields: [{ name: 'body', type: 'string', labels: { 'zh-CN': '正文', 'en-US': 'Body' } }],
    });

    act(() => fireEvent.click(screen.getByTestId('declaration-save')));
    await waitFor(() => expect(bodies(PATHS.create)).toHaveLength(1));
    expect(bodies(PATHS.check)).toEqual([{ declaration: json }]);
    expect(bodies(PATHS.create)).toEqual([{ declaration: json }]);
    await waitFor(() => expect(bodies(PATHS.resources)).toHaveLength(1));
  });

  it('shows the server’s problems by path and does not save', async () => {
    routes[PATHS.check] = () => ({
      body: envelope(0, {
        problems: [{ path: 'name', message: 'knowledge is declared already' }],
        def: null,
      }),
    });
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('edit-knowledge')));
    await screen.findByTestId('declaration-valid');
    act(() => fireEvent.click(screen.getByTestId('declaration-check')));
    const problems = await screen.findByTestId('declaration-server-issues');
    expect(problems.textContent).toContain('name');
    expect(problems.textContent).toContain('knowledge is declared already');
    expect(bodies(PATHS.update)).toEqual([]);
  });

  it('edits through JSON: a syntax error is shown, valid JSON updates the form', async () => {
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('resource-config-create')));
    act(() => fireEvent.click(within(editor()).getByRole('tab', { name: 'JSON' })));
    const json = await screen.findByTestId('declaration-json');
    act(() => fireEvent.change(json, { target: { value: '{ "name": ' } }));
    expect(screen.getByTestId('declaration-json-error').textContent).toContain('Not valid JSON');

    act(() =>
      fireEvent.change(json, { target: { value: JSON.stringify({ ...KNOWLEDGE, name: 'kb' }) } }),
    );
    expect(screen.queryByTestId('declaration-json-error')).toBeNull();
    expect((screen.getByTestId('declaration-name') as HTMLInputElement).value).toBe('kb');
    expect(within(editor()).getByTestId('declaration-valid')).toBeTruthy();
  });

  // A generous limit: every keystroke re-renders the whole drawer, slow under jsdom.
  it(
    'edits an enum field’s options in its row’s expansion, and the JSON follows',
    { timeout: 60_000 },
    async () => {
      await renderPage();
      act(() => fireEvent.click(screen.getByTestId('edit-knowledge')));
      act(() => fireEvent.click(within(editor()).getByRole('tab', { name: 'JSON' })));
      const asEnum = { ...KNOWLEDGE, fields: [{ ...KNOWLEDGE.fields[0], type: 'enum' }] };
      act(() =>
        fireEvent.change(screen.getByTestId('declaration-json'), {
          target: { value: JSON.stringify(asEnum) },
        }),
      );
      expect(screen.getByTestId('declaration-issues').textContent).toContain('fields.0.options');
      act(() => fireEvent.click(within(editor()).getByRole('tab', { name: 'Form' })));
      const fields = screen.getByTestId('fields-editor');
      act(() => fireEvent.click(fields.querySelector('.ant-table-row-expand-icon')!));
      const options = await screen.findByTestId('field-options-0');
      act(() => fireEvent.click(within(options).getByText('Add option')));
      const [value, zh, en] = within(options).getAllByRole('textbox');
      act(() => fireEvent.change(value!, { target: { value: '1' } }));
      act(() => fireEvent.change(zh!, { target: { value: '一' } }));
      act(() => fireEvent.change(en!, { target: { value: 'One' } }));
      act(() => fireEvent.click(within(editor()).getByRole('tab', { name: 'JSON' })));
      const json = JSON.parse(
        ((await screen.findByTestId('declaration-json')) as HTMLTextAreaElement).value,
      ) as { fields: { options?: unknown }[] };
      expect(json.fields[0]!.options).toEqual([
        { value: 1, labels: { 'zh-CN': '一', 'en-US': 'One' } },
      ]);
    },
  );

  it('previews the generated list page: declared columns and the keyword box', async () => {
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('edit-knowledge')));
    act(() => fireEvent.click(within(editor()).getByText('List preview')));
    const preview = await screen.findByTestId('resource-config-preview');
    expect(within(preview).getByText('Knowledge base')).toBeTruthy();
    expect(within(preview).getAllByText('Title').length).toBeGreaterThan(0);
    expect(within(preview).getAllByText('ID').length).toBeGreaterThan(0);
    expect(within(preview).getByPlaceholderText('Keyword')).toBeTruthy();
  });
});

describe('deleting a declaration', () => {
  it('needs the resource’s name typed before it deletes, and sends it as confirm', async () => {
    routes[PATHS.delete] = () => ({ body: envelope(0, null) });
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('delete-knowledge')));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('12 rows');
    const ok = within(dialog).getByRole('button', { name: 'Delete resource and rows' });
    expect((ok as HTMLButtonElement).disabled).toBe(true);

    const confirm = within(dialog).getByTestId('delete-confirm-input');
    act(() => fireEvent.change(confirm, { target: { value: 'knowledg' } }));
    expect(dialog.textContent).toContain('The name does not match');
    expect((ok as HTMLButtonElement).disabled).toBe(true);

    act(() => fireEvent.change(confirm, { target: { value: 'knowledge' } }));
    expect((ok as HTMLButtonElement).disabled).toBe(false);
    act(() => fireEvent.click(ok));
    await waitFor(() =>
      expect(bodies(PATHS.delete)).toEqual([
        { name: 'knowledge', version: 3, confirm: 'knowledge' },
      ]),
    );
  });
});

describe('history', () => {
  it('lists who changed what and when, with a line diff of the declaration', async () => {
    const changes: DeclarationHistoryEntry[] = [
      {
        id: 2,
        version: 2,
        action: 'update',
        before: KNOWLEDGE,
        after: { ...KNOWLEDGE, labels: { 'zh-CN': '知识', 'en-US': 'Knowledge' } },
        changedBy: 'alice',
        changedAt: '2026-01-02T03:04:05Z',
      },
      {
        id: 1,
        version: 1,
        action: 'create',
        before: null,
        after: KNOWLEDGE,
        changedBy: null,
        changedAt: '2026-01-01T03:04:05Z',
      },
    ];
    routes[PATHS.history] = () => ({ body: envelope(0, { list: changes }) });
    await renderPage();
    act(() => fireEvent.click(screen.getByTestId('history-knowledge')));
    const drawer = await screen.findByTestId('history-drawer');
    await within(drawer).findByText('alice');
    expect(within(drawer).getByText('Updated')).toBeTruthy();
    expect(within(drawer).getByText('Created')).toBeTruthy();
    expect(within(drawer).getByText('unknown')).toBeTruthy();
    const diff = within(drawer).getByTestId('history-diff-2');
    const removed = diff.querySelectorAll('.resource-config__diff-removed');
    const added = diff.querySelectorAll('.resource-config__diff-added');
    expect([...removed].map((l) => l.textContent)).toEqual([
      '-     "zh-CN": "知识库",',
      '-     "en-US": "Knowledge base"',
    ]);
    expect([...added].map((l) => l.textContent)).toEqual([
      '+     "zh-CN": "知识",',
      '+     "en-US": "Knowledge"',
    ]);
    expect(bodies(PATHS.history)).toEqual([{ name: 'knowledge' }]);
  });
});

describe('import and export', () => {
  const choose = (content: string, name = 'resources.json') => {
    const file = new File([content], name, { type: 'application/json' });
    act(() => fireEvent.change(screen.getByTestId('import-input'), { target: { files: [file] } }));
  };

  it('shows the problems of a refused import (40000) by path', async () => {
    routes[PATHS.import] = () => ({
      status: 400,
      body: envelope(40000, {
        issues: [{ field: 'resources.0.name', message: 'scene is a built-in resource' }],
      }),
    });
    await renderPage();
    choose(JSON.stringify({ resources: [{ ...KNOWLEDGE, name: 'scene' }] }));
    const problems = await screen.findByTestId('import-problems');
    expect(problems.textContent).toContain('resources.0.name');
    expect(problems.textContent).toContain('scene is a built-in resource');
    expect(bodies(PATHS.import)).toEqual([{ resources: [{ ...KNOWLEDGE, name: 'scene' }] }]);
  });

  it('refuses a file that is no JSON before sending it', async () => {
    await renderPage();
    choose('resources: []', 'resources.yaml');
    const problems = await screen.findByTestId('import-problems');
    expect(problems.textContent).toContain('resources.yaml is not a JSON file of declarations');
    expect(bodies(PATHS.import)).toEqual([]);
  });

  it('exports { resources } as a JSON download', async () => {
    routes[PATHS.export] = () => ({ body: envelope(0, { resources: [KNOWLEDGE] }) });
    const urls: Blob[] = [];
    const create = URL.createObjectURL;
    const revoke = URL.revokeObjectURL;
    URL.createObjectURL = (blob: Blob) => {
      urls.push(blob);
      return 'blob:export';
    };
    URL.revokeObjectURL = () => undefined;
    try {
      await renderPage();
      act(() => fireEvent.click(screen.getByText('Export JSON')));
      await waitFor(() => expect(urls).toHaveLength(1));
      expect(JSON.parse(await urls[0]!.text())).toEqual({ resources: [KNOWLEDGE] });
    } finally {
      URL.createObjectURL = create;
      URL.revokeObjectURL = revoke;
    }
  });
});
