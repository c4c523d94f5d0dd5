import { SaveOutlined } from '@ant-design/icons';
import { Button, Card, Input, Rate, Space, Tag, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HUMAN_SCORE_MAX } from '../../../contract/resources/model-evaluate-result';
import { EVALUATION_METRICS } from '../../../contract/resources/model-evaluate';
import { formatCount, formatScore } from '../../components/charts/format';
import { feedbackMessage } from '../../providers/feedback';
import { isConflict } from '../record/conflict';
import { EVALUATE_CALLS, scoreOf, useEvaluateCall, type EvaluationResult } from './api';

const COMMENT_MAX = 2000;

/**
 * One model version's answer to an item, its metric scores with the judge's reason (or why the
 * judge gave no score), and the operator's human score and comment. A stale version (someone
 * scored it meanwhile) reloads the result and says so.
 */
export function ResultAnswer({
  result,
  baseline,
  editable,
  onChanged,
}: {
  result: EvaluationResult;
  baseline: boolean;
  editable: boolean;
  onChanged(): void;
}) {
  const { t, i18n } = useTranslation();
  const commentId = useId();
  const { call, pending } = useEvaluateCall();
  const [score, setScore] = useState<number | null>(result.humanScore);
  const [comment, setComment] = useState(result.comment ?? '');
  const dirty = score !== result.humanScore || comment !== (result.comment ?? '');
  const scores = result.scores;
  const judgeReason = typeof scores?.judgeReason === 'string' ? scores.judgeReason : '';
  const judgeError = typeof scores?.judgeError === 'string' ? scores.judgeError : '';

  const save = async () => {
    try {
      await call(EVALUATE_CALLS.resultUpdate, {
        id: result.id,
        version: result.version,
        humanScore: score,
        comment: comment.trim() ? comment : null,
      });
      void feedbackMessage().success(t('model-evaluate.items.saved'));
      onChanged();
    } catch (error) {
      if (isConflict(error)) {
        void feedbackMessage().warning(t('model-evaluate.items.reloaded'));
        onChanged();
      }
    }
  };

  return (
    <Card
      size="small"
      className="evaluate-item__answer"
      title={
        <Space size={4}>
          <span>{result.modelVersion}</span>
          {baseline && <Tag color="blue">{t('model-evaluate.report.baselineTag')}</Tag>}
        </Space>
      }
    >
      <Space direction="vertical" size={8} className="evaluate-item__score">
        <Typography.Paragraph className="evaluate-item__text">
          {result.answer ?? <Typography.Text type="secondary">-</Typography.Text>}
        </Typography.Paragraph>
        <Space size={[4, 4]} wrap className="evaluate-item__scores">
          {EVALUATION_METRICS.map((m) => [m, scoreOf(scores, m)] as const)
            .filter(
              (entry): entry is readonly [(typeof entry)[0], number] => entry[1] !== undefined,
            )
            .map(([m, value]) => (
              <Tag key={m} data-metric={m}>
                {t(`model-evaluate.enums.metrics.${m}`)} {formatScore(value, i18n.language)}
              </Tag>
            ))}
        </Space>
        {judgeReason && (
          <div className="evaluate-item__judge">
            <Typography.Text type="secondary">
              {t('model-evaluate.report.judgeReason')}
            </Typography.Text>
            <Typography.Paragraph className="evaluate-item__text">
              {judgeReason}
            </Typography.Paragraph>
          </div>
        )}
        {judgeError && (
          <Typography.Text type="warning" className="evaluate-item__judge-error">
            {t('model-evaluate.report.judgeError', { error: judgeError })}
          </Typography.Text>
        )}
        <Typography.Text type="secondary">
          {t('model-evaluate.items.cost', {
            latency: formatCount(result.latencyMs, i18n.language),
            tokens: formatCount(result.totalTokens, i18n.language),
          })}
        </Typography.Text>
        <Space size={8} wrap>
          <Typography.Text>{t('model-evaluate-result.fields.humanScore')}</Typography.Text>
          <Rate
            count={HUMAN_SCORE_MAX}
            value={score ?? 0}
            disabled={!editable}
            onChange={(v) => setScore(v)}
            aria-label={`${t('model-evaluate-result.fields.humanScore')} ${result.modelVersion}`}
          />
          <Typography.Text type="secondary">
            {score === null ? t('model-evaluate.items.unscored') : `${score}/${HUMAN_SCORE_MAX}`}
          </Typography.Text>
        </Space>
        <label htmlFor={commentId} className="evaluate-item__label">
          {t('model-evaluate-result.fields.comment')}
        </label>
        <Input.TextArea
          id={commentId}
          value={comment}
          maxLength={COMMENT_MAX}
          disabled={!editable}
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder={t('model-evaluate.items.commentPlaceholder')}
          onChange={(e) => setComment(e.target.value)}
        />
        {editable && (
          <Button
            size="small"
            type="primary"
            icon={<SaveOutlined aria-hidden />}
            disabled={!dirty}
            loading={pending}
            onClick={() => void save()}
          >
            {t('buttons.save')}
          </Button>
        )}
      </Space>
    </Card>
  );
}
