import { PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { checkPlaceholders, variablesFor } from './placeholders';
import type { PromptVariable } from './types';
import './prompt.css';

/**
 * Live checks under the template text: placeholders with no variable and variables the text
 * does not use, with one button that adds a text row per missing placeholder.
 */
export function PlaceholderChecks() {
  const { t } = useTranslation();
  const form = Form.useFormInstance();
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const variables =
    (Form.useWatch('variables', form) as Partial<PromptVariable>[] | undefined) ?? [];
  const { missing, unused } = checkPlaceholders(content, variables);
  if (!missing.length && !unused.length) return null;

  const addMissing = () => {
    const rows = (form.getFieldValue('variables') ?? []) as Partial<PromptVariable>[];
    form.setFieldValue('variables', [...rows, ...variablesFor(missing)]);
    if (form.getFieldError('content').length)
      void form.validateFields(['content']).catch(() => undefined);
  };

  return (
    <Alert
      className="prompt-checks"
      type="warning"
      showIcon
      message={
        <ul className="prompt-checks__list" aria-label={t('prompt.editor.checks')}>
          {missing.map((name) => (
            <li key={`m-${name}`}>{t('prompt.editor.missing', { placeholder: `{{${name}}}` })}</li>
          ))}
          {unused.map((name) => (
            <li key={`u-${name}`}>{t('prompt.editor.unused', { name })}</li>
          ))}
        </ul>
      }
      action={
        missing.length ? (
          <Space>
            <Button size="small" icon={<PlusOutlined aria-hidden />} onClick={addMissing}>
              {t('prompt.editor.addMissing')}
            </Button>
          </Space>
        ) : undefined
      }
    />
  );
}
