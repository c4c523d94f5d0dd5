import { Refine, type DataProvider } from '@refinedev/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SECRET_MASK, type FieldDef } from '../../../contract/resource';
import { agent } from '../../../contract/resources/agent';
import { pluginConfig } from '../../../contract/resources/plugin-config';
import { i18n } from '../../providers/i18n';
import { renderValue } from './field-format';

const field = (def: { fields: readonly FieldDef[] }, name: string) =>
  def.fields.find((f) => f.name === name)!;

const data: DataProvider = {
  getApiUrl: () => '',
  getList: async () => ({ data: [], total: 0 }),
  getOne: async () => ({ data: {} as never }),
  create: async () => ({ data: {} as never }),
  update: async () => ({ data: {} as never }),
  deleteOne: async () => ({ data: {} as never }),
  custom: async ({ url }) => ({
    data: {
      list: url.endsWith('/plugin/option/list')
        ? [{ pluginCode: 'weather', pluginName: 'Weather' }]
        : [],
    } as never,
  }),
};

function cell(node: ReturnType<typeof renderValue>) {
  return render(
    <Refine dataProvider={data} options={{ disableTelemetry: true }}>
      <div data-testid="cell">{node}</div>
    </Refine>,
  );
}

describe('cells', () => {
  it('show a secret as the mask when set and as "not set" otherwise', async () => {
    await i18n.changeLanguage('en-US');
    const secret = field(pluginConfig, 'secret');
    cell(renderValue(i18n.t, pluginConfig, secret, SECRET_MASK));
    expect(screen.getByTestId('cell').textContent).toBe(SECRET_MASK);
    cell(renderValue(i18n.t, pluginConfig, secret, null));
    expect(screen.getByText('Not set')).toBeTruthy();
  });

  it('show tags of an optionsFrom field by their labels, unknown values as themselves', async () => {
    await i18n.changeLanguage('en-US');
    cell(renderValue(i18n.t, agent, field(agent, 'plugins'), ['weather', 'gone']));
    expect(await screen.findByText('Weather')).toBeTruthy();
    expect(screen.getByText('gone')).toBeTruthy();
    expect(screen.queryByText('weather')).toBeNull();
  });
});
