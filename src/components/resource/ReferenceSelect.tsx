import { useSelect } from '@refinedev/antd';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldDef } from '../../../contract/resource';
import { KEYWORD_FIELD } from '../../providers/data';

/**
 * Picks a row of the resource a reference field points at, showing its label and storing its
 * key (a scene by code, a template by id). Typing searches the target's keyword on the server.
 */
export function ReferenceSelect({
  field,
  ...injected
}: {
  field: FieldDef;
  value?: never;
  onChange?: never;
  id?: string;
}) {
  const { t } = useTranslation();
  const reference = field.reference;
  const { selectProps } = useSelect({
    resource: reference?.resource ?? '',
    optionValue: reference?.key as never,
    optionLabel: reference?.label as never,
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (value) => [{ field: KEYWORD_FIELD, operator: 'eq', value }],
    queryOptions: { enabled: !!reference },
    errorNotification: false,
  });
  return (
    <Select
      {...selectProps}
      placeholder={t('form.searchOrChoose')}
      {...injected}
      allowClear={!field.required}
      showSearch
      filterOption={false}
    />
  );
}
