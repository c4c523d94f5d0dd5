import { render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import type { ReportRow, Versus } from './api';
import { formatSigned, MeanWithInterval, verdictOf } from './ReportFormat';
import { ReportVersus } from './ReportVersus';

const versus = (mean: number, low: number, high: number): Versus => ({
  mean,
  low,
  high,
  n: 10,
  win: 5,
  loss: 3,
  tie: 2,
});

function row(modelVersion: string, compared: ReportRow['versus']): ReportRow {
  return {
    modelVersion,
    results: 10,
    failed: 0,
    metrics: {},
    intervals: {},
    humanScore: null,
    humanScored: 0,
    latencyMs: null,
    totalTokens: 0,
    meanTokens: null,
    cost: null,
    diff: compared ? {} : null,
    versus: compared,
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
});

describe('report numbers', () => {
  it('calls a difference only when its whole interval lies on one side of 0', () => {
    expect(verdictOf({ low: 0.5, high: 4 })).toBe('better');
    expect(verdictOf({ low: -4, high: -0.1 })).toBe('worse');
    expect(verdictOf({ low: -1, high: 3 })).toBe('unclear');
    expect(verdictOf({ low: 0, high: 3 })).toBe('unclear');
  });

  it('signs a difference', () => {
    expect(formatSigned(3.1, 'en-US')).toBe('+3.10');
    expect(formatSigned(-2.4, 'en-US')).toBe('-2.40');
    expect(formatSigned(0, 'en-US')).toBe('0.00');
  });

  it('writes a mean with ± half its interval; one value has none', () => {
    const { container, rerender } = render(
      <MeanWithInterval mean={62.4} interval={{ mean: 62.4, low: 59.3, high: 65.5, n: 40 }} />,
    );
    expect(container.textContent).toBe('62.40 ± 3.10');
    rerender(<MeanWithInterval mean={70} interval={{ mean: 70, low: 70, high: 70, n: 1 }} />);
    expect(container.textContent).toBe('70.00');
    rerender(<MeanWithInterval mean={undefined} interval={undefined} />);
    expect(container.textContent).toBe('-');
  });
});

describe('versions against the baseline', () => {
  it('colours each difference by its interval and counts wins, losses and ties', () => {
    render(
      <ReportVersus
        baseline="v1"
        metrics={['accuracy', 'bleu', 'judge']}
        rows={[
          row('v1', null),
          row('v2', {
            accuracy: versus(3, 1, 5),
            bleu: versus(-3, -5, -1),
            judge: versus(1, -1, 3),
          }),
        ]}
      />,
    );
    const card = screen.getByText('v2 vs v1').closest('.ant-card') as HTMLElement;
    const line = (metric: string) =>
      card.querySelector(`tr[data-metric="${metric}"]`) as HTMLElement;
    expect(line('accuracy').querySelector('.ant-tag')!.className).toContain('ant-tag-success');
    expect(line('bleu').querySelector('.ant-tag')!.className).toContain('ant-tag-error');
    expect(line('judge').querySelector('.ant-tag')!.className).not.toMatch(/success|error/);
    expect(within(line('accuracy')).getByText('+3.00')).toBeTruthy();
    expect(line('accuracy').textContent).toContain('+1.00 to +5.00');
    expect(line('accuracy').textContent).toContain('5 / 3 / 2');
    expect(
      within(line('bleu')).getByRole('img', { name: '5 wins, 3 losses, 2 ties over 10 items' }),
    ).toBeTruthy();
  });

  it('says so when only the baseline is there', () => {
    render(<ReportVersus baseline="v1" metrics={['accuracy']} rows={[row('v1', null)]} />);
    expect(screen.getByText('There is only the baseline: nothing to compare')).toBeTruthy();
  });
});
