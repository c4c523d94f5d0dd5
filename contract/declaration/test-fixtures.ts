import { resourceDeclarationSchema } from '../resource-config';
import type { ResourceDeclaration } from './shape';

// Shared by the declaration tests: a worked example and the way they parse it.

export type Input = Record<string, unknown>;
export const labels = (zh: string, en: string) => ({ 'zh-CN': zh, 'en-US': en });

/** The worked example, extended with one field of each interesting kind. */
export function knowledge(): Input & { fields: Input[] } {
  return {
    name: 'knowledge',
    labels: labels('知识库', 'Knowledge base'),
    permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
    fields: [
      {
        name: 'title',
        type: 'string',
        required: true,
        list: true,
        search: true,
        labels: labels('标题', 'Title'),
      },
      {
        name: 'status',
        type: 'enum',
        options: [
          { value: 'draft', labels: labels('草稿', 'Draft') },
          { value: 'published', labels: labels('已发布', 'Published') },
        ],
        default: 'draft',
        filter: 'eq',
        labels: labels('状态', 'Status'),
      },
      {
        name: 'template',
        type: 'reference',
        reference: { resource: 'prompt', label: 'title' },
        nullable: true,
        labels: labels('模板', 'Template'),
      },
      { name: 'views', type: 'integer', min: 0, sortable: true, labels: labels('浏览', 'Views') },
    ],
  };
}

export const parse = (decl: Input): ResourceDeclaration => resourceDeclarationSchema.parse(decl);
