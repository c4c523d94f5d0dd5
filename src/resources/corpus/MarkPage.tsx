import {
  ArrowLeftOutlined,
  ArrowRightOutlined,
  QuestionCircleOutlined,
  ReloadOutlined,
  SaveOutlined,
  StepForwardOutlined,
} from '@ant-design/icons';
import {
  useDataProvider,
  useInvalidate,
  useOne,
  type BaseRecord,
  type CrudFilter,
  type HttpError,
} from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Col,
  Descriptions,
  Empty,
  Input,
  Modal,
  Progress,
  Radio,
  Row,
  Select,
  Skeleton,
  Space,
  Typography,
} from 'antd';
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { useHotkeys, type Options } from 'react-hotkeys-hook';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ITEM_LABELS, ITEM_STATES, type ItemLabel } from '../../../contract/resources/corpus-item';
import { formatDateTime } from '../../components/resource/field-format';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { feedbackMessage } from '../../providers/feedback';
import { isConflict } from '../record/conflict';
import { useView } from '../view';
import { useCorpusCall } from './api';
import { findNeighbour, isTypingTarget, type Direction } from './navigation';
import { countsOf, LabelTag, percentOf, StatusTag } from './renderers';
import './corpus.css';

/** Items read per page while stepping. */
const PAGE_SIZE = 50;
export const ITEM_PARAM = 'item';
export const STATUS_PARAM = 'status';
export const STATUS_FILTERS = ['all', ...ITEM_STATES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function statusFilterOf(params: URLSearchParams): StatusFilter {
  const value = params.get(STATUS_PARAM);
  return (STATUS_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as StatusFilter)
    : 'all';
}

interface Draft {
  label: ItemLabel | undefined;
  recommendedAnswer: string;
  tags: string[];
  comment: string;
}

const text = (v: unknown) => (typeof v === 'string' ? v : '');

function draftOf(item: BaseRecord): Draft {
  const label = (ITEM_LABELS as readonly unknown[]).includes(item.label)
    ? (item.label as ItemLabel)
    : undefined;
  return {
    label,
    recommendedAnswer: text(item.recommendedAnswer),
    tags: Array.isArray(item.tags) ? (item.tags as unknown[]).map(String) : [],
    comment: text(item.comment),
  };
}

/** The keys of the page, as the help lists them. */
const SHORTCUTS = [
  { keys: ['←', '→'], what: 'prevNext' },
  { keys: ['1', '2', '3'], what: 'labels' },
  { keys: ['Ctrl', 'Enter'], what: 'saveNext' },
  { keys: ['?'], what: 'help' },
  { keys: ['Esc'], what: 'close' },
] as const;

function ShortcutsHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('corpus.mark.shortcuts.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <table className="corpus-mark__keys" aria-label={t('corpus.mark.shortcuts.title')}>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.what}>
              <td>
                <Space size={4}>
                  {s.keys.map((k) => (
                    <Typography.Text key={k} keyboard>
                      {k}
                    </Typography.Text>
                  ))}
                </Space>
              </td>
              <td>{t(`corpus.mark.shortcuts.${s.what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Paragraph type="secondary">
        {t('corpus.mark.shortcuts.note')}
      </Typography.Paragraph>
    </Modal>
  );
}

/** Steps through the items of a set that a status filter selects, in id order. */
function useStepper(corpusId: number, status: StatusFilter) {
  const dataProvider = useDataProvider();
  const hint = useRef<{ status: StatusFilter; page: number }>({ status, page: 1 });
  const filtersOf = useCallback(
    (s: StatusFilter): CrudFilter[] => [
      { field: 'corpusId', operator: 'eq', value: corpusId },
      ...(s === 'all' ? [] : [{ field: 'status', operator: 'eq' as const, value: s }]),
    ],
    [corpusId],
  );
  const list = useCallback(
    async (s: StatusFilter, page: number, pageSize: number) => {
      const { data, total } = await dataProvider().getList({
        resource: 'corpus-item',
        pagination: { currentPage: page, pageSize, mode: 'server' },
        filters: filtersOf(s),
        sorters: [{ field: 'id', order: 'asc' }],
      });
      return { ids: data.map((r) => Number(r.id)), total };
    },
    [dataProvider, filtersOf],
  );
  /** The first item a filter selects, or undefined. */
  const first = useCallback(async (s: StatusFilter) => (await list(s, 1, 1)).ids[0], [list]);
  const neighbour = useCallback(
    async (current: number, dir: Direction) => {
      const start = hint.current.status === status ? hint.current.page : 1;
      const found = await findNeighbour(
        (page) => list(status, page, PAGE_SIZE),
        current,
        dir,
        PAGE_SIZE,
        start,
      );
      if (found) hint.current = { status, page: found.page };
      return found?.id;
    },
    [list, status],
  );
  return useMemo(() => ({ first, neighbour }), [first, neighbour]);
}

/**
 * Annotating a set, one item at a time (`?id=<set>&item=<item>&status=<filter>`): label,
 * recommended answer, tags and comment, saved with the version read, by buttons or keys.
 */
function Annotator({ corpus, onSaved }: { corpus: BaseRecord; onSaved(): void }) {
  const { t } = useTranslation();
  const { route, pageOf } = useView();
  const corpusId = Number(corpus.id);
  const [params, setParams] = useSearchParams();
  const status = statusFilterOf(params);
  const itemParam = params.get(ITEM_PARAM);
  const itemId = itemParam && /^\d+$/.test(itemParam) ? Number(itemParam) : undefined;
  const stepper = useStepper(corpusId, status);
  const invalidate = useInvalidate();
  const { call, pending } = useCorpusCall();
  const [moving, setMoving] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [conflict, setConflict] = useState(false);
  const [empty, setEmpty] = useState(false);
  const answerId = useId();
  const commentId = useId();
  const tagsId = useId();

  const setItem = useCallback(
    (id: number | undefined, nextStatus: StatusFilter = status) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (id === undefined) out.delete(ITEM_PARAM);
          else out.set(ITEM_PARAM, String(id));
          if (nextStatus === 'all') out.delete(STATUS_PARAM);
          else out.set(STATUS_PARAM, nextStatus);
          return out;
        },
        { replace: true },
      ),
    [setParams, status],
  );

  // Opening without an item resumes at the first pending one (else the filter's first item).
  const resumed = useRef(false);
  useEffect(() => {
    if (itemId !== undefined || resumed.current) return;
    resumed.current = true;
    void (async () => {
      try {
        const id = (await stepper.first('pending')) ?? (await stepper.first(status));
        if (id === undefined) setEmpty(true);
        else setItem(id);
      } catch {
        setEmpty(true);
      }
    })();
  }, [itemId, stepper, status, setItem]);

  const { result: item, query: itemQuery } = useOne<BaseRecord>({
    resource: 'corpus-item',
    id: itemId ?? '',
    queryOptions: { enabled: itemId !== undefined, retry: false },
    errorNotification: false,
  });

  // The editor starts from the item whenever another item is shown; a refetch of the same item
  // (after a conflict) leaves what the operator typed alone.
  const [draft, setDraft] = useState<{ of: number | undefined; value: Draft } | null>(null);
  if (item && Number(item.id) === itemId && draft?.of !== itemId) {
    setDraft({ of: itemId, value: draftOf(item) });
    setConflict(false);
  }
  const value = draft?.of === itemId ? draft?.value : undefined;
  const change = (patch: Partial<Draft>) =>
    setDraft((d) => (d ? { ...d, value: { ...d.value, ...patch } } : d));

  const go = async (dir: Direction): Promise<boolean> => {
    if (itemId === undefined || moving) return false;
    setMoving(true);
    try {
      const id = await stepper.neighbour(itemId, dir);
      if (id === undefined) {
        void feedbackMessage().info(
          t(dir === 'next' ? 'corpus.mark.atEnd' : 'corpus.mark.atStart'),
        );
        return false;
      }
      setItem(id);
      return true;
    } catch {
      return false;
    } finally {
      setMoving(false);
    }
  };

  const changeStatus = async (next: StatusFilter) => {
    setMoving(true);
    try {
      const id = await stepper.first(next);
      if (id === undefined) {
        void feedbackMessage().info(t('corpus.mark.noneInFilter'));
        setItem(itemId, next);
      } else {
        setItem(id, next);
      }
    } catch {
      // The http interceptor has already said what failed.
    } finally {
      setMoving(false);
    }
  };

  const afterWrite = () => {
    onSaved();
    void invalidate({ resource: 'corpus-item', invalidates: ['list', 'detail'], id: itemId });
  };

  const mark = async (body: Record<string, unknown>, done: string) => {
    if (!item || pending) return;
    try {
      await call('mark', { id: item.id, version: item.version, ...body });
      setConflict(false);
      void feedbackMessage().success(t(done));
      afterWrite();
      const moved = await go('next');
      // Staying on the item: show what was stored (its new version).
      if (!moved) void itemQuery.refetch();
    } catch (err) {
      if (isConflict(err as HttpError)) {
        setConflict(true);
        void itemQuery.refetch();
      }
    }
  };

  const save = () => {
    if (!value) return;
    if (!value.label) {
      void feedbackMessage().warning(t('corpus.mark.chooseLabel'));
      return;
    }
    void mark(
      {
        label: value.label,
        recommendedAnswer: value.recommendedAnswer.trim() ? value.recommendedAnswer : null,
        tags: value.tags,
        comment: value.comment.trim() ? value.comment : null,
      },
      'corpus.mark.saved',
    );
  };
  const skip = () => void mark({ skip: true }, 'corpus.mark.skippedDone');
  const takeTheirs = () => {
    if (item) setDraft({ of: itemId, value: draftOf(item) });
    setConflict(false);
  };

  // Keys: none while the help is open; all but Ctrl+Enter stay quiet while typing.
  const ready = !helpOpen && !!value;
  const quietWhileTyping: Options = {
    enabled: ready,
    enableOnFormTags: true,
    ignoreEventWhen: (e) => isTypingTarget(e.target),
    preventDefault: true,
  };
  useHotkeys('left', () => void go('prev'), quietWhileTyping);
  useHotkeys('right', () => void go('next'), quietWhileTyping);
  useHotkeys(
    '1,2,3',
    (_, hotkey) => {
      const label = ITEM_LABELS[Number(hotkey.keys?.[0]) - 1];
      if (label) change({ label });
    },
    quietWhileTyping,
  );
  useHotkeys('ctrl+enter,meta+enter', save, {
    enabled: ready,
    enableOnFormTags: true,
    preventDefault: true,
  });
  // `?` by the character typed, whatever the layout puts it on (Shift+/ on most).
  useHotkeys('?', () => setHelpOpen(true), {
    ...quietWhileTyping,
    useKey: true,
    ignoreModifiers: true,
  });
  useHotkeys('esc', () => setHelpOpen(false), { enabled: helpOpen, enableOnFormTags: true });

  const counts = countsOf(corpus);
  const detailPath = pageOf('show')?.path;
  const title = `${t(route.locale)} · ${String(corpus.corpusName ?? corpus.id)}`;
  const kbd = (k: string) => (
    <Typography.Text keyboard className="corpus-mark__kbd">
      {k}
    </Typography.Text>
  );

  let body;
  if (empty && itemId === undefined) {
    body = <Empty description={t('corpus.mark.empty')} />;
  } else if (itemQuery.isError) {
    body = <Empty description={t('common.notFoundRecord')} />;
  } else if (!item || !value) {
    body = <Skeleton active />;
  } else {
    body = (
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Space direction="vertical" size={16} className="corpus-mark">
            <Card
              size="small"
              title={t('corpus-item.fields.question')}
              extra={
                <Space size={4}>
                  <Typography.Text type="secondary">#{String(item.id)}</Typography.Text>
                  <StatusTag value={item.status} />
                </Space>
              }
            >
              <Typography.Paragraph className="corpus-mark__text" data-testid="mark-question">
                {text(item.question)}
              </Typography.Paragraph>
            </Card>
            <Card size="small" title={t('corpus-item.fields.answer')}>
              {text(item.answer) ? (
                <Typography.Paragraph className="corpus-mark__text">
                  {text(item.answer)}
                </Typography.Paragraph>
              ) : (
                <Typography.Text type="secondary">-</Typography.Text>
              )}
            </Card>
            {(item.annotatorName || item.annotatorId) && (
              <Descriptions size="small" column={1}>
                <Descriptions.Item label={t('corpus-item.fields.annotatorName')}>
                  {text(item.annotatorName) || text(item.annotatorId)}
                </Descriptions.Item>
                <Descriptions.Item label={t('corpus-item.fields.annotatedAt')}>
                  {formatDateTime(item.annotatedAt) || '-'}
                </Descriptions.Item>
              </Descriptions>
            )}
          </Space>
        </Col>
        <Col xs={24} xl={12}>
          <Card size="small" title={t('corpus.mark.yourAnnotation')}>
            <Space direction="vertical" size={16} className="corpus-mark__editor">
              {conflict && (
                <Alert
                  type="warning"
                  showIcon
                  role="alert"
                  message={t('corpus.mark.conflict.title')}
                  description={
                    <Space direction="vertical" size={8}>
                      <Typography.Text>
                        {t('corpus.mark.conflict.theirs', {
                          name: text(item.annotatorName) || text(item.annotatorId) || '-',
                        })}
                      </Typography.Text>
                      <Space wrap>
                        <LabelTag value={item.label} />
                        {text(item.recommendedAnswer) && (
                          <Typography.Text>{text(item.recommendedAnswer)}</Typography.Text>
                        )}
                        {text(item.comment) && (
                          <Typography.Text type="secondary">{text(item.comment)}</Typography.Text>
                        )}
                      </Space>
                      <Space wrap>
                        <Button size="small" type="primary" onClick={save} loading={pending}>
                          {t('corpus.mark.conflict.keepMine')}
                        </Button>
                        <Button size="small" onClick={takeTheirs}>
                          {t('corpus.mark.conflict.takeTheirs')}
                        </Button>
                      </Space>
                    </Space>
                  }
                />
              )}
              <div>
                <Typography.Text strong>{t('corpus-item.fields.label')}</Typography.Text>
                <div>
                  <Radio.Group
                    aria-label={t('corpus-item.fields.label')}
                    value={value.label}
                    onChange={(e) => change({ label: e.target.value as ItemLabel })}
                    optionType="button"
                    buttonStyle="solid"
                    options={ITEM_LABELS.map((l, i) => ({
                      value: l,
                      label: (
                        <span>
                          {t(`corpus-item.enums.label.${l}`)}
                          {kbd(String(i + 1))}
                        </span>
                      ),
                    }))}
                  />
                </div>
              </div>
              <div>
                <Typography.Text strong>
                  <label htmlFor={answerId}>{t('corpus-item.fields.recommendedAnswer')}</label>
                </Typography.Text>
                <Input.TextArea
                  id={answerId}
                  value={value.recommendedAnswer}
                  onChange={(e) => change({ recommendedAnswer: e.target.value })}
                  autoSize={{ minRows: 4, maxRows: 14 }}
                  maxLength={20_000}
                  placeholder={t('corpus.mark.recommendedPlaceholder')}
                />
              </div>
              <div>
                <Typography.Text strong>
                  <label htmlFor={tagsId}>{t('corpus-item.fields.tags')}</label>
                </Typography.Text>
                <Select
                  id={tagsId}
                  mode="tags"
                  className="corpus-mark__editor"
                  value={value.tags}
                  onChange={(tags: string[]) => change({ tags })}
                  tokenSeparators={[',', '，']}
                  open={false}
                  placeholder={t('corpus.mark.tagsPlaceholder')}
                />
              </div>
              <div>
                <Typography.Text strong>
                  <label htmlFor={commentId}>{t('corpus-item.fields.comment')}</label>
                </Typography.Text>
                <Input.TextArea
                  id={commentId}
                  value={value.comment}
                  onChange={(e) => change({ comment: e.target.value })}
                  autoSize={{ minRows: 2, maxRows: 6 }}
                  maxLength={2000}
                />
              </div>
              <Space wrap className="corpus-mark__nav">
                <Space wrap>
                  <Button
                    type="primary"
                    icon={<SaveOutlined aria-hidden />}
                    loading={pending}
                    onClick={save}
                  >
                    {t('corpus.mark.saveNext')}
                    {kbd('Ctrl+Enter')}
                  </Button>
                  <Button
                    icon={<StepForwardOutlined aria-hidden />}
                    onClick={skip}
                    disabled={pending}
                  >
                    {t('corpus.mark.skip')}
                  </Button>
                </Space>
                <Space wrap>
                  <Button
                    icon={<ArrowLeftOutlined aria-hidden />}
                    onClick={() => void go('prev')}
                    loading={moving}
                  >
                    {t('corpus.mark.previous')}
                  </Button>
                  <Button onClick={() => void go('next')} loading={moving}>
                    {t('corpus.mark.next')}
                    <ArrowRightOutlined aria-hidden />
                  </Button>
                </Space>
              </Space>
            </Space>
          </Card>
        </Col>
      </Row>
    );
  }

  return (
    <Space direction="vertical" size={16} className="corpus-mark">
      <Card
        title={title}
        extra={
          <Space wrap>
            <Select<StatusFilter>
              aria-label={t('corpus.mark.filter')}
              className="corpus-mark__filter"
              value={status}
              onChange={(s) => void changeStatus(s)}
              options={STATUS_FILTERS.map((s) => ({
                value: s,
                label: s === 'all' ? t('corpus.mark.allItems') : t(`corpus-item.enums.status.${s}`),
              }))}
            />
            <Button
              icon={<QuestionCircleOutlined aria-hidden />}
              onClick={() => setHelpOpen(true)}
              aria-label={t('corpus.mark.shortcuts.title')}
            >
              {kbd('?')}
            </Button>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('buttons.refresh')}
              onClick={() => {
                onSaved();
                void itemQuery.refetch();
              }}
            />
            {detailPath && (
              <Link to={`${detailPath}?id=${corpusId}`}>{t('corpus.mark.backToSet')}</Link>
            )}
          </Space>
        }
      >
        <div className="corpus-progress">
          <Typography.Text data-testid="mark-progress">
            {t('corpus.progress.annotated', { done: counts.annotated, total: counts.items })}
          </Typography.Text>
          <Progress
            percent={percentOf(counts.annotated, counts.items)}
            aria-label={t('corpus.progress.annotatedBar')}
          />
        </div>
      </Card>
      {body}
      <ShortcutsHelp open={helpOpen} onClose={() => setHelpOpen(false)} />
    </Space>
  );
}

/** The annotation page of a set (`/corpus/mark?id=`). */
export default function MarkPage() {
  const { record, query, placeholder } = useDetailRecord<BaseRecord>();
  if (placeholder || !record) return placeholder;
  return <Annotator corpus={record} onSaved={() => void query.refetch()} />;
}
