import { Refine } from '@refinedev/core';
import { act, configure, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createDataProvider } from '../../providers/data';
import { i18n } from '../../providers/i18n';
import {
  envelope,
  installFakeServer,
  type FakeHandler,
  type SeenRequest,
} from '../../test/fake-http';
import { importFormatOf } from './api';
import { ImportModal, sampleFile } from './ImportModal';

configure({ asyncUtilTimeout: 8000 });

// The import goes through the app's http client (it keeps every issue of a refused file): the
// test puts a fake server behind that same client.
vi.mock('../../providers/api', async () => {
  const { createHttp } = await import('../../providers/http');
  const { fakeEnv } = await import('../../test/fake-http');
  return { http: createHttp(fakeEnv()) };
});
const { http } = await import('../../providers/api');

const IMPORT = '/api/manage/v1/corpus/item/import';

function serve(handler: FakeHandler): SeenRequest[] {
  return installFakeServer(http, handler);
}

function renderModal(onImported = vi.fn()) {
  render(
    <MemoryRouter>
      <Refine dataProvider={createDataProvider(http)} options={{ disableTelemetry: true }}>
        <ImportModal corpusId={7} open onClose={() => undefined} onImported={onImported} />
      </Refine>
    </MemoryRouter>,
  );
  return onImported;
}

async function choose(name: string, content: string) {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File([content], name, { type: 'text/plain' });
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
}

// antd may leave a spinning icon ("loading") in the name while its exit motion runs in jsdom.
const importButton = () => screen.getByRole('button', { name: /Import$/ });

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('import dialog', () => {
  it('lists every bad row the server names, and imports a good file', async () => {
    const bad = 'question,answer\nfine,ok\n,missing question\n"unclosed,x\n';
    const good = 'question,answer,recommendedAnswer,tags\nQ1,A1,,a;b\nQ2,A2,R2,\n';
    const seen = serve((req) => {
      const body = req.body as { content: string };
      if (req.url !== IMPORT) return { status: 404, body: envelope(40400) };
      if (body.content === bad) {
        return {
          status: 400,
          body: envelope(
            40000,
            {
              issues: [
                { field: 'content', message: 'line 3: question is required' },
                { field: 'content', message: 'line 4: unclosed quote' },
              ],
            },
            'invalid input',
          ),
        };
      }
      return { body: envelope(0, { count: 2 }) };
    });
    const onImported = renderModal();
    expect(screen.getByText('recommendedAnswer')).toBeTruthy();
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);

    await choose('faq.csv', bad);
    await waitFor(() => expect(screen.getByTestId('import-chosen').textContent).toContain('CSV'));
    await act(async () => fireEvent.click(importButton()));
    const list = await screen.findByRole('list', { name: 'Errors' });
    expect(within(list).getByText('line 3: question is required')).toBeTruthy();
    expect(within(list).getByText('line 4: unclosed quote')).toBeTruthy();
    expect(screen.getByText('The file has errors; nothing was imported:')).toBeTruthy();
    expect(seen[0]?.body).toEqual({ corpusId: 7, format: 'csv', content: bad });
    expect(onImported).not.toHaveBeenCalled();

    // Another file clears the list; a good one is imported.
    await choose('faq.csv', good);
    await waitFor(() => expect(screen.queryByRole('list', { name: 'Errors' })).toBeNull());
    await act(async () => fireEvent.click(importButton()));
    await waitFor(() => expect(onImported).toHaveBeenCalledWith(2));
    expect(seen).toHaveLength(2);
  }, 60_000);

  it('refuses other extensions before sending anything', async () => {
    const seen = serve(() => ({ body: envelope(0, { count: 0 }) }));
    renderModal();
    await choose('faq.xlsx', 'x');
    expect(await screen.findByText('Only .csv or .jsonl files can be imported')).toBeTruthy();
    expect((importButton() as HTMLButtonElement).disabled).toBe(true);
    expect(seen).toHaveLength(0);
  }, 30_000);
});

describe('import helpers', () => {
  it('reads the format from the extension', () => {
    expect(importFormatOf('a.CSV')).toBe('csv');
    expect(importFormatOf('a.jsonl')).toBe('jsonl');
    expect(importFormatOf('a.ndjson')).toBe('jsonl');
    expect(importFormatOf('a.txt')).toBeUndefined();
    expect(importFormatOf('csv')).toBeUndefined();
  });

  it('writes samples with the documented columns, quoting where CSV needs it', () => {
    const rows = [{ question: 'Q, "one"', answer: 'A', recommendedAnswer: '', tags: ['x', 'y'] }];
    expect(sampleFile('csv', rows)).toBe(
      'question,answer,recommendedAnswer,tags\r\n"Q, ""one""",A,,x;y\r\n',
    );
    expect(JSON.parse(sampleFile('jsonl', rows).trim())).toEqual(rows[0]);
  });
});
