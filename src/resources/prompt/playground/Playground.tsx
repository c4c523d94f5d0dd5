import { CaretRightOutlined, StopOutlined } from '@ant-design/icons';
import { useCustom } from '@refinedev/core';
import { Alert, Button, Col, Collapse, Empty, Form, Row, Select, Space, Typography } from 'antd';
import axios from 'axios';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../../contract/api';
import { MAX_RUN_VERSIONS, type PromptRunEvent } from '../../../../contract/playground';
import { ApiError } from '../../../providers/http';
import { SampleInput } from '../PromptPreview';
import type { PromptVariable } from '../types';
import { fetchInterfaceValue, streamRun } from './api';
import { RunResult, type RunState } from './RunResult';
import './playground.css';

interface VersionOption {
  version: string;
  name: string;
  enabled: boolean;
  provider: string | null;
}

/** The server's field issues as the playground shows them: per variable, and on the versions. */
function issuesByField(error: unknown): { values: Record<string, string>; versions?: string } {
  const values: Record<string, string> = {};
  let versions: string | undefined;
  if (error instanceof ApiError) {
    for (const issue of error.issues) {
      if (issue.field.startsWith('variables.')) values[issue.field.slice(10)] = issue.message;
      else if (issue.field.startsWith('modelVersions')) versions = issue.message;
    }
  }
  return { values, versions };
}

/**
 * Runs a template on one to three model versions with typed values and shows the answers side
 * by side as they stream, each with its timings, tokens, cost and debug record. With `content`
 * it runs that text (an unsaved edit) instead of the saved one.
 */
export function Playground({
  templateId,
  variables,
  content,
}: {
  templateId: number;
  variables: readonly PromptVariable[];
  content?: string;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Record<string, string | undefined>>({});
  const [issues, setIssues] = useState<Record<string, string>>({});
  const [versionIssue, setVersionIssue] = useState<string>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [fetching, setFetching] = useState<string>();
  const [running, setRunning] = useState(false);
  const [prompt, setPrompt] = useState<string>();
  const [runs, setRuns] = useState<RunState[]>([]);
  const stop = useRef<AbortController | null>(null);
  const { result } = useCustom<{ list: VersionOption[] }>({
    url: apiPath('model', 'version', 'list'),
    method: 'post',
    config: { payload: {} },
    errorNotification: false,
  });
  const runnable = (result.data?.list ?? []).filter((v) => v.enabled && v.provider);
  const demo = new Set(runnable.filter((v) => v.provider === 'mock').map((v) => v.version));

  const setValue = (field: string, value: string | undefined) => {
    setValues((old) => ({ ...old, [field]: value }));
    setIssues(({ [field]: _gone, ...rest }) => rest);
  };

  const fetchValue = async (field: string) => {
    setFetching(field);
    try {
      setValue(field, await fetchInterfaceValue(templateId, field));
    } catch (error) {
      setIssues((old) => ({ ...old, ...issuesByField(error).values }));
    } finally {
      setFetching(undefined);
    }
  };

  const onEvent = (e: PromptRunEvent) => {
    if (e.event === 'prompt') setPrompt(e.data.prompt);
    else if (e.event === 'delta') {
      const { index, text } = e.data;
      setRuns((old) => old.map((r, i) => (i === index ? { ...r, text: r.text + text } : r)));
    } else if (e.event === 'run') {
      const { index, run } = e.data;
      setRuns((old) =>
        old.map((r, i) => (i === index ? { ...r, text: run.answer, result: run } : r)),
      );
    }
  };

  const run = async () => {
    if (!chosen.length) {
      setVersionIssue(t('prompt.playground.versionsRequired'));
      return;
    }
    const controller = new AbortController();
    stop.current = controller;
    setRunning(true);
    setIssues({});
    setVersionIssue(undefined);
    setPrompt(undefined);
    setRuns(chosen.map((v) => ({ modelVersion: v, text: '', demo: demo.has(v) })));
    const given = Object.fromEntries(
      Object.entries(values).filter((e): e is [string, string] => !!e[1]),
    );
    try {
      await streamRun(
        {
          templateId,
          ...(content !== undefined ? { content } : {}),
          variables: given,
          modelVersions: chosen,
        },
        onEvent,
        controller.signal,
      );
    } catch (error) {
      if (!axios.isCancel(error)) {
        const found = issuesByField(error);
        setIssues(found.values);
        setVersionIssue(found.versions);
        setRuns([]);
      }
    } finally {
      stop.current = null;
      setRunning(false);
    }
  };

  return (
    <Row gutter={[24, 16]} className="playground" data-testid="playground">
      <Col xs={24} xl={8}>
        {content !== undefined && (
          <Alert
            type="info"
            showIcon
            message={t('prompt.playground.unsaved')}
            className="playground__note"
          />
        )}
        <Typography.Title level={5}>{t('prompt.playground.values')}</Typography.Title>
        {variables.map((v) => (
          <div key={v.fieldName} className="playground__value">
            <SampleInput
              variable={v}
              value={values[v.fieldName]}
              onChange={(value) => setValue(v.fieldName, value)}
            />
            {v.type === 'interface' && (
              <Button
                size="small"
                loading={fetching === v.fieldName}
                onClick={() => void fetchValue(v.fieldName)}
              >
                {t('prompt.playground.fetchValue')}
              </Button>
            )}
            {issues[v.fieldName] && (
              <Typography.Text type="danger" role="alert" className="playground__issue">
                {issues[v.fieldName]}
              </Typography.Text>
            )}
          </div>
        ))}
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('prompt.playground.versions')}
            extra={t('prompt.playground.versionsHint')}
            validateStatus={versionIssue ? 'error' : undefined}
            help={versionIssue}
            htmlFor="playground-versions"
          >
            <Select
              id="playground-versions"
              mode="multiple"
              maxCount={MAX_RUN_VERSIONS}
              value={chosen}
              onChange={(v: string[]) => {
                setChosen(v);
                setVersionIssue(undefined);
              }}
              options={runnable.map((v) => ({
                value: v.version,
                label: `${v.name} · ${v.version}${v.provider === 'mock' ? ` (${t('prompt.playground.demo')})` : ''}`,
              }))}
              data-testid="playground-versions"
            />
          </Form.Item>
        </Form>
        <Space>
          <Button
            type="primary"
            icon={<CaretRightOutlined aria-hidden />}
            loading={running}
            onClick={() => void run()}
            data-testid="playground-run"
          >
            {t('prompt.playground.run')}
          </Button>
          <Button
            icon={<StopOutlined aria-hidden />}
            disabled={!running}
            onClick={() => stop.current?.abort()}
            data-testid="playground-stop"
          >
            {t('prompt.playground.stop')}
          </Button>
        </Space>
      </Col>
      <Col xs={24} xl={16}>
        {prompt !== undefined && (
          <Collapse
            size="small"
            className="playground__prompt"
            items={[
              {
                key: 'prompt',
                label: t('prompt.playground.prompt'),
                children: <pre className="playground__prompt-text">{prompt}</pre>,
              },
            ]}
          />
        )}
        {runs.length ? (
          <Row gutter={[16, 16]}>
            {runs.map((r) => (
              <Col key={r.modelVersion} xs={24} lg={24 / runs.length}>
                <RunResult state={r} running={running} />
              </Col>
            ))}
          </Row>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('prompt.playground.empty')} />
        )}
      </Col>
    </Row>
  );
}
