import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import {
  Button,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  type FormListFieldData,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { DECLARED_FIELD_TYPES } from '../../../contract/resource-config';
import type { FieldForm } from './declaration-form';
import { Tip } from '../../components/Tip';

const FLAGS = ['required', 'nullable', 'list', 'sortable', 'search', 'unique'] as const;
const FILTERS = ['eq', 'contains', 'range'] as const;

/**
 * The fields of a declaration as a table: one row per field, its options and reference in the
 * row's expansion. Every control is a form item named by the declaration's own path, so a
 * problem the schema reports at `fields.2.name` shows under that very input.
 */
export function FieldsEditor({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  return (
    <Form.List name="fields">
      {(rows, { add, remove, move }) => {
        const columns: TableColumnsType<FormListFieldData> = [
          {
            title: t('resourceConfig.field.name'),
            key: 'name',
            width: 150,
            render: (_, row) => (
              <Form.Item name={[row.name, 'name']} noStyle>
                <Input
                  aria-label={`${t('resourceConfig.field.name')} ${row.name + 1}`}
                  data-testid={`field-name-${row.name}`}
                />
              </Form.Item>
            ),
          },
          {
            title: t('resourceConfig.field.type'),
            key: 'type',
            width: 130,
            render: (_, row) => (
              <Form.Item name={[row.name, 'type']} noStyle>
                <Select
                  aria-label={`${t('resourceConfig.field.type')} ${row.name + 1}`}
                  className="resource-config__type"
                  options={DECLARED_FIELD_TYPES.map((type) => ({
                    value: type,
                    label: t(`resourceConfig.types.${type}`),
                  }))}
                />
              </Form.Item>
            ),
          },
          {
            title: t('resourceConfig.field.labelZh'),
            key: 'labelZh',
            width: 130,
            render: (_, row) => (
              <Form.Item name={[row.name, 'labels', 'zh-CN']} noStyle>
                <Input aria-label={`${t('resourceConfig.field.labelZh')} ${row.name + 1}`} />
              </Form.Item>
            ),
          },
          {
            title: t('resourceConfig.field.labelEn'),
            key: 'labelEn',
            width: 130,
            render: (_, row) => (
              <Form.Item name={[row.name, 'labels', 'en-US']} noStyle>
                <Input aria-label={`${t('resourceConfig.field.labelEn')} ${row.name + 1}`} />
              </Form.Item>
            ),
          },
          {
            title: t('resourceConfig.field.flags'),
            key: 'flags',
            render: (_, row) => (
              <Space size={4} wrap className="resource-config__flags">
                {FLAGS.map((flag) => (
                  <Form.Item key={flag} name={[row.name, flag]} valuePropName="checked" noStyle>
                    <Checkbox>{t(`resourceConfig.field.${flag}`)}</Checkbox>
                  </Form.Item>
                ))}
              </Space>
            ),
          },
          {
            title: t('resourceConfig.field.filter'),
            key: 'filter',
            width: 110,
            render: (_, row) => (
              <Form.Item name={[row.name, 'filter']} noStyle>
                <Select
                  allowClear
                  aria-label={`${t('resourceConfig.field.filter')} ${row.name + 1}`}
                  placeholder={t('resourceConfig.field.noFilter')}
                  className="resource-config__filter"
                  options={FILTERS.map((f) => ({
                    value: f,
                    label: t(`resourceConfig.filters.${f}`),
                  }))}
                />
              </Form.Item>
            ),
          },
          {
            title: `${t('resourceConfig.field.min')} / ${t('resourceConfig.field.max')}`,
            key: 'bounds',
            width: 150,
            render: (_, row) => (
              <Space.Compact>
                <Form.Item name={[row.name, 'min']} noStyle>
                  <InputNumber
                    aria-label={`${t('resourceConfig.field.min')} ${row.name + 1}`}
                    placeholder={t('resourceConfig.field.min')}
                  />
                </Form.Item>
                <Form.Item name={[row.name, 'max']} noStyle>
                  <InputNumber
                    aria-label={`${t('resourceConfig.field.max')} ${row.name + 1}`}
                    placeholder={t('resourceConfig.field.max')}
                  />
                </Form.Item>
              </Space.Compact>
            ),
          },
          {
            title: t('resourceConfig.columns.actions'),
            key: 'actions',
            width: 110,
            fixed: 'right',
            render: (_, row, index) =>
              disabled ? null : (
                <Space size={0}>
                  <Tip title={t('resourceConfig.form.moveUp')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('resourceConfig.form.moveUp')}
                      disabled={index === 0}
                      onClick={() => move(index, index - 1)}
                    />
                  </Tip>
                  <Tip title={t('resourceConfig.form.moveDown')}>
                    <Button
                      type="text"
                      size="small"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('resourceConfig.form.moveDown')}
                      disabled={index === rows.length - 1}
                      onClick={() => move(index, index + 1)}
                    />
                  </Tip>
                  <Tip title={t('resourceConfig.form.removeField', { index: index + 1 })}>
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('resourceConfig.form.removeField', { index: index + 1 })}
                      onClick={() => remove(row.name)}
                    />
                  </Tip>
                </Space>
              ),
          },
        ];
        return (
          <>
            <Table<FormListFieldData>
              size="small"
              rowKey="key"
              columns={columns}
              dataSource={rows}
              pagination={false}
              scroll={{ x: 'max-content' }}
              data-testid="fields-editor"
              expandable={{
                // Options and the reference stay in the form while their row is folded.
                expandedRowRender: (row) => <FieldMore row={row} />,
              }}
            />
            {!disabled && (
              <Button
                type="dashed"
                block
                icon={<PlusOutlined />}
                className="resource-config__add-field"
                onClick={() =>
                  add({ name: '', type: 'string', labels: { 'zh-CN': '', 'en-US': '' } })
                }
              >
                {t('resourceConfig.form.addField')}
              </Button>
            )}
          </>
        );
      }}
    </Form.List>
  );
}

/** An enum field's options, or a reference field's target. */
function FieldMore({ row }: { row: FormListFieldData }) {
  const { t } = useTranslation();
  const type = Form.useWatch(['fields', row.name, 'type']) as FieldForm['type'];
  if (type !== 'enum' && type !== 'reference') {
    return <Typography.Text type="secondary">{t('resourceConfig.field.moreHint')}</Typography.Text>;
  }
  if (type === 'reference') {
    return (
      <Space wrap align="start" data-testid={`field-reference-${row.name}`}>
        <Typography.Text strong>{t('resourceConfig.field.reference')}</Typography.Text>
        <Form.Item
          name={[row.name, 'reference', 'resource']}
          label={t('resourceConfig.field.refResource')}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name={[row.name, 'reference', 'key']}
          label={t('resourceConfig.field.refKey')}
          tooltip={t('resourceConfig.field.refKeyHint')}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name={[row.name, 'reference', 'label']}
          label={t('resourceConfig.field.refLabel')}
        >
          <Input />
        </Form.Item>
      </Space>
    );
  }
  return (
    <div data-testid={`field-options-${row.name}`}>
      <Typography.Text strong>{t('resourceConfig.field.options')}</Typography.Text>
      <Form.List name={[row.name, 'options']}>
        {(options, { add, remove }) => (
          <>
            {options.map((o) => (
              <Space key={o.key} align="baseline" className="resource-config__option">
                <Form.Item name={[o.name, 'value']} noStyle>
                  <Input
                    aria-label={t('resourceConfig.field.optionValue')}
                    placeholder={t('resourceConfig.field.optionValue')}
                  />
                </Form.Item>
                <Form.Item name={[o.name, 'labels', 'zh-CN']} noStyle>
                  <Input
                    aria-label={t('resourceConfig.field.labelZh')}
                    placeholder={t('resourceConfig.field.labelZh')}
                  />
                </Form.Item>
                <Form.Item name={[o.name, 'labels', 'en-US']} noStyle>
                  <Input
                    aria-label={t('resourceConfig.field.labelEn')}
                    placeholder={t('resourceConfig.field.labelEn')}
                  />
                </Form.Item>
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('resourceConfig.field.removeOption')}
                  onClick={() => remove(o.name)}
                />
              </Space>
            ))}
            <Button
              type="dashed"
              size="small"
              icon={<PlusOutlined />}
              onClick={() => add({ value: '', labels: { 'zh-CN': '', 'en-US': '' } })}
            >
              {t('resourceConfig.field.addOption')}
            </Button>
          </>
        )}
      </Form.List>
    </div>
  );
}
