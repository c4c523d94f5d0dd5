import type { Page } from 'playwright-core';
import { apiCall } from './ui';

/**
 * The enabled demo-model versions no running evaluation is busy with (the demo's running
 * evaluation runs too when a test's server has its worker on), in the list's order.
 */
export async function idleDemoVersions(page: Page): Promise<string[]> {
  const running = await apiCall<{ list: { modelVersions: string[] }[] }>(
    page,
    'model-evaluate/page',
    { filters: [{ field: 'state', operator: 'eq', value: 'running' }] },
  );
  const busy = new Set(running.data.list.flatMap((e) => e.modelVersions));
  const versions = await apiCall<{
    list: { version: string; enabled: boolean; provider: string | null }[];
  }>(page, 'model/version/list', {});
  return versions.data.list
    .filter((v) => v.enabled && v.provider === 'mock' && !busy.has(v.version))
    .map((v) => v.version);
}
