import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { valueOfBody } from './interface-value';

describe('valueOfBody', () => {
  it('takes a JSON scalar, an object’s data or value, else the text', () => {
    expect(valueOfBody('"north"')).toBe('north');
    expect(valueOfBody('42')).toBe('42');
    expect(valueOfBody('{"data": "EU-3"}')).toBe('EU-3');
    expect(valueOfBody('{"value": 7}')).toBe('7');
    expect(valueOfBody(' plain text \n')).toBe('plain text');
    expect(valueOfBody('{"other": 1}')).toBe('{"other": 1}');
  });
});

describeBackends('prompt/interface-value', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let templateId = 0;
  const source = createServer((req, res) => {
    if (req.url === '/broken') {
      res.writeHead(500);
      return void res.end('no');
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ data: 'Shanghai office' }));
  });
  beforeAll(async () => {
    token = await t.login('user');
    await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
    const created = await t.post(
      apiPath('prompt', 'create'),
      {
        title: 'with interfaces',
        content: '{{office}} {{broken}} {{meta}} {{plain}}',
        variables: [
          { name: 'Office', type: 'interface', fieldName: 'office', url: `${base}/office` },
          { name: 'Broken', type: 'interface', fieldName: 'broken', url: `${base}/broken` },
          { name: 'Meta', type: 'interface', fieldName: 'meta', url: 'http://169.254.169.254/x' },
          { name: 'Plain', type: 'text', fieldName: 'plain' },
        ],
      },
      { token, lang: 'en-US' },
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);
    templateId = (created.body.data as { id: number }).id;
  });
  afterAll(async () => {
    source.closeAllConnections();
    await new Promise((resolve) => source.close(resolve));
  });
  const ask = (fieldName: string) =>
    t.post(
      apiPath('prompt', 'interface-value'),
      { templateId, fieldName },
      { token, lang: 'en-US' },
    );
  const issue = async (fieldName: string) => {
    const answer = await ask(fieldName);
    expect(answer.body.code).toBe(Code.INVALID);
    return (answer.body.data as { issues: { field: string; message: string }[] }).issues[0];
  };

  it('fetches the value an interface answers', async () => {
    const answer = await ask('office');
    expect(answer.body).toMatchObject({ code: Code.OK, data: { value: 'Shanghai office' } });
  });

  it('puts each failure on the variable’s field', async () => {
    expect(await issue('broken')).toMatchObject({
      field: 'variables.broken',
      message: expect.stringContaining('HTTP 500'),
    });
    expect((await issue('meta'))?.message).toContain('not allowed');
    expect((await issue('plain'))?.message).toContain('not an interface variable');
  });
});
