import { DeleteOutlined, EditOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import {
  Button,
  Card,
  Descriptions,
  Empty,
  Form,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import type { FieldDef } from '../../../contract/resource';
import { GATE_METRICS, type ReleaseGate } from '../../../contract/release-gate';
import { modelEvaluate, type EvaluationMetric } from '../../../contract/resources/model-evaluate';
import { scene as sceneDef } from '../../../contract/resources/scene';
import { useModelVersionOptions } from '../../components/model-version-options';
import { closeUnlessTouched } from '../../components/resource/confirm-discard';
import { ReferenceSelect } from '../../components/resource/ReferenceSelect';
import { validateRevealing } from '../../components/reveal-first-error';
import { feedbackMessage } from '../../providers/feedback';
import { fieldErrors } from '../record/conflict';

const CORPUS_FIELD = modelEvaluate.fields.find((f) => f.name === 'corpusId') as FieldDef;

interface GateValues {
  corpusId?: number;
  modelVersion?: string;
  thresholds: { metric?: EvaluationMetric; value?: number }[];
  judgeVersion?: string | null;
  maxDrop?: number | null;
}

function toValues(gate: ReleaseGate | null): GateValues {
  if (!gate) return { thresholds: [{ metric: 'rougeL', value: 40 }] };
  return {
    corpusId: gate.corpusId,
    modelVersion: gate.modelVersion,
    thresholds: Object.entries(gate.thresholds).map(([metric, value]) => ({
      metric: metric as EvaluationMetric,
      value,
    })),
    judgeVersion: gate.judgeVersion ?? null,
    maxDrop: gate.maxDrop ?? null,
  };
}

function toGate(values: GateValues): ReleaseGate {
  return {
    corpusId: values.corpusId!,
    modelVersion: values.modelVersion!,
    thresholds: Object.fromEntries(values.thresholds.map((t) => [t.metric!, t.value!])),
    judgeVersion: values.judgeVersion || null,
    maxDrop: values.maxDrop ?? null,
  };
}

/** A corpus set's name, read by its id; the id while it loads or when it is gone. */
function CorpusName({ id }: { id: number }) {
  const { result } = useCustom<{ corpusName?: string }>({
    url: apiPath('corpus', 'detail'),
    method: 'post',
    config: { payload: { id } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const name = (result.data as { corpusName?: string } | undefined)?.corpusName;
  return <>{name ?? `#${id}`}</>;
}

/**
 * A scene's release gate: what a platform template version of the scene must score before it
 * may go live. Shown on the scene's page; editors set, change or remove it.
 */
export function ReleaseGateCard({
  scene,
  editable,
  onChanged,
}: {
  scene: BaseRecord;
  editable: boolean;
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const gate = (scene.releaseGate as ReleaseGate | null | undefined) ?? null;
  const [editing, setEditing] = useState(false);
  const [form] = Form.useForm<GateValues>();
  const { mutateAsync, mutation } = useCustomMutation();
  const invalidate = useInvalidate();
  const { options, loading } = useModelVersionOptions({ enabled: editing });
  const metricLabel = (m: string) => t(`model-evaluate.enums.metrics.${m}`);
  const label = (name: string) => t(`scene.gate.fields.${name}`);

  const save = async (releaseGate: ReleaseGate | null) => {
    try {
      await mutateAsync({
        url: apiPath(sceneDef.prefix, 'update'),
        method: 'post',
        values: { id: scene.id, version: scene.version, releaseGate },
        successNotification: false,
        errorNotification: false,
      });
      void feedbackMessage().success(t(releaseGate ? 'scene.gate.saved' : 'scene.gate.removed'));
      void invalidate({ resource: sceneDef.name, invalidates: ['list', 'detail'], id: scene.id });
      setEditing(false);
      onChanged();
    } catch (error) {
      // "releaseGate.corpusId" marks the corpus control.
      form.setFields(
        fieldErrors(error).map((f) => ({
          name: (f.name.split('.')[1] ?? f.name) as keyof GateValues,
          errors: f.errors,
        })),
      );
    }
  };
  const submit = async () => {
    const values = await validateRevealing(form);
    await save(toGate(values));
  };

  return (
    <Card
      title={t('scene.gate.title')}
      extra={
        editable && (
          <Space>
            <Button
              icon={<EditOutlined aria-hidden />}
              onClick={() => {
                form.setFieldsValue(toValues(gate));
                setEditing(true);
              }}
            >
              {t(gate ? 'scene.gate.edit' : 'scene.gate.set')}
            </Button>
            {gate && (
              <Popconfirm
                title={t('scene.gate.removeConfirm')}
                okText={t('scene.gate.remove')}
                okButtonProps={{ danger: true }}
                cancelText={t('buttons.cancel')}
                onConfirm={() => save(null)}
              >
                <Button danger icon={<DeleteOutlined aria-hidden />}>
                  {t('scene.gate.remove')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        )
      }
    >
      {gate ? (
        <Descriptions bordered size="small" column={{ xs: 1, md: 2 }}>
          <Descriptions.Item label={label('corpusId')}>
            <CorpusName id={gate.corpusId} />
          </Descriptions.Item>
          <Descriptions.Item label={label('modelVersion')}>{gate.modelVersion}</Descriptions.Item>
          <Descriptions.Item label={label('thresholds')} span={2}>
            <Space wrap>
              {Object.entries(gate.thresholds).map(([metric, value]) => (
                <Tag key={metric}>
                  {metricLabel(metric)} ≥ {value}
                </Tag>
              ))}
            </Space>
          </Descriptions.Item>
          <Descriptions.Item label={label('judgeVersion')}>
            {gate.judgeVersion ?? '-'}
          </Descriptions.Item>
          <Descriptions.Item label={label('maxDrop')}>
            {gate.maxDrop === null || gate.maxDrop === undefined
              ? t('scene.gate.noBaseline')
              : t('scene.gate.maxDropValue', { points: gate.maxDrop })}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('scene.gate.none')} />
      )}
      <Typography.Paragraph type="secondary" className="scene-gate__hint">
        {t('scene.gate.hint')}
      </Typography.Paragraph>
      <Modal
        open={editing}
        destroyOnHidden
        title={t('scene.gate.title')}
        okText={t('buttons.save')}
        cancelText={t('buttons.cancel')}
        confirmLoading={mutation.isPending}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => closeUnlessTouched(form, t, () => setEditing(false))}
        width={640}
      >
        <Form form={form} layout="vertical" preserve={false} initialValues={toValues(gate)}>
          <Form.Item
            name="corpusId"
            label={label('corpusId')}
            rules={[{ required: true, message: t('form.required', { field: label('corpusId') }) }]}
          >
            <ReferenceSelect field={CORPUS_FIELD} />
          </Form.Item>
          <Form.Item
            name="modelVersion"
            label={label('modelVersion')}
            rules={[
              { required: true, message: t('form.required', { field: label('modelVersion') }) },
            ]}
          >
            <Select showSearch optionFilterProp="label" loading={loading} options={options} />
          </Form.Item>
          <Form.Item label={label('thresholds')} required>
            <Form.List
              name="thresholds"
              rules={[
                {
                  validator: async (_, rows: unknown[] | undefined) => {
                    if (!rows?.length) {
                      throw new Error(t('form.required', { field: label('thresholds') }));
                    }
                  },
                },
              ]}
            >
              {(fields, { add, remove }, { errors }) => (
                <>
                  {fields.map((field) => (
                    <Space key={field.key} align="baseline">
                      <Form.Item
                        name={[field.name, 'metric']}
                        rules={[
                          { required: true, message: t('scene.gate.metricRequired') },
                          ({ getFieldValue }) => ({
                            validator: async (_, metric: string | undefined) => {
                              const all = (getFieldValue('thresholds') as GateValues['thresholds'])
                                .map((r) => r?.metric)
                                .filter((m) => m === metric);
                              if (metric && all.length > 1) {
                                throw new Error(t('scene.gate.metricTwice'));
                              }
                            },
                          }),
                        ]}
                      >
                        <Select
                          className="scene-gate__metric"
                          aria-label={t('scene.gate.metric')}
                          options={GATE_METRICS.map((m) => ({ value: m, label: metricLabel(m) }))}
                        />
                      </Form.Item>
                      <span aria-hidden>≥</span>
                      <Form.Item
                        name={[field.name, 'value']}
                        rules={[{ required: true, message: t('scene.gate.valueRequired') }]}
                      >
                        <InputNumber
                          min={0}
                          max={100}
                          aria-label={t('scene.gate.minimum')}
                          placeholder="0–100"
                        />
                      </Form.Item>
                      <Button
                        type="text"
                        aria-label={t('scene.gate.removeThreshold')}
                        icon={<MinusCircleOutlined aria-hidden />}
                        onClick={() => remove(field.name)}
                      />
                    </Space>
                  ))}
                  <Button
                    type="dashed"
                    icon={<PlusOutlined aria-hidden />}
                    onClick={() => add({ value: 60 })}
                    disabled={fields.length >= GATE_METRICS.length}
                  >
                    {t('scene.gate.addThreshold')}
                  </Button>
                  <Form.ErrorList errors={errors} />
                </>
              )}
            </Form.List>
          </Form.Item>
          <Form.Item
            name="judgeVersion"
            label={label('judgeVersion')}
            extra={t('scene.gate.judgeHint')}
          >
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={loading}
              options={options}
            />
          </Form.Item>
          <Form.Item name="maxDrop" label={label('maxDrop')} extra={t('scene.gate.maxDropHint')}>
            <InputNumber min={0} max={100} addonAfter={t('scene.gate.points')} />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
