import { describe, expect, it } from 'vitest';
import { LOCALES } from './locale';
import { message, MESSAGES, type MessageKey } from './messages';
import {
  checkAgainstBuiltIns,
  resourceConfigSchema,
  resourceDeclarationSchema,
  type ResourceDeclaration,
} from './resource-config';
import { RESOURCES } from './resources';

type Input = Record<string, unknown>;
const labels = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });
const title = { name: 'title', type: 'string', required: true, labels: labels('标题', 'Title') };

function declaration(extra: Input = {}): Input {
  return {
    name: 'knowledge',
    labels: labels('知识库', 'Knowledge base'),
    permissions: { user: ['list', 'show'] },
    fields: [title],
    ...extra,
  };
}

/** The custom issues of a bad declaration, as `{ path, key, params }` the way zod carries them. */
function keyedIssues(input: Input) {
  const result = resourceDeclarationSchema.safeParse(input);
  expect(result.success).toBe(false);
  return (result.error?.issues ?? []).flatMap((i) => {
    if (i.code !== 'custom') return [];
    const { key, ...params } = (i.params ?? {}) as { key: MessageKey } & Record<string, unknown>;
    return [{ path: i.path.join('.'), key, params, message: i.message }];
  });
}

const declKeys = (Object.keys(MESSAGES['en-US']) as MessageKey[]).filter((k) =>
  k.startsWith('decl'),
);

describe('the declaration messages', () => {
  it('exist in both locales with the same placeholders, and Chinese in zh-CN', () => {
    expect(declKeys.length).toBeGreaterThan(40);
    const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const key of declKeys) {
      for (const locale of LOCALES) expect(MESSAGES[locale][key], `${locale} ${key}`).toBeTruthy();
      expect(placeholders(MESSAGES['zh-CN'][key]), key).toEqual(
        placeholders(MESSAGES['en-US'][key]),
      );
      // A parameter named `key` would be taken for the message key in a zod issue's params.
      expect(placeholders(MESSAGES['en-US'][key]), key).not.toContain('key');
      expect(MESSAGES['zh-CN'][key], key).toMatch(/\p{Script=Han}/u);
    }
  });

  it('name each schema problem by key, its message the key’s English wording', () => {
    const issues = keyedIssues(
      declaration({
        name: 'Bad Name',
        permissions: { user: ['list', 'list'] },
        menu: { icon: 'book' },
        fields: [
          title,
          { name: 'status', type: 'enum', labels: labels('状态', 'Status') },
          { name: 'views', type: 'integer', labels: labels('浏览量', 'Views'), min: 5, max: 1 },
        ],
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'name', key: 'declKebabCase' }),
        expect.objectContaining({ path: 'permissions.user', key: 'declActionTwice' }),
        expect.objectContaining({ path: 'menu.icon', key: 'declIconName' }),
      ]),
    );
    // The cross-field rules run once the shape holds.
    const rules = keyedIssues(
      declaration({
        fields: [
          title,
          { name: 'status', type: 'enum', labels: labels('状态', 'Status') },
          { name: 'views', type: 'integer', labels: labels('浏览量', 'Views'), min: 5, max: 1 },
          { name: 'title', type: 'text', labels: labels('标题', 'Title') },
        ],
      }),
    );
    expect(rules).toEqual([
      {
        path: 'fields.1.options',
        key: 'declEnumNeedsOptions',
        params: {},
        message: 'an enum field needs options',
      },
      {
        path: 'fields.2.min',
        key: 'declMinAboveMax',
        params: { min: 5, max: 1 },
        message: 'min (5) is greater than max (1)',
      },
      {
        path: 'fields.3.name',
        key: 'declFieldTwice',
        params: { field: 'title' },
        message: 'field title is declared twice',
      },
    ]);
    for (const i of [...issues, ...rules]) {
      expect(i.message).toBe(message('en-US', i.key, i.params as Record<string, string | number>));
    }
  });

  it('render in Chinese for zh-CN, with their parameters', () => {
    const [twice] = keyedIssues(
      declaration({
        fields: [title, { ...title, type: 'text' }],
      }),
    );
    expect(twice?.key).toBe('declFieldTwice');
    expect(message('zh-CN', twice!.key, twice!.params as Record<string, string>)).toBe(
      '字段 title 重复声明',
    );

    const [fit] = keyedIssues(
      declaration({
        fields: [
          title,
          {
            name: 'level',
            type: 'enum',
            labels: labels('级别', 'Level'),
            default: 3,
            options: [
              { value: 1, labels: labels('基础', 'Basic') },
              { value: 2, labels: labels('专家', 'Expert') },
            ],
          },
        ],
      }),
    );
    expect(fit).toMatchObject({
      path: 'fields.1.default',
      key: 'declDefaultNotOption',
      // The wording of before the keys: "one of 1,2".
      message: 'default 3 does not fit: expected one of 1,2',
    });
    expect(message('zh-CN', fit!.key, fit!.params as Record<string, string>)).toBe(
      '默认值 3 不合适：应为 1,2 之一',
    );

    const [reserved] = keyedIssues(declaration({ name: 'dashboard' }));
    expect(reserved).toMatchObject({ path: 'name', key: 'declReservedName' });
    expect(message('zh-CN', reserved!.key)).toBe('此名称为控制台保留');
  });

  it('name a clash with the built-ins by key, with the names as parameters', () => {
    const parse = (input: Input): ResourceDeclaration => resourceDeclarationSchema.parse(input);
    const [builtIn] = checkAgainstBuiltIns([parse(declaration({ name: 'agent' }))], RESOURCES);
    expect(builtIn).toEqual({
      path: ['resources', 0, 'name'],
      key: 'declBuiltInName',
      params: { name: 'agent' },
      message: 'agent is a built-in resource',
    });
    expect(message('zh-CN', builtIn!.key, builtIn!.params)).toBe('agent 是内置资源');

    const twice = checkAgainstBuiltIns(
      [parse(declaration()), parse(declaration({ labels: labels('别的', 'Other') }))],
      RESOURCES,
    );
    expect(twice[0]).toMatchObject({
      key: 'declNameTwice',
      params: { name: 'knowledge', other: 'resources.0' },
      message: 'knowledge is declared twice (resources.0)',
    });
  });

  it('keep the key of a header problem inside a record key’s issue', () => {
    const result = resourceConfigSchema.safeParse({
      resources: [
        declaration({
          source: { kind: 'rest', url: 'https://x.example', headers: { 'bad header': 'v' } },
        }),
      ],
    });
    const issue = result.error?.issues[0] as unknown as { code: string; issues: unknown[] };
    expect(issue.code).toBe('invalid_key');
    expect(issue.issues[0]).toMatchObject({ code: 'custom', params: { key: 'declHeaderName' } });
  });
});
