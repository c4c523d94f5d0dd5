import { useSelect } from '@refinedev/antd';
import { useCreate, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Form, Input, Modal, Radio, Select, Switch, type SelectProps } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { useFocusFirstField } from '../../components/focus-first-field';
import { showFieldErrors, validateRevealing } from '../../components/reveal-first-error';
import type { FieldDef } from '../../../contract/resource';
import { directive, DIRECTIVE_COMMAND } from '../../../contract/resources/directive';
import { fieldLabel } from '../../components/resource/field-format';
import { fieldRules } from '../../components/resource/field-rules';
import { ReferenceSelect } from '../../components/resource/ReferenceSelect';
import { KEYWORD_FIELD } from '../../providers/data';
import { closeUnlessTouched } from '../../components/resource/confirm-discard';
import { toastSaved } from '../../components/resource/saved-toast';

type Source = 'content' | 'template';

interface Values {
  directiveName?: string;
  command?: string;
  description?: string;
  sceneCode?: string | null;
  source: Source;
  content?: string;
  templateId?: number | null;
  status: number;
}

const field = (name: string) => directive.fields.find((f) => f.name === name) as FieldDef;
const COMMAND = new RegExp(`^(?:${DIRECTIVE_COMMAND.regex})$`, 'u');
const COMMAND_MAX = field('command').max ?? 33;

function initialValues(record: BaseRecord | undefined): Values {
  if (!record) return { source: 'content', status: 1 };
  return {
    directiveName: record.directiveName as string,
    command: record.command as string,
    description: (record.description as string | null) ?? undefined,
    sceneCode: (record.sceneCode as string | null) ?? undefined,
    source: record.templateId != null && !record.content ? 'template' : 'content',
    content: (record.content as string | null) ?? undefined,
    templateId: (record.templateId as number | null) ?? undefined,
    status: Number(record.status ?? 1),
  };
}

const text = (v: string | undefined | null) => (v && v.trim() ? v.trim() : null);

/** The body a save sends: the source not chosen is cleared, so the directive uses one of them. */
function toBody(values: Values): Record<string, unknown> {
  const template = values.source === 'template';
  return {
    directiveName: values.directiveName?.trim(),
    command: values.command?.trim(),
    description: text(values.description),
    sceneCode: values.sceneCode ?? null,
    content: template ? null : text(values.content),
    templateId: template ? (values.templateId ?? null) : null,
    status: values.status,
  };
}

/** Enabled templates the operator can see, searched on the server by keyword. */
function TemplateSelect(props: { value?: number; onChange?: (v: number) => void; id?: string }) {
  const { t } = useTranslation();
  const { selectProps } = useSelect({
    resource: 'prompt',
    meta: { prefix: 'prompt', scope: undefined },
    optionValue: 'id' as never,
    optionLabel: 'title' as never,
    filters: [{ field: 'status', operator: 'eq', value: 1 }],
    defaultValue: props.value,
    pagination: { pageSize: 50, mode: 'server' },
    onSearch: (value) => [{ field: KEYWORD_FIELD, operator: 'eq', value }],
    errorNotification: false,
  });
  return (
    <Select<number>
      {...(selectProps as SelectProps<number>)}
      {...props}
      showSearch
      filterOption={false}
      placeholder={t('directive.form.templatePlaceholder')}
    />
  );
}

export interface DirectiveFormProps {
  /** The directive edited; none: a new one. */
  record?: BaseRecord;
  open: boolean;
  onClose(): void;
  /** After the closing animation, when antd has given the focus back (useDialog). */
  afterClose(): void;
}

/**
 * Create or edit a directive in a dialog: the command checked as the server checks it, and the
 * answer written here or taken from a template (a radio chooses which).
 */
export function DirectiveForm({ record, open, onClose, afterClose }: DirectiveFormProps) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const [form] = Form.useForm<Values>();
  const source = Form.useWatch('source', form) ?? initialValues(record).source;
  const { mutate: create, mutation: creating } = useCreate<BaseRecord, HttpError>();
  const { mutate: update, mutation: updating } = useUpdate<BaseRecord, HttpError>();
  const mode = record ? 'edit' : 'create';
  const label = (name: string) => fieldLabel(t, directive, name);
  const rules = (name: string) => fieldRules(t, field(name), label(name));

  const commandRules: Rule[] = [
    { required: true, whitespace: true, message: t('form.required', { field: label('command') }) },
    {
      max: COMMAND_MAX,
      message: t('form.tooLong', { field: label('command'), max: COMMAND_MAX }),
    },
    {
      validator: (_rule, value: unknown) =>
        typeof value !== 'string' || value.trim() === '' || COMMAND.test(value.trim())
          ? Promise.resolve()
          : Promise.reject(
              new Error(t('directive.form.badCommand', { example: DIRECTIVE_COMMAND.example })),
            ),
    },
  ];

  const showServerErrors = (err: HttpError) =>
    // The server names `content` when neither is given; the visible control shows it.
    showFieldErrors(form, err.errors, (name) =>
      name === 'content' && source === 'template' ? 'templateId' : name,
    );

  const submit = async () => {
    const values = toBody(await validateRevealing(form));
    const done = {
      onSuccess: () => {
        toastSaved(t);
        onClose();
      },
      onError: showServerErrors,
    };
    if (!record) {
      create({ resource: directive.name, values, successNotification: false }, done);
    } else {
      update(
        {
          resource: directive.name,
          id: record.id!,
          values: { ...values, version: record.version },
          successNotification: false,
        },
        done,
      );
    }
  };

  const cancel = () => closeUnlessTouched(form, t, onClose);

  return (
    <Modal
      {...firstField}
      open={open}
      afterClose={afterClose}
      title={t(`directive.titles.${mode}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={creating.isPending || updating.isPending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={cancel}
      destroyOnHidden
      maskClosable={false}
      width={600}
    >
      <Form
        form={form}
        layout="vertical"
        name={`directive-${mode}`}
        initialValues={initialValues(record)}
        onFinish={() => void submit().catch(() => undefined)}
      >
        <Form.Item
          name="directiveName"
          label={label('directiveName')}
          rules={rules('directiveName')}
        >
          <Input maxLength={field('directiveName').max} showCount />
        </Form.Item>
        <Form.Item
          name="command"
          label={label('command')}
          rules={commandRules}
          extra={t('directive.form.commandHint', { example: DIRECTIVE_COMMAND.example })}
        >
          <Input
            className="directive-command-input"
            placeholder={DIRECTIVE_COMMAND.example}
            maxLength={COMMAND_MAX}
            autoComplete="off"
            spellCheck={false}
          />
        </Form.Item>
        <Form.Item name="description" label={label('description')} rules={rules('description')}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 4 }} />
        </Form.Item>
        <Form.Item name="sceneCode" label={label('sceneCode')}>
          <ReferenceSelect field={field('sceneCode')} />
        </Form.Item>
        <Form.Item name="source" label={t('directive.form.source')}>
          <Radio.Group
            optionType="button"
            options={[
              { value: 'content', label: t('directive.form.sourceContent') },
              { value: 'template', label: t('directive.form.sourceTemplate') },
            ]}
          />
        </Form.Item>
        {source === 'content' ? (
          <Form.Item
            name="content"
            label={label('content')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('directive.form.contentRequired'),
              },
              ...rules('content'),
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 4, maxRows: 12 }}
              maxLength={field('content').max}
              showCount
            />
          </Form.Item>
        ) : (
          <Form.Item
            name="templateId"
            label={label('templateId')}
            rules={[{ required: true, message: t('directive.form.templateRequired') }]}
          >
            <TemplateSelect />
          </Form.Item>
        )}
        <Form.Item
          name="status"
          label={label('status')}
          valuePropName="checked"
          getValueProps={(value: unknown) => ({ checked: Number(value) === 1 })}
          normalize={(checked: boolean) => (checked ? 1 : 0)}
        >
          <Switch
            checkedChildren={t('directive.enums.status.1')}
            unCheckedChildren={t('directive.enums.status.0')}
          />
        </Form.Item>
        {/* Enter in a single-line input submits, as in any form. */}
        <button type="submit" hidden aria-hidden tabIndex={-1} />
      </Form>
    </Modal>
  );
}
