import { useSelect } from '@refinedev/antd';
import { useCreate, useUpdate, type HttpError } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  Drawer,
  Form,
  Input,
  Row,
  Select,
  Space,
  Typography,
} from 'antd';
import type { Rule } from 'antd/es/form';
import { useMemo, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { prompt, PROMPT_MODEL_TYPES } from '../../../contract/resources/prompt';
import { TagsSelect } from '../../components/resource/TagsSelect';
import { isConflict } from './api';
import { PlaceholderChecks } from './PlaceholderChecks';
import { checkPlaceholders, extractPlaceholders } from './placeholders';
import { PromptPreview } from './PromptPreview';
import { Playground } from './playground/Playground';
import { TemplateTextArea } from './TemplateTextArea';
import { LIMITS, type PromptRecord, type PromptValues, type PromptVariable } from './types';
import { cleanVariables, VariableTable } from './VariableTable';
import './prompt.css';

/** Fields the form has; a server issue on another field shows above the form. */
const FORM_FIELDS = new Set([
  'title',
  'sceneCode',
  'type',
  'description',
  'note',
  'content',
  'variables',
  'tags',
]);

/** `variables.0.fieldName` / `variables[0].fieldName` → ['variables', 0, 'fieldName']. */
export function namePathOf(field: string): (string | number)[] {
  return field
    .split(/[.[\]]+/)
    .filter((p) => p !== '')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/** Enter in a preview's sample value stays there instead of submitting the editor. */
function keepEnterInPreview(e: KeyboardEvent<HTMLDivElement>): void {
  if (e.key === 'Enter' && e.target instanceof HTMLInputElement) e.preventDefault();
}

interface FormValues {
  title?: string;
  sceneCode?: string | null;
  type?: string;
  description?: string | null;
  note?: string;
  content?: string;
  variables?: Partial<PromptVariable>[];
  tags?: string[];
}

export interface PromptEditorProps {
  mode: 'create' | 'edit';
  /** The template being edited (its id and version drive the update). */
  record?: PromptRecord;
  /** What the form starts with: the draft or live content when editing. */
  initial?: Partial<PromptValues> & { sceneName?: string | null };
  /** The row scope a create goes into (`public` / `personal`). */
  scope?: string;
  onSaved(record: PromptRecord): void;
  onCancel?(): void;
  /** Reloads the template after a version conflict. */
  onReload?(): void;
}

/**
 * Create or edit a template: fields, highlighted text with live placeholder checks, the
 * variable table and a live preview. Server field issues show on their fields; a stale version
 * says someone else saved first.
 */
export function PromptEditor({
  mode,
  record,
  initial,
  scope,
  onSaved,
  onCancel,
  onReload,
}: PromptEditorProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [conflict, setConflict] = useState(false);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { mutate: create, mutation: createState } = useCreate<PromptRecord, HttpError>();
  const { mutate: update, mutation: updateState } = useUpdate<PromptRecord, HttpError>();
  const content = (Form.useWatch('content', form) as string | undefined) ?? '';
  const [trying, setTrying] = useState(false);
  const watched = Form.useWatch('variables', form) as Partial<PromptVariable>[] | undefined;
  const variables = useMemo(() => watched ?? [], [watched]);
  const known = useMemo(
    () => new Set(variables.map((v) => v?.fieldName?.trim() ?? '').filter(Boolean)),
    [variables],
  );

  const { selectProps: sceneSelect } = useSelect({
    resource: 'scene',
    optionValue: 'sceneCode',
    optionLabel: 'sceneName',
    pagination: { pageSize: 50 },
    onSearch: (value) => [{ field: 'keyword', operator: 'eq', value }],
    errorNotification: false,
  });
  const sceneOptions = useMemo(() => {
    const options = [...(sceneSelect.options ?? [])];
    const code = initial?.sceneCode;
    if (code && !options.some((o) => o.value === code)) {
      options.unshift({ value: code, label: initial?.sceneName ?? code });
    }
    return options;
  }, [sceneSelect.options, initial?.sceneCode, initial?.sceneName]);

  const initialValues: FormValues = {
    title: initial?.title ?? '',
    sceneCode: initial?.sceneCode ?? undefined,
    type: initial?.type ?? 'CHATGPT',
    description: initial?.description ?? '',
    note: '',
    content: initial?.content ?? '',
    variables: initial?.variables ?? [],
    tags: initial?.tags ?? [],
  };

  const showServerErrors = (err: HttpError) => {
    if (isConflict(err)) {
      setConflict(true);
      return;
    }
    const entries = Object.entries(err.errors ?? {});
    const text = (msg: unknown) =>
      typeof msg === 'string' ? msg : Array.isArray(msg) ? msg.join(', ') : String(msg);
    const onForm = entries.filter(([field]) => FORM_FIELDS.has(String(namePathOf(field)[0])));
    // Issue fields are paths the server names; antd types names as this form's own paths.
    type Fields = Parameters<typeof form.setFields>[0];
    form.setFields(
      onForm.map(([field, msg]) => ({ name: namePathOf(field), errors: [text(msg)] })) as Fields,
    );
    const rest = entries.filter((e) => !onForm.includes(e)).map(([f, msg]) => `${f}: ${text(msg)}`);
    setOtherErrors(rest.length || onForm.length ? rest : [err.message]);
  };

  const submit = async () => {
    setOtherErrors([]);
    let raw: FormValues;
    try {
      raw = await form.validateFields();
    } catch {
      return;
    }
    const values: PromptValues = {
      title: (raw.title ?? '').trim(),
      sceneCode: raw.sceneCode || null,
      type: raw.type ?? 'CHATGPT',
      description: raw.description?.trim() || null,
      content: raw.content ?? '',
      variables: cleanVariables(raw.variables),
    };
    const note = raw.note?.trim();
    if (note) values.note = note;
    // A new template without tags sends none (the server's default); an edit sends them all.
    const tags = raw.tags ?? [];
    if (tags.length || mode === 'edit') values.tags = tags;
    const done = {
      onSuccess: ({ data }: { data: PromptRecord }) => onSaved(data),
      onError: showServerErrors,
    };
    if (mode === 'create') {
      create(
        {
          resource: 'prompt',
          values: { ...values, ...(scope ? { scope } : {}) },
          successNotification: false,
          errorNotification: false,
        },
        done,
      );
    } else if (record) {
      update(
        {
          resource: 'prompt',
          id: record.id,
          values: { ...values, version: record.version },
          successNotification: false,
          errorNotification: false,
        },
        done,
      );
    }
  };

  const required = (field: string): Rule => ({
    required: true,
    whitespace: true,
    message: t('form.required', { field: t(`prompt.fields.${field}`) }),
  });
  const tooLong = (field: string, max: number): Rule => ({
    max,
    message: t('form.tooLong', { field: t(`prompt.fields.${field}`), max }),
  });

  return (
    <>
      {conflict && (
        <Alert
          type="error"
          showIcon
          className="prompt-editor__alert"
          message={t('prompt.editor.conflict')}
          action={
            onReload && (
              <Button size="small" onClick={onReload}>
                {t('prompt.editor.reload')}
              </Button>
            )
          }
        />
      )}
      {otherErrors.length > 0 && (
        <Alert
          type="error"
          showIcon
          className="prompt-editor__alert"
          message={otherErrors.map((e) => (
            <div key={e}>{e}</div>
          ))}
        />
      )}
      <Form<FormValues>
        form={form}
        layout="vertical"
        name={`prompt-${mode}`}
        initialValues={initialValues}
        onFinish={() => void submit()}
      >
        {/* The preview beside the text; the variable table below both, across the whole card:
            beside the preview it had no room for an interface URL. */}
        <Row gutter={[24, 16]}>
          <Col xs={24} xl={15}>
            <Form.Item
              name="title"
              label={t('prompt.fields.title')}
              rules={[required('title'), tooLong('title', LIMITS.title)]}
            >
              <Input maxLength={LIMITS.title} />
            </Form.Item>
            <Row gutter={16}>
              <Col xs={24} md={12}>
                <Form.Item name="sceneCode" label={t('prompt.fields.sceneName')}>
                  <Select
                    {...sceneSelect}
                    options={sceneOptions}
                    allowClear
                    showSearch
                    filterOption={false}
                    placeholder={t('prompt.editor.scenePlaceholder')}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12}>
                <Form.Item
                  name="type"
                  label={t('prompt.fields.type')}
                  rules={[
                    {
                      required: true,
                      message: t('form.required', { field: t('prompt.fields.type') }),
                    },
                  ]}
                >
                  <Select
                    options={PROMPT_MODEL_TYPES.map((v) => ({
                      value: v,
                      label: t(`prompt.enums.type.${v}`),
                    }))}
                  />
                </Form.Item>
              </Col>
            </Row>
            <Form.Item
              name="description"
              label={t('prompt.fields.description')}
              rules={[tooLong('description', LIMITS.description)]}
            >
              <Input.TextArea
                autoSize={{ minRows: 2, maxRows: 6 }}
                maxLength={LIMITS.description}
              />
            </Form.Item>
            <Form.Item name="tags" label={t('prompt.fields.tags')}>
              <TagsSelect
                def={prompt}
                field="tags"
                multiple
                aria-label={t('prompt.fields.tags')}
                placeholder={t('form.tagsHint')}
              />
            </Form.Item>
            <Form.Item
              name="content"
              label={t('prompt.fields.content')}
              extra={t('prompt.editor.contentHint', { example: '{{fieldName}}' })}
              rules={[
                required('content'),
                tooLong('content', LIMITS.content),
                ({ getFieldValue }) => ({
                  validateTrigger: 'onSubmit',
                  validator: (_, value: unknown) => {
                    const check = checkPlaceholders(
                      typeof value === 'string' ? value : '',
                      getFieldValue('variables') as Partial<PromptVariable>[] | undefined,
                    );
                    return check.missing.length || check.unused.length
                      ? Promise.reject(new Error(t('prompt.validation.placeholders')))
                      : Promise.resolve();
                  },
                }),
              ]}
            >
              <TemplateTextArea known={known} maxLength={LIMITS.content} />
            </Form.Item>
            <PlaceholderChecks />
          </Col>
          <Col xs={24} xl={9}>
            {/* Its sample inputs are inside the form now: Enter in one must not save it. */}
            <div onKeyDown={keepEnterInPreview}>
              <Card
                size="small"
                title={t('prompt.preview.title')}
                extra={
                  record && (
                    <Button
                      size="small"
                      onClick={() => setTrying(true)}
                      data-testid="playground-open"
                    >
                      {t('prompt.playground.open')}
                    </Button>
                  )
                }
              >
                <PromptPreview content={content} variables={variables} />
                {extractPlaceholders(content).length === 0 && content !== '' && (
                  <Typography.Text type="secondary">
                    {t('prompt.preview.noPlaceholders')}
                  </Typography.Text>
                )}
              </Card>
            </div>
          </Col>
        </Row>
        <Typography.Title level={5} className="prompt-editor__section">
          {t('prompt.fields.variables')}
        </Typography.Title>
        <VariableTable />
        <Form.Item
          name="note"
          label={t('prompt.fields.note')}
          className="prompt-editor__section"
          rules={[tooLong('note', LIMITS.note)]}
        >
          <Input maxLength={LIMITS.note} placeholder={t('prompt.editor.notePlaceholder')} />
        </Form.Item>
        {record && (
          <Drawer
            open={trying}
            onClose={() => setTrying(false)}
            title={t('prompt.playground.title')}
            width="min(1200px, 100vw)"
            destroyOnHidden
          >
            <Playground
              templateId={record.id}
              content={content}
              variables={variables.filter(
                (v): v is PromptVariable => typeof v?.fieldName === 'string' && v.fieldName !== '',
              )}
            />
          </Drawer>
        )}
        <Space className="prompt-editor__actions">
          <Button
            type="primary"
            htmlType="submit"
            loading={createState.isPending || updateState.isPending}
          >
            {t('buttons.save')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('buttons.cancel')}</Button>}
        </Space>
      </Form>
    </>
  );
}
