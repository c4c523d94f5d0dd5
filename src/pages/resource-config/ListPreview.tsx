import { Card, Empty, Input, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { LOCALES, type Locale } from '../../../contract/locale';
import { allFields } from '../../../contract/resource';
import {
  localeTextsOf,
  toResourceDef,
  type ResourceDeclaration,
} from '../../../contract/resource-config';
import { filterControls } from '../../components/resource/list-filters';

/**
 * The list page a declaration generates, without data: the machinery's own ResourceDef (the
 * same toResourceDef the server uses) gives the columns, sorters, filters and keyword box, and
 * the declaration's texts in the current locale label them.
 */
export function ListPreview({ declaration }: { declaration: ResourceDeclaration }) {
  const { t, i18n } = useTranslation();
  const locale: Locale = (LOCALES as readonly string[]).includes(i18n.language)
    ? (i18n.language as Locale)
    : 'zh-CN';
  const def = toResourceDef(declaration);
  const texts = localeTextsOf(declaration)[locale];
  const label = (name: string) => texts.fields[name] ?? name;
  const columns: ColumnsType<Record<string, unknown>> = allFields(def)
    .filter((f) => f.list)
    .map((f) => ({
      key: f.name,
      dataIndex: f.name,
      title: label(f.name),
      sorter: f.sortable ? true : undefined,
    }));
  const filters = filterControls(def, new Set());
  const keyword = allFields(def).some((f) => f.search);

  return (
    <Card size="small" title={texts.titles.list} data-testid="resource-config-preview">
      <Typography.Paragraph type="secondary">
        {t('resourceConfig.preview.hint')}
      </Typography.Paragraph>
      <Space
        wrap
        className="resource-config__preview-filters"
        aria-label={t('resourceConfig.preview.filters')}
      >
        {keyword && <Input.Search disabled placeholder={t('resourceConfig.preview.keyword')} />}
        {filters.length === 0 && !keyword ? (
          <Typography.Text type="secondary">
            {t('resourceConfig.preview.noFilters')}
          </Typography.Text>
        ) : (
          filters.map((c) => (
            <Tag key={c.field.name} data-testid={`preview-filter-${c.field.name}`}>
              {label(c.field.name)} · {t(`resourceConfig.filters.${c.field.filter ?? 'eq'}`)}
            </Tag>
          ))
        )}
      </Space>
      <Table
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={[]}
        pagination={false}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> }}
        scroll={{ x: 'max-content' }}
      />
    </Card>
  );
}
