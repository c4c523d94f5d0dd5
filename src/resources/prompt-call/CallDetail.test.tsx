import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { envelope } from '../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../record/testing';
import CallDetail from './CallDetail';
import { callRenderers, tokenSummary } from './renderers';

const DETAIL = '/api/manage/v1/prompt/call/detail';
const UPDATE = '/api/manage/v1/prompt/call/update';

function call(version: number, extra: Record<string, unknown> = {}) {
  return {
    id: 5,
    version,
    title: 'Refund question',
    templateId: 9,
    templateTitle: 'Refund helper',
    question: 'Can I get a **refund**?',
    answer: 'Yes. [policy](javascript:alert(1))\n\n| a | b |\n| - | - |\n| 1 | 2 |',
    recommendedAnswer: null,
    assessment: 0,
    variables: [
      { name: 'product', value: 'Pro plan' },
      { name: 'days', value: '12' },
    ],
    callTime: '2024-05-02T10:00:00Z',
    userId: 'u1',
    promptTokens: 120,
    completionTokens: 30,
    totalTokens: 150,
    sceneCode: 'support',
    sceneName: 'Customer support',
    modelType: 'CHATGPT',
    modelVersion: 'gpt-4o',
    ...extra,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

describe('template call renderers', () => {
  it('variables as name=value tags, tokens as prompt / completion / total', () => {
    const { container } = render(<>{callRenderers.variables?.(call(1).variables)}</>);
    expect([...container.querySelectorAll('.ant-tag')].map((e) => e.textContent)).toEqual([
      'product=Pro plan',
      'days=12',
    ]);
    expect(tokenSummary(call(1), 'en-US')).toBe('120 / 30 / 150');
    expect(
      tokenSummary({ promptTokens: 1210, completionTokens: 389, totalTokens: 1599 }, 'zh-CN'),
    ).toBe('1,210 / 389 / 1,599');
  });
});

describe('template call detail', () => {
  it('lays the call out, renders question and answer safely', async () => {
    renderRoute(
      'prompt.call-detail',
      '/prompt/call-detail?id=5',
      (req) => (req.url === DETAIL ? ok(call(2)) : { status: 404, body: envelope(40400) }),
      <CallDetail />,
    );
    expect(await screen.findByText('Refund helper')).toBeTruthy();
    expect(screen.getByText('Customer support')).toBeTruthy();
    expect(screen.getByText('gpt-4o')).toBeTruthy();
    expect(screen.getByText('Pro plan')).toBeTruthy();
    expect(screen.getByText('refund').tagName).toBe('STRONG');
    const link = screen.getByText('policy');
    expect(link.getAttribute('href') ?? '').not.toMatch(/javascript:/i);
    expect(document.querySelectorAll('.safe-markdown table')).toHaveLength(1);
    expect(screen.getByRole('radiogroup', { name: 'Assessment' })).toBeTruthy();
  });

  it('saves assessment and recommended answer with the version; a 40900 keeps the text', async () => {
    let row = call(2);
    let stale = false;
    const { bodies } = renderRoute(
      'prompt.call-detail',
      '/prompt/call-detail?id=5',
      (req) => {
        if (req.url === DETAIL) return ok(row);
        if (req.url === UPDATE) {
          if (stale) return { status: 409, body: envelope(40900, null, 'stale version') };
          row = { ...row, ...(req.body as object), version: row.version + 1 };
          return ok(row);
        }
        return { status: 404, body: envelope(40400) };
      },
      <CallDetail />,
    );
    const group = await screen.findByRole('radiogroup', { name: 'Assessment' });
    await act(async () => fireEvent.click(within(group).getByText('Bad')));
    fireEvent.change(screen.getByRole('textbox', { name: 'Recommended answer' }), {
      target: { value: 'Refunds within 14 days.' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    await waitFor(() => expect(bodies(UPDATE)).toHaveLength(1));
    expect(bodies(UPDATE)[0]).toEqual({
      id: 5,
      version: 2,
      assessment: 2,
      recommendedAnswer: 'Refunds within 14 days.',
    });

    // Saved: the editor restarts from version 3; the next save is stale.
    await waitFor(() =>
      expect(
        (screen.getByRole('textbox', { name: 'Recommended answer' }) as HTMLTextAreaElement).value,
      ).toBe('Refunds within 14 days.'),
    );
    stale = true;
    fireEvent.change(screen.getByRole('textbox', { name: 'Recommended answer' }), {
      target: { value: 'My better answer' },
    });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Someone else changed this call');
    expect(bodies(UPDATE)[1]).toMatchObject({ id: 5, version: 3, assessment: 2 });
    expect(
      (screen.getByRole('textbox', { name: 'Recommended answer' }) as HTMLTextAreaElement).value,
    ).toBe('My better answer');
  });
});

describe('template call detail in Chinese', () => {
  it('names its controls in the UI language', async () => {
    await i18n.changeLanguage('zh-CN');
    renderRoute(
      'prompt.call-detail',
      '/prompt/call-detail?id=5',
      (req) => (req.url === DETAIL ? ok(call(2)) : { status: 404, body: envelope(40400) }),
      <CallDetail />,
    );
    const group = await screen.findByRole('radiogroup', { name: '评估' });
    expect(within(group).getByRole('radio', { name: '差' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: '推荐回答' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '保存' })).toBeTruthy();
  });
});
