import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bindMessage } from '../../providers/feedback';
import { i18n } from '../../providers/i18n';
import { envelope, type SeenRequest } from '../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../record/testing';
import AgentDetail from './AgentDetail';

const API = '/api/manage/v1';

function fakeAgent(extra: Record<string, unknown> = {}, conflict = false) {
  let agent: Record<string, unknown> = {
    id: 9,
    version: 4,
    agentName: 'Sales bot',
    agentCode: 'sales-bot',
    avatar: null,
    modelVersion: 'gpt-4o',
    systemPrompt: 'Be brief.\nBe kind.',
    templateId: null,
    templateTitle: null,
    plugins: ['weather', 'gone'],
    directives: ['/summary'],
    scenes: ['sales'],
    status: 'draft',
    description: null,
    createdAt: '2024-05-01T08:00:00Z',
    updatedAt: '2024-05-02T08:00:00Z',
    ...extra,
  };
  return (req: SeenRequest) => {
    switch (req.url) {
      case `${API}/agent/detail`:
        return ok(agent);
      case `${API}/agent/update`: {
        if (conflict) return { status: 409, body: envelope(40900, null, 'changed') };
        const { status } = req.body as { status: string };
        agent = { ...agent, status, version: (agent.version as number) + 1 };
        return ok(agent);
      }
      case `${API}/plugin/option/list`:
        return ok({ list: [{ pluginCode: 'weather', pluginName: 'Weather' }] });
      case `${API}/directive/option/list`:
        return ok({ list: [{ command: '/summary', directiveName: 'Summary' }] });
      case `${API}/scene/option/list`:
        return ok({ list: [{ sceneCode: 'sales', sceneName: 'Sales desk' }] });
      default:
        return { status: 404, body: envelope(40400) };
    }
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

/** Answers the open question with its OK button, which names the action it confirms. */
async function confirm(action: string) {
  const tip = await screen.findByRole('tooltip');
  await act(async () => fireEvent.click(within(tip).getByRole('button', { name: action })));
}

describe('agent detail', () => {
  it('shows the agent with its plugins, directives and scenes by name', async () => {
    renderRoute('agent.detail', '/agent/detail?id=9', fakeAgent(), <AgentDetail />);
    expect(await screen.findByRole('heading', { name: 'Sales bot' })).toBeTruthy();
    expect(screen.getByText('SB')).toBeTruthy();
    expect(screen.getByText('Draft')).toBeTruthy();
    expect(await screen.findByText('Weather')).toBeTruthy();
    // A plugin the list no longer offers shows by its code.
    expect(screen.getByText('gone')).toBeTruthy();
    expect(await screen.findByText('Summary')).toBeTruthy();
    expect(await screen.findByText('Sales desk')).toBeTruthy();
    expect(document.querySelector('.agent-detail__prompt')?.textContent).toBe(
      'Be brief.\nBe kind.',
    );
  });

  it("links the template by its title instead of a prompt of the agent's own", async () => {
    renderRoute(
      'agent.detail',
      '/agent/detail?id=9',
      fakeAgent({ systemPrompt: null, templateId: 12, templateTitle: 'Refund helper' }),
      <AgentDetail />,
    );
    const link = await screen.findByRole('link', { name: 'Refund helper' });
    expect(link.getAttribute('href')).toBe('/prompt/detail?id=12');
  });

  it('publishes with the version read, then offers to take it offline', async () => {
    const { bodies } = renderRoute(
      'agent.detail',
      '/agent/detail?id=9',
      fakeAgent(),
      <AgentDetail />,
    );
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /Publish/ })));
    await confirm('Publish');
    await waitFor(() =>
      expect(bodies(`${API}/agent/update`)).toEqual([{ id: 9, status: 'published', version: 4 }]),
    );
    expect(await screen.findByRole('button', { name: /Take offline/ })).toBeTruthy();
    expect(
      await screen.findByText('Published', { selector: '.ant-badge-status-text' }),
    ).toBeTruthy();
  });

  it('says so when someone else changed the agent meanwhile, and reloads it', async () => {
    const error = vi.fn();
    const unbind = bindMessage({ error, success: vi.fn() } as unknown as MessageInstance);
    try {
      const { bodies } = renderRoute(
        'agent.detail',
        '/agent/detail?id=9',
        fakeAgent({}, true),
        <AgentDetail />,
      );
      await act(async () =>
        fireEvent.click(await screen.findByRole('button', { name: /Publish/ })),
      );
      await confirm('Publish');
      await waitFor(() =>
        expect(error).toHaveBeenCalledWith(
          'Someone else changed this agent; it has been reloaded. Please try again.',
        ),
      );
      await waitFor(() => expect(bodies(`${API}/agent/detail`).length).toBeGreaterThan(1));
    } finally {
      unbind();
    }
  });
});
