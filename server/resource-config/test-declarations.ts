/**
 * Declarations for the resource-config tests: a small valid one, its labels in both locales.
 */
export type Input = Record<string, unknown>;

export const labels = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

export const title = {
  name: 'title',
  type: 'string',
  required: true,
  list: true,
  labels: labels('标题', 'Title'),
};

/** A small valid declaration; `extra` replaces top-level keys. */
export function declaration(name: string, extra: Input = {}): Input {
  return {
    name,
    labels: labels(`${name}库`, `${name} base`),
    permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
    fields: [title],
    ...extra,
  };
}

/**
 * A knowledge base with a field of every declarable type, as an admin would declare it (README
 * "Adding a resource"): the configured resource the shared CRUD contract suite runs against.
 */
export const KNOWLEDGE: Input = {
  name: 'knowledge',
  labels: labels('知识库', 'Knowledge base'),
  permissions: {
    admin: ['list', 'show'],
    user: ['list', 'show', 'create', 'edit', 'delete'],
  },
  menu: { order: 6, icon: 'BookOutlined' },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      unique: true,
      list: true,
      sortable: true,
      search: true,
      filter: 'contains',
      max: 120,
      labels: labels('标题', 'Title'),
    },
    { name: 'body', type: 'text', search: true, labels: labels('正文', 'Body') },
    {
      name: 'views',
      type: 'integer',
      min: 0,
      list: true,
      sortable: true,
      filter: 'range',
      labels: labels('浏览量', 'Views'),
    },
    { name: 'score', type: 'number', sortable: true, labels: labels('评分', 'Score') },
    {
      name: 'status',
      type: 'enum',
      list: true,
      filter: 'eq',
      default: 'draft',
      options: [
        { value: 'draft', labels: labels('草稿', 'Draft') },
        { value: 'published', labels: labels('已发布', 'Published') },
      ],
      labels: labels('状态', 'Status'),
    },
    { name: 'pinned', type: 'boolean', filter: 'eq', labels: labels('置顶', 'Pinned') },
    {
      name: 'publishedAt',
      type: 'datetime',
      nullable: true,
      sortable: true,
      filter: 'range',
      labels: labels('发布时间', 'Published at'),
    },
    { name: 'meta', type: 'json', labels: labels('元数据', 'Metadata') },
    { name: 'tags', type: 'tags', filter: 'eq', labels: labels('标签', 'Tags') },
    { name: 'link', type: 'url', labels: labels('链接', 'Link') },
    {
      name: 'scene',
      type: 'reference',
      list: true,
      reference: { resource: 'scene', key: 'sceneCode', label: 'sceneName' },
      labels: labels('场景', 'Scene'),
    },
  ],
};
