import { BarChartOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HoverTip } from '../../components/resource/cells';
import { ResourceListPage } from '../../components/resource/ResourceListPage';
import { isCancellable, isRunnable } from './api';
import { RunButton } from './RunButton';
import { CancelButton } from './CancelButton';
import { EvaluationForm } from './EvaluationForm';
import { useEvaluatePaths } from './paths';
import { evaluateRenderers } from './renderers';
import './model-evaluate.css';

// The detail page imports it from here too.
export { CancelButton };

/** Evaluations: the declared columns, with state, versions and metrics readable. */
export default function EvaluationList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const paths = useEvaluatePaths();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceListPage
        renderers={evaluateRenderers}
        inlineEdit={false}
        onCreate={() => setCreating(true)}
        rowActions={(record) => (
          <>
            {paths.report && (
              <HoverTip title={t('model-evaluate.actions.report')}>
                <Button
                  size="small"
                  type="text"
                  icon={<BarChartOutlined aria-hidden />}
                  aria-label={t('model-evaluate.actions.report')}
                  onClick={() => navigate(`${paths.report}?id=${String(record.id)}`)}
                />
              </HoverTip>
            )}
            {paths.canEdit && isRunnable(record.state) && <RunButton record={record} compact />}
            {paths.canEdit && isCancellable(record.state) && (
              <CancelButton record={record} compact />
            )}
          </>
        )}
      />
      <EvaluationForm
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => paths.detail && navigate(`${paths.detail}?id=${saved.id}`)}
      />
    </>
  );
}
