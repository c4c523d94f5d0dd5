import { OpenInWindowButton } from '../../components/resource/OpenInWindowButton';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { ReloadOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Input,
  Row,
  Segmented,
  Space,
  Statistic,
  Table,
  Typography,
} from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import { ASSESSMENTS } from '../../../contract/resources/prompt-call';
import { formatDateTime } from '../../components/resource/field-format';
import { feedbackMessage } from '../../providers/feedback';
import { isConflict } from '../record/conflict';
import { SceneLabel } from '../record/renderers';
import { SafeMarkdown } from '../record/SafeMarkdown';
import { AddToCorpusButton } from '../corpus/AddToCorpusButton';
import { useView } from '../view';
import { callVariables, TemplateLabel } from './renderers';
import './prompt-call.css';

type Assessment = (typeof ASSESSMENTS)[number];
const MAX_RECOMMENDED = 10_000;

function assessmentOf(value: unknown): Assessment {
  const n = Number(value);
  return (ASSESSMENTS as readonly number[]).includes(n) ? (n as Assessment) : 0;
}

/**
 * The operator's rating and recommended answer, saved with the version read. Mounted per
 * version: a save or a reload starts it again from the server's values; a conflict keeps what
 * the operator typed until they reload.
 */
function AssessmentEditor({ call, onReload }: { call: BaseRecord; onReload(): void }) {
  const { t } = useTranslation();
  const { def, can } = useView();
  const editable = can('edit');
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<BaseRecord>();
  const [assessment, setAssessment] = useState<Assessment>(assessmentOf(call.assessment));
  const [answer, setAnswer] = useState(
    typeof call.recommendedAnswer === 'string' ? call.recommendedAnswer : '',
  );
  const [conflict, setConflict] = useState(false);
  const answerId = useId();
  const label = (a: Assessment) => t(`prompt-call.enums.assessment.${a}`);

  const save = () =>
    mutate(
      {
        url: apiPath(def.prefix, 'update'),
        method: 'post',
        values: {
          id: call.id,
          version: call.version,
          assessment,
          recommendedAnswer: answer.trim() ? answer : null,
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setConflict(false);
          void feedbackMessage().success(t('prompt-call.detail.saved'));
          void invalidate({ resource: def.name, invalidates: ['list', 'detail'], id: call.id });
          onReload();
        },
        onError: (error: HttpError) => setConflict(isConflict(error)),
      },
    );

  return (
    <Card title={t('prompt-call.detail.assessmentTitle')}>
      <Space direction="vertical" size={16} className="prompt-call__editor">
        {conflict && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            message={t('prompt-call.detail.conflict')}
            action={
              <Button size="small" icon={<ReloadOutlined aria-hidden />} onClick={onReload}>
                {t('prompt-call.detail.reload')}
              </Button>
            }
          />
        )}
        <div>
          <Typography.Text strong>{t('prompt-call.fields.assessment')}</Typography.Text>
          <div>
            <Segmented<Assessment>
              aria-label={t('prompt-call.fields.assessment')}
              disabled={!editable}
              value={assessment}
              onChange={setAssessment}
              options={ASSESSMENTS.map((a) => ({ value: a, label: label(a) }))}
            />
          </div>
        </div>
        <div>
          <Typography.Text strong>
            <label htmlFor={answerId}>{t('prompt-call.fields.recommendedAnswer')}</label>
          </Typography.Text>
          <Input.TextArea
            id={answerId}
            value={answer}
            disabled={!editable}
            onChange={(e) => setAnswer(e.target.value)}
            autoSize={{ minRows: 4, maxRows: 16 }}
            maxLength={MAX_RECOMMENDED}
            showCount
            placeholder={t('prompt-call.detail.recommendedPlaceholder')}
          />
        </div>
        {editable && (
          <Button type="primary" loading={mutation.isPending} onClick={save}>
            {t('buttons.save')}
          </Button>
        )}
      </Space>
    </Card>
  );
}

/** One template call laid out for reading, with the operator's assessment. */
export default function CallDetail() {
  const { route } = useView();
  const { t } = useTranslation();
  const { record: result, query, placeholder } = useDetailRecord<BaseRecord>();

  if (placeholder || !result) return placeholder;
  const call = result;
  const variables = callVariables(call.variables);
  const text = (v: unknown) => (typeof v === 'string' ? v : '');
  const count = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);
  const promptTokens = count(call.promptTokens);
  const completionTokens = count(call.completionTokens);
  const totalTokens =
    call.totalTokens === undefined ? promptTokens + completionTokens : count(call.totalTokens);

  return (
    <Space direction="vertical" size={16} className="prompt-call__detail">
      <Card
        title={`${t(route.locale)} · ${String(call.title ?? call.id)}`}
        extra={
          <Space wrap>
            <OpenInWindowButton />
            <AddToCorpusButton callId={call.id} />
          </Space>
        }
      >
        <Descriptions bordered size="small" column={{ xs: 1, md: 2, xl: 3 }}>
          <Descriptions.Item label={t('prompt-call.fields.templateId')}>
            <TemplateLabel id={call.templateId} title={call.templateTitle} />
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt-call.fields.sceneName')}>
            <SceneLabel name={call.sceneName} code={call.sceneCode} />
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt-call.fields.callTime')}>
            {formatDateTime(call.callTime) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt-call.fields.modelType')}>
            {text(call.modelType) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt-call.fields.modelVersion')}>
            {text(call.modelVersion) || '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt-call.fields.userId')}>
            {text(call.userId) || '-'}
          </Descriptions.Item>
        </Descriptions>
        <Row gutter={[16, 16]} className="prompt-call__tokens">
          <Col xs={24} sm={8}>
            <Statistic title={t('prompt-call.fields.promptTokens')} value={promptTokens} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title={t('prompt-call.fields.completionTokens')} value={completionTokens} />
          </Col>
          <Col xs={24} sm={8}>
            <Statistic title={t('prompt-call.fields.totalTokens')} value={totalTokens} />
          </Col>
        </Row>
      </Card>
      <Card title={t('prompt-call.fields.variables')}>
        <Table
          size="small"
          rowKey="key"
          pagination={false}
          dataSource={variables.map((v, i) => ({ ...v, key: `${i}:${v.name}` }))}
          locale={{ emptyText: t('prompt-call.detail.noVariables') }}
          columns={[
            { key: 'name', dataIndex: 'name', title: t('prompt-call.detail.variableName') },
            { key: 'value', dataIndex: 'value', title: t('prompt-call.detail.variableValue') },
          ]}
        />
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('prompt-call.fields.question')} className="prompt-call__text">
            <SafeMarkdown>{text(call.question)}</SafeMarkdown>
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('prompt-call.fields.answer')} className="prompt-call__text">
            {text(call.answer) ? (
              <SafeMarkdown>{text(call.answer)}</SafeMarkdown>
            ) : (
              <Typography.Text type="secondary">{t('prompt-call.detail.noAnswer')}</Typography.Text>
            )}
          </Card>
        </Col>
      </Row>
      <AssessmentEditor
        key={`${String(call.id)}:${String(call.version)}`}
        call={call}
        onReload={() => void query.refetch()}
      />
    </Space>
  );
}
