import { useInvalidate } from '@refinedev/core';
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFocusFirstField } from '../../components/focus-first-field';
import { validateRevealing } from '../../components/reveal-first-error';
import { apiPath } from '../../../contract/api';
import { DEFAULT_JUDGE_RUBRIC } from '../../../contract/evaluation-judge';
import type { FieldDef } from '../../../contract/resource';
import {
  EVALUATION_METRICS,
  MAX_EVALUATED_VERSIONS,
  modelEvaluate,
  type EvaluationMetric,
} from '../../../contract/resources/model-evaluate';
import { ReferenceSelect } from '../../components/resource/ReferenceSelect';
import { closeUnlessTouched } from '../../components/resource/confirm-discard';
import { feedbackMessage } from '../../providers/feedback';
import { fieldErrors } from '../record/conflict';
import { useModelVersionOptions } from '../../components/model-version-options';
import { useEvaluateCall, type Evaluation } from './api';

interface FormValues {
  evaluateName: string;
  corpusId?: number;
  modelVersions: string[];
  baselineVersion?: string | null;
  templateId?: number | null;
  metrics: EvaluationMetric[];
  judgeVersion?: string | null;
  judgeRubric?: string | null;
  description?: string | null;
}

const NAME_MAX = 64;
const fieldOf = (name: string) => modelEvaluate.fields.find((f) => f.name === name) as FieldDef;
const CORPUS_FIELD = fieldOf('corpusId');
const TEMPLATE_FIELD = fieldOf('templateId');
const DESCRIPTION_MAX = 1000;
const RUBRIC_MAX = 8000;
const RUBRIC_SLOTS = '{{question}} {{expected}} {{answer}}';

/**
 * Creates an evaluation (name, corpus set, model versions with a baseline among them, template,
 * metrics) or edits what may change afterwards: name, baseline and description.
 */
export function EvaluationForm({
  open,
  record,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The evaluation edited; absent: a new one. */
  record?: Evaluation;
  onClose(): void;
  onSaved?(saved: Evaluation): void;
}) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const [form] = Form.useForm<FormValues>();
  const { call, pending } = useEvaluateCall();
  const invalidate = useInvalidate();
  const editing = !!record;
  const { options, loading } = useModelVersionOptions({ enabled: open && !editing });
  const chosen = Form.useWatch('modelVersions', form) ?? record?.modelVersions ?? [];
  const judge = Form.useWatch('judgeVersion', form);
  const label = (field: string) => t(`model-evaluate.fields.${field}`);
  // The baseline names a version as the versions' own list does (name · version).
  const versionLabel = (v: string) => options.find((o) => o.value === v)?.label ?? v;

  const submit = async () => {
    const values = await validateRevealing(form);
    try {
      const saved = editing
        ? await call<Evaluation>(apiPath(modelEvaluate.prefix, 'update'), {
            id: record.id,
            version: record.version,
            evaluateName: values.evaluateName,
            baselineVersion: values.baselineVersion ?? null,
            description: values.description || null,
          })
        : await call<Evaluation>(apiPath(modelEvaluate.prefix, 'create'), {
            evaluateName: values.evaluateName,
            corpusId: values.corpusId,
            modelVersions: values.modelVersions,
            ...(values.baselineVersion ? { baselineVersion: values.baselineVersion } : {}),
            ...(values.templateId ? { templateId: values.templateId } : {}),
            metrics: values.metrics,
            ...(values.judgeVersion ? { judgeVersion: values.judgeVersion } : {}),
            ...(values.judgeVersion && values.judgeRubric?.trim()
              ? { judgeRubric: values.judgeRubric }
              : {}),
            ...(values.description ? { description: values.description } : {}),
          });
      void feedbackMessage().success(
        t(editing ? 'notifications.editSuccess' : 'notifications.createSuccess', {
          resource: t('model-evaluate.menu.title'),
        }),
      );
      void invalidate({
        resource: modelEvaluate.name,
        invalidates: ['list', 'detail'],
        id: saved.id,
      });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // "metrics.1" marks the metrics control.
      const byField = new Map<string, string[]>();
      for (const f of fieldErrors(error)) {
        const name = f.name.split('.')[0] ?? f.name;
        byField.set(name, [...(byField.get(name) ?? []), ...f.errors]);
      }
      form.setFields(
        [...byField].map(([name, errors]) => ({ name: name as keyof FormValues, errors })),
      );
    }
  };

  const cancel = () => closeUnlessTouched(form, t, onClose);

  return (
    <Modal
      {...firstField}
      open={open}
      title={t(`model-evaluate.titles.${editing ? 'edit' : 'create'}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={pending}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={cancel}
      destroyOnHidden
      maskClosable={false}
      width={600}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        name={`model-evaluate-${editing ? 'edit' : 'create'}`}
        preserve={false}
        initialValues={
          record
            ? {
                evaluateName: record.evaluateName,
                modelVersions: record.modelVersions,
                baselineVersion: record.baselineVersion,
                description: record.description,
              }
            : { modelVersions: [], metrics: ['accuracy'] }
        }
        onValuesChange={(changed: Partial<FormValues>, all) => {
          // The baseline must stay among the chosen versions: drop it when it leaves them.
          if (changed.modelVersions && !changed.modelVersions.includes(all.baselineVersion ?? '')) {
            form.setFieldValue('baselineVersion', changed.modelVersions[0]);
          }
        }}
      >
        <Form.Item
          name="evaluateName"
          label={label('evaluateName')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('form.required', { field: label('evaluateName') }),
            },
            {
              max: NAME_MAX,
              message: t('form.tooLong', { field: label('evaluateName'), max: NAME_MAX }),
            },
          ]}
        >
          <Input />
        </Form.Item>
        {!editing && (
          <Form.Item
            name="corpusId"
            label={label('corpusId')}
            rules={[{ required: true, message: t('form.required', { field: label('corpusId') }) }]}
          >
            <ReferenceSelect field={CORPUS_FIELD} />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item
            name="modelVersions"
            label={label('modelVersions')}
            extra={t('model-evaluate.form.versionsHint', { max: MAX_EVALUATED_VERSIONS })}
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: t('form.required', { field: label('modelVersions') }),
              },
              {
                type: 'array',
                max: MAX_EVALUATED_VERSIONS,
                message: t('model-evaluate.form.tooManyVersions', { max: MAX_EVALUATED_VERSIONS }),
              },
            ]}
          >
            <Select
              mode="multiple"
              options={options}
              loading={loading}
              allowClear
              placeholder={t('form.searchOrChoose')}
            />
          </Form.Item>
        )}
        <Form.Item
          name="baselineVersion"
          label={label('baselineVersion')}
          extra={t('model-evaluate.form.baselineHint')}
        >
          <Select
            allowClear
            disabled={!chosen.length}
            options={chosen.map((v) => ({ value: v, label: versionLabel(v) }))}
            placeholder={
              chosen.length
                ? t('model-evaluate.form.baselineDefault', { version: versionLabel(chosen[0]!) })
                : t('model-evaluate.form.baselineFirst')
            }
          />
        </Form.Item>
        {!editing && (
          <Form.Item name="templateId" label={label('templateId')}>
            <ReferenceSelect field={TEMPLATE_FIELD} />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item
            name="metrics"
            label={label('metrics')}
            rules={[
              {
                required: true,
                type: 'array',
                min: 1,
                message: t('form.required', { field: label('metrics') }),
              },
            ]}
          >
            <Checkbox.Group
              options={EVALUATION_METRICS.map((m) => ({
                value: m,
                label: t(`model-evaluate.enums.metrics.${m}`),
              }))}
            />
          </Form.Item>
        )}
        {!editing && (
          <Form.Item
            name="judgeVersion"
            label={label('judgeVersion')}
            extra={t('model-evaluate.form.judgeHint')}
          >
            <Select
              allowClear
              showSearch
              loading={loading}
              options={options}
              optionFilterProp="label"
              placeholder={t('model-evaluate.form.noJudge')}
            />
          </Form.Item>
        )}
        {!editing && judge && (
          <Form.Item
            name="judgeRubric"
            label={label('judgeRubric')}
            extra={t('model-evaluate.form.rubricHint', { names: RUBRIC_SLOTS })}
            rules={[
              {
                max: RUBRIC_MAX,
                message: t('form.tooLong', { field: label('judgeRubric'), max: RUBRIC_MAX }),
              },
              {
                pattern: /\{\{\s*answer\s*\}\}/,
                message: t('model-evaluate.form.rubricNeedsAnswer', { name: '{{answer}}' }),
              },
            ]}
          >
            <Input.TextArea
              autoSize={{ minRows: 3, maxRows: 10 }}
              placeholder={DEFAULT_JUDGE_RUBRIC}
            />
          </Form.Item>
        )}
        <Form.Item
          name="description"
          label={label('description')}
          rules={[
            {
              max: DESCRIPTION_MAX,
              message: t('form.tooLong', { field: label('description'), max: DESCRIPTION_MAX }),
            },
          ]}
        >
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
