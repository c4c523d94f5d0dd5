import {
  Alert,
  Button,
  Checkbox,
  Col,
  Drawer,
  Form,
  Input,
  InputNumber,
  Row,
  Space,
  Tabs,
  Typography,
} from 'antd';
import type { TFunction } from 'i18next';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ACTIONS, ROLES } from '../../../contract/resource';
import type { DeclarationEntry } from '../../../contract/resource-config-api';
import { feedbackMessage } from '../../providers/feedback';
import { confirmDiscard } from '../../components/resource/confirm-discard';
import { declarationApi, isConflict, problemsOf } from './api';
import {
  checkDraft,
  emptyDraft,
  toDraft,
  toFormValues,
  type DeclarationForm,
  type Draft,
  type DraftIssue,
} from './declaration-form';
import { FieldsEditor } from './FieldsEditor';
import { ListPreview } from './ListPreview';

export type EditorTarget =
  { mode: 'create' } | { mode: 'edit' | 'view'; entry: DeclarationEntry } | null;

/** A problem's text in the UI's language where zod's code says what it is, else as written. */
export function issueText(t: TFunction, issue: DraftIssue): string {
  const { code, params = {} } = issue;
  const empty = code === 'too_small' && params.minimum === 1 && params.origin === 'string';
  if (empty || (code === 'custom' && params.key === 'required')) {
    return t('resourceConfig.issue.required');
  }
  if (
    code === 'invalid_type' ||
    code === 'too_small' ||
    code === 'too_big' ||
    code === 'invalid_value' ||
    code === 'unrecognized_keys'
  ) {
    return t(`resourceConfig.issue.${code}`, params);
  }
  // The schema's patterns explain themselves (in English, as the contract words them).
  if (code === 'invalid_format')
    return t('resourceConfig.issue.invalid_format', { message: issue.message });
  return issue.message;
}

/** Problems with their dotted paths, as a list under one heading. */
export function IssueList({
  issues,
  title,
  testId,
}: {
  issues: readonly DraftIssue[];
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      className="resource-config__issues"
      data-testid={testId}
      message={title}
      description={
        <ul className="resource-config__issue-list">
          {issues.map((issue, i) => (
            <li key={`${issue.path}-${i}`}>
              <Typography.Text code>
                {issue.path || t('resourceConfig.editor.root')}
              </Typography.Text>{' '}
              {issueText(t, issue)}
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** The server names paths inside its body (`declaration.fields.0`); the editor, the declaration's. */
function serverProblems(problems: readonly { path: string; message: string }[]): DraftIssue[] {
  return problems.map((p) => ({ path: p.path.replace(/^declaration\.?/, ''), message: p.message }));
}

const pretty = (draft: Draft) => JSON.stringify(draft, null, 2);

/**
 * Create, edit or view one declaration in a drawer: a form and a JSON editor over one draft,
 * checked live by the shared schema, checked by the server before saving, and previewed as the
 * list page it generates.
 */
export function DeclarationEditor({
  target,
  onClose,
  onSaved,
  onConflict,
}: {
  target: EditorTarget;
  onClose(): void;
  onSaved(): void;
  onConflict(): void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DeclarationForm>();
  // The parent keys this component by the target, so each opening starts from its entry.
  const [initial] = useState<Draft>(() =>
    !target || target.mode === 'create'
      ? emptyDraft()
      : (target.entry.declaration as unknown as Draft),
  );
  const [draft, setDraft] = useState<Draft>(initial);
  const [jsonText, setJsonText] = useState(() => pretty(initial));
  const [jsonError, setJsonError] = useState<string | null>(null);
  const [tab, setTab] = useState('form');
  const [remote, setRemote] = useState<DraftIssue[] | null>(null);
  const [busy, setBusy] = useState<'check' | 'save' | null>(null);
  const [dirty, setDirty] = useState(false);
  const readOnly = target?.mode === 'view';
  const editing = target?.mode === 'edit' ? target.entry : null;

  const local = useMemo(() => {
    const result = checkDraft(draft);
    const issues = result.ok ? [] : [...result.issues];
    // The name is the resource's identity (routes, texts, rows): an edit keeps it.
    if (editing && draft.name !== editing.name) {
      issues.unshift({ path: 'name', message: t('resourceConfig.editor.nameFixed') });
    }
    return { issues, declaration: result.ok ? result.declaration : null };
  }, [draft, editing, t]);

  const fromForm = () => {
    const next = toDraft(form.getFieldsValue(true), draft);
    setDraft(next);
    setJsonText(pretty(next));
    setJsonError(null);
    setRemote(null);
    setDirty(true);
  };

  const fromJson = (text: string) => {
    setJsonText(text);
    setDirty(true);
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (error) {
      setJsonError(t('resourceConfig.editor.jsonInvalid', { reason: (error as Error).message }));
      return;
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
      setJsonError(t('resourceConfig.editor.jsonNotObject'));
      return;
    }
    setJsonError(null);
    setRemote(null);
    setDraft(parsed as Draft);
    form.resetFields();
    form.setFieldsValue(toFormValues(parsed));
  };

  /** The server's check; true when it found nothing. */
  const check = async (): Promise<boolean> => {
    try {
      const answer = await declarationApi.check(draft);
      const problems = serverProblems(answer.problems);
      setRemote(problems);
      return problems.length === 0;
    } catch (error) {
      setRemote(serverProblems(problemsOf(error)));
      return false;
    }
  };

  const runCheck = async () => {
    setBusy('check');
    try {
      await check();
    } finally {
      setBusy(null);
    }
  };

  const save = async () => {
    if (jsonError || local.issues.length > 0) return;
    setBusy('save');
    try {
      if (!(await check())) return;
      const name = String(draft.name);
      if (editing) {
        await declarationApi.update(editing.name, editing.version, draft);
        void feedbackMessage().success(t('resourceConfig.notices.saved', { name }));
      } else {
        await declarationApi.create(draft);
        void feedbackMessage().success(t('resourceConfig.notices.created', { name }));
      }
      onSaved();
    } catch (error) {
      if (isConflict(error)) {
        void feedbackMessage().warning(
          t('resourceConfig.conflict', { name: editing?.name ?? String(draft.name) }),
        );
        onConflict();
        return;
      }
      setRemote(serverProblems(problemsOf(error)));
    } finally {
      setBusy(null);
    }
  };

  const close = () => {
    if (!dirty || readOnly) return onClose();
    confirmDiscard(t, t('resourceConfig.editor.discard'), onClose);
  };

  const title = !target
    ? ''
    : target.mode === 'create'
      ? t('resourceConfig.editor.createTitle')
      : t(`resourceConfig.editor.${target.mode}Title`, { name: target.entry.name });
  const invalid = !!jsonError || local.issues.length > 0;

  const formTab = (
    <Form<DeclarationForm>
      form={form}
      layout="vertical"
      name="resource-declaration"
      disabled={readOnly}
      initialValues={toFormValues(initial)}
      onValuesChange={fromForm}
      data-testid="declaration-form"
    >
      <Typography.Title level={5}>{t('resourceConfig.form.basics')}</Typography.Title>
      <Row gutter={16}>
        <Col xs={24} md={8}>
          <Form.Item
            name="name"
            label={t('resourceConfig.form.name')}
            tooltip={t('resourceConfig.form.nameHint')}
          >
            <Input disabled={readOnly || !!editing} autoFocus data-testid="declaration-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['labels', 'zh-CN']} label={t('resourceConfig.form.labelZh')}>
            <Input data-testid="declaration-label-zh" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name={['labels', 'en-US']} label={t('resourceConfig.form.labelEn')}>
            <Input data-testid="declaration-label-en" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="prefix"
            label={t('resourceConfig.form.prefix')}
            tooltip={t('resourceConfig.form.prefixHint')}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          <Form.Item
            name={['menu', 'group']}
            label={t('resourceConfig.form.menuGroup')}
            tooltip={t('resourceConfig.form.menuGroupHint')}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name={['menu', 'order']} label={t('resourceConfig.form.menuOrder')}>
            <InputNumber min={0} max={99} className="resource-config__order" />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name={['menu', 'icon']}
            label={t('resourceConfig.form.menuIcon')}
            tooltip={t('resourceConfig.form.menuIconHint')}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Title level={5}>{t('resourceConfig.form.permissions')}</Typography.Title>
      {ROLES.map((role) => (
        <Form.Item
          key={role}
          name={['permissions', role]}
          label={t(`resourceConfig.roles.${role}`)}
        >
          <Checkbox.Group
            data-testid={`permissions-${role}`}
            options={ACTIONS.map((a) => ({ value: a, label: t(`resourceConfig.actionsOf.${a}`) }))}
          />
        </Form.Item>
      ))}
      <Typography.Title level={5}>{t('resourceConfig.form.fields')}</Typography.Title>
      <FieldsEditor disabled={readOnly} />
    </Form>
  );

  const jsonTab = (
    <div>
      <Typography.Paragraph type="secondary">
        {t('resourceConfig.editor.jsonHint')}
      </Typography.Paragraph>
      <Input.TextArea
        value={jsonText}
        onChange={(e) => fromJson(e.target.value)}
        readOnly={readOnly}
        spellCheck={false}
        autoSize={{ minRows: 16, maxRows: 40 }}
        className="resource-config__json"
        aria-label={t('resourceConfig.editor.tabs.json')}
        aria-invalid={!!jsonError}
        data-testid="declaration-json"
      />
      {jsonError && (
        <Alert type="error" showIcon message={jsonError} data-testid="declaration-json-error" />
      )}
    </div>
  );

  const previewTab = local.declaration ? (
    <ListPreview declaration={local.declaration} />
  ) : (
    <Alert type="info" showIcon message={t('resourceConfig.preview.invalid')} />
  );

  return (
    <Drawer
      open={!!target}
      onClose={close}
      title={title}
      width="min(1280px, 100vw)"
      destroyOnHidden
      data-testid="declaration-editor"
      extra={
        readOnly ? null : (
          <Space>
            <Button onClick={close}>{t('buttons.cancel')}</Button>
            <Button
              onClick={() => void runCheck()}
              loading={busy === 'check'}
              disabled={invalid || busy !== null}
              data-testid="declaration-check"
            >
              {t('resourceConfig.actions.check')}
            </Button>
            <Button
              type="primary"
              onClick={() => void save()}
              loading={busy === 'save'}
              disabled={invalid || busy !== null}
              data-testid="declaration-save"
            >
              {t('resourceConfig.actions.save')}
            </Button>
          </Space>
        )
      }
    >
      {readOnly && <Alert type="info" showIcon message={t('resourceConfig.editor.readOnly')} />}
      {!editing && !readOnly && !dirty ? (
        // A blank declaration is not yet wrong: its seven problems, listed before the first key,
        // read as a scolding. They show from the first change on, and Save stays off till then.
        <Alert
          type="info"
          showIcon
          message={t('resourceConfig.editor.start')}
          className="resource-config__issues"
          data-testid="declaration-start"
        />
      ) : local.issues.length > 0 ? (
        <IssueList
          issues={local.issues}
          title={t('resourceConfig.editor.problems', { count: local.issues.length })}
          testId="declaration-issues"
        />
      ) : (
        !jsonError &&
        !readOnly && (
          <Alert
            type="success"
            showIcon
            message={t('resourceConfig.editor.valid')}
            className="resource-config__issues"
            data-testid="declaration-valid"
          />
        )
      )}
      {remote && remote.length > 0 && (
        <IssueList
          issues={remote}
          title={t('resourceConfig.editor.serverProblems')}
          testId="declaration-server-issues"
        />
      )}
      {remote && remote.length === 0 && (
        <Alert
          type="success"
          showIcon
          message={t('resourceConfig.editor.serverOk')}
          className="resource-config__issues"
          data-testid="declaration-server-ok"
        />
      )}
      <Tabs
        activeKey={tab}
        onChange={setTab}
        items={[
          { key: 'form', label: t('resourceConfig.editor.tabs.form'), children: formTab },
          { key: 'json', label: t('resourceConfig.editor.tabs.json'), children: jsonTab },
          { key: 'preview', label: t('resourceConfig.editor.tabs.preview'), children: previewTab },
        ]}
      />
    </Drawer>
  );
}
