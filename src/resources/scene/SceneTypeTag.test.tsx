import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { sceneMode } from '../../../contract/resources/scene';
import { i18n } from '../../providers/i18n';
import { SceneTypeTag } from './SceneTypeTag';

describe('scene type', () => {
  it('maps 0 to prompt and 1 to chat, and throws on anything else', () => {
    expect(sceneMode(0)).toBe('prompt');
    expect(sceneMode(1)).toBe('chat');
    for (const bad of [2, -1, null, undefined, 'chat', 1.5]) {
      expect(() => sceneMode(bad)).toThrow('Unexpected backend type value');
    }
  });

  it('shows the mode, or the error for an unexpected value', async () => {
    await i18n.changeLanguage('en-US');
    render(
      <>
        <SceneTypeTag value={0} />
        <SceneTypeTag value={1} />
        <SceneTypeTag value={7} />
      </>,
    );
    expect(screen.getByText('Prompt mode')).toBeTruthy();
    expect(screen.getByText('Chat mode')).toBeTruthy();
    expect(screen.getByText('Unexpected backend type value').getAttribute('title')).toBe(
      'Unexpected backend type value',
    );
  });
});
