import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/core';
import type { BaseRecord, CrudFilter } from '@refinedev/core';
import { Button, Card, Col, Empty, Input, Pagination, Row, Select, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { allFields } from '../../../contract/resource';
import { SCENE_TYPES } from '../../../contract/resources/scene';
import { enumLabel, fieldLabel, formatDateTime } from '../../components/resource/field-format';
import { ResourceFormModal } from '../../components/resource/ResourceFormModal';
import { typedFilters } from '../../components/resource/filter-values';
import { CursorPager, TotalText, useListPaging } from '../../components/resource/list-paging';
import { ExceptionPage } from '../../pages/exception/ExceptionPage';
import { KEYWORD_FIELD } from '../../providers/data';
import { useView } from '../view';
import { SceneTypeTag } from './SceneTypeTag';
import '../../components/resource/list-page.css';
import './scene.css';
import { Tip } from '../../components/Tip';
import { useDialog } from '../../components/use-dialog';

export const CARD_PAGE_SIZES = [12, 24, 48];

function SceneCard({ scene, detailPath }: { scene: BaseRecord; detailPath?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const name = String(scene.sceneName ?? scene.id);
  const href = detailPath ? `${detailPath}?id=${String(scene.id)}` : undefined;
  const template = typeof scene.templateTitle === 'string' ? scene.templateTitle : '';
  const description = typeof scene.description === 'string' ? scene.description : '';
  return (
    <Card
      size="small"
      hoverable={!!href}
      className={href ? 'scene-card scene-card--link' : 'scene-card'}
      title={
        href ? (
          // The card navigates too; the link is there for keyboards and screen readers.
          <Link to={href} onClick={(e) => e.stopPropagation()}>
            {name}
          </Link>
        ) : (
          name
        )
      }
      extra={<SceneTypeTag value={scene.type} />}
      onClick={href ? () => navigate(href) : undefined}
      data-testid="scene-card"
      aria-label={name}
      role="article"
    >
      <Space direction="vertical" size={4} className="scene-card__body">
        {/* In the text colour: secondary grey on the code's grey box read 4.2:1 in the dark. */}
        <Typography.Text code>{String(scene.sceneCode ?? '')}</Typography.Text>
        <Typography.Text>
          <span className="scene-card__label">{t('scene.fields.templateTitle')}: </span>
          {template || (scene.templateId ? `#${String(scene.templateId)}` : '') || (
            <Typography.Text type="secondary">{t('scene.cards.noTemplate')}</Typography.Text>
          )}
        </Typography.Text>
        <Typography.Paragraph
          type={description ? undefined : 'secondary'}
          ellipsis={{ rows: 2, tooltip: description || undefined }}
          className="scene-card__description"
        >
          {description || t('scene.cards.noDescription')}
        </Typography.Paragraph>
        <Typography.Text type="secondary" className="scene-card__time">
          {t('scene.cards.createdAt', { time: formatDateTime(scene.createdAt) })}
        </Typography.Text>
      </Space>
    </Card>
  );
}

/**
 * Scenes as cards (spec §2): keyword, type filter, create, paging; paging and filters live in
 * the URL (refine's syncWithLocation), so a reload or a shared link shows the same page. Paging
 * is the table's: numbered pages as far as offsets reach, then next / previous by
 * cursor, and an estimated total shown as one with an exact count on demand.
 */
export function SceneCards({ toggle }: { toggle: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { def, route, pageOf, siblingOf, can } = useView();
  const creating = useDialog<true>();
  const detailPath = pageOf('show')?.path;
  const createPage = pageOf('create');
  const canCreate = siblingOf('create') ? !!createPage : can('create');
  // refine's numbered page and size, read before useTable so the cursor can go in its meta.
  const [urlParams] = useSearchParams();
  const paging = useListPaging(
    Number(urlParams.get('currentPage') ?? 1),
    Number(urlParams.get('pageSize') ?? CARD_PAGE_SIZES[0]),
  );
  const {
    tableQuery,
    result,
    currentPage,
    setCurrentPage,
    pageSize,
    setPageSize,
    filters,
    setFilters,
  } = useTable<BaseRecord>({
    resource: def.name,
    meta: { prefix: def.prefix, ...paging.meta },
    syncWithLocation: true,
    pagination: { pageSize: CARD_PAGE_SIZES[0] },
    sorters: def.defaultSort ? { initial: [def.defaultSort] } : undefined,
    errorNotification: false,
  });

  // Filters read back from the URL are strings; the server checks them by type, so they are
  // typed again before the first request leaves (as the generic list does).
  const typed = typedFilters(filters, allFields(def));
  if (typed !== filters) setFilters(typed, 'replace');

  if ((tableQuery.error as { statusCode?: number } | null)?.statusCode === 403) {
    return <ExceptionPage status="403" />;
  }

  const filterValue = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field) as { value?: unknown } | undefined)
      ?.value;
  const setFilter = (field: string, value: unknown) => {
    setFilters([{ field, operator: 'eq', value } as CrudFilter], 'merge');
    setCurrentPage(1);
  };
  const rows = tableQuery.isError ? [] : result.data;
  const total = tableQuery.isError ? 0 : (result.total ?? 0);
  const loading = tableQuery.isLoading;
  const typeValue = filterValue('type');
  const answer = tableQuery.isError ? undefined : tableQuery.data;
  const nextCursor = (answer?.nextCursor as string | null | undefined) ?? null;
  const prevCursor = (answer?.prevCursor as string | null | undefined) ?? null;
  const { numberedPages, cursorPage } = paging;
  const totalText = (
    <TotalText
      total={total}
      exact={answer?.totalExact !== false}
      counting={paging.exactTotal && tableQuery.isFetching}
      onCount={paging.askExact}
    />
  );

  return (
    <Card
      title={t(route.locale)}
      extra={
        <Space>
          <Tip title={t('buttons.refresh')}>
            <Button
              icon={<ReloadOutlined aria-hidden />}
              aria-label={t('buttons.refresh')}
              onClick={() => void tableQuery.refetch()}
            />
          </Tip>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => (createPage ? navigate(createPage.path) : creating.show(true))}
            >
              {t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap className="scene-cards__toolbar">
        {toggle}
        <Input.Search
          allowClear
          placeholder={t('table.keyword')}
          aria-label={t('table.keyword')}
          defaultValue={(filterValue(KEYWORD_FIELD) as string | undefined) ?? ''}
          onSearch={(v) => setFilter(KEYWORD_FIELD, v.trim())}
          className="scene-cards__search"
        />
        <Select
          allowClear
          className="scene-cards__type"
          placeholder={fieldLabel(t, def, 'type')}
          aria-label={fieldLabel(t, def, 'type')}
          value={typeValue === undefined || typeValue === '' ? undefined : Number(typeValue)}
          onChange={(v: number | undefined) => setFilter('type', v)}
          options={SCENE_TYPES.map((o) => ({ value: o, label: enumLabel(t, def, 'type', o) }))}
        />
      </Space>
      {loading ? (
        <Row gutter={[16, 16]} aria-busy="true">
          {Array.from({ length: 6 }, (_, i) => (
            <Col key={i} xs={24} sm={12} lg={8} xxl={6}>
              <Card size="small" loading className="scene-card" />
            </Col>
          ))}
        </Row>
      ) : rows.length === 0 ? (
        <Empty description={t('table.empty')} />
      ) : (
        <Row gutter={[16, 16]}>
          {rows.map((scene) => (
            <Col key={String(scene.id)} xs={24} sm={12} lg={8} xxl={6}>
              <SceneCard scene={scene} detailPath={detailPath} />
            </Col>
          ))}
        </Row>
      )}
      {total > 0 && cursorPage === undefined && (
        <Pagination
          className="scene-cards__pagination"
          current={currentPage}
          pageSize={pageSize}
          // Page numbers reach as far as offsets may; the rest of the list goes on by cursor.
          total={Math.min(total, numberedPages * pageSize)}
          showSizeChanger
          pageSizeOptions={CARD_PAGE_SIZES}
          showTotal={() => totalText}
          onChange={(page, size) => {
            if (size !== pageSize) {
              setPageSize(size);
              setCurrentPage(1);
            } else setCurrentPage(page);
          }}
        />
      )}
      {(cursorPage !== undefined || (currentPage === numberedPages && nextCursor)) && (
        <CursorPager
          page={cursorPage ?? currentPage}
          numberedPages={numberedPages}
          nextCursor={nextCursor}
          prevCursor={prevCursor}
          loading={tableQuery.isFetching}
          total={totalText}
          onNext={paging.toCursor}
          onPrev={paging.toCursor}
          onNumbered={(page) => paging.toNumbered(page, setCurrentPage)}
        />
      )}
      {creating.state && (
        <ResourceFormModal
          key={creating.key}
          def={def}
          open={creating.open}
          mode="create"
          preset={route.preset}
          scope={route.scope}
          onClose={creating.close}
          afterClose={creating.afterClose}
        />
      )}
    </Card>
  );
}
