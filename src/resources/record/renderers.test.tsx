import { render, screen } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { callRenderers } from '../prompt-call/renderers';
import { recordRenderers } from './renderers';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('session list cells', () => {
  it('type as a translated tag, tags as tags, scene by name with its code, formatted time', () => {
    const row = { id: 1, sceneCode: 'support', sceneName: 'Customer support' };
    const at = '2024-05-01T08:00:05Z';
    render(
      <>
        {recordRenderers.type?.(0, row)}
        {recordRenderers.type?.(1, row)}
        {recordRenderers.tag?.(['vip', 'refund'], row)}
        {recordRenderers.sceneCode?.('support', row)}
        <p data-testid="time">{recordRenderers.modifiedAt?.(at, row)}</p>
      </>,
    );
    expect(screen.getByText('Prompt mode').className).toContain('ant-tag');
    expect(screen.getByText('Chat mode').className).toContain('ant-tag');
    expect(screen.getByText('vip').className).toContain('ant-tag');
    expect(screen.getByText('refund').className).toContain('ant-tag');
    expect(screen.getByText('Customer support')).toBeTruthy();
    expect(screen.getByText('support')).toBeTruthy();
    expect(screen.getByTestId('time').textContent).toBe(dayjs(at).format('YYYY-MM-DD HH:mm:ss'));
  });
});

describe('call list cells', () => {
  it('assessment as coloured tags, template by title', () => {
    render(
      <>
        {callRenderers.assessment?.(0)}
        {callRenderers.assessment?.(1)}
        {callRenderers.assessment?.(2)}
        {callRenderers.templateId?.(9, { id: 1, templateTitle: 'Refund helper' })}
        {callRenderers.templateId?.(8, { id: 2, templateTitle: null })}
      </>,
    );
    expect(screen.getByText('Unrated').className).toContain('ant-tag');
    expect(screen.getByText('Good').className).toContain('ant-tag-success');
    expect(screen.getByText('Bad').className).toContain('ant-tag-error');
    expect(screen.getByText('Refund helper')).toBeTruthy();
    expect(screen.getByText('#8')).toBeTruthy();
  });
});
