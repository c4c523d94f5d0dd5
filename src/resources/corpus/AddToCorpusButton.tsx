import { BookOutlined } from '@ant-design/icons';
import { useList, type BaseRecord } from '@refinedev/core';
import { Button, Modal, Select, Typography } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusFirstField } from '../../components/focus-first-field';
import { Link } from 'react-router';
import { corpus as corpusDef } from '../../../contract/resources/corpus';
import { feedbackMessage } from '../../providers/feedback';
import { routeByName } from '../../routes/table';
import { useAccess } from '../view';
import { useCorpusCall } from './api';
import './corpus.css';

/** Sets offered in the picker: the newest ones, enough for a pick list with search. */
const SET_OPTIONS = 100;

/**
 * "Add to corpus set" for a template call: choose a set, the call becomes one of its items
 * (corpus/item/from-call), and the message links to the set.
 */
export function AddToCorpusButton({ callId }: { callId: unknown }) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const { canDo, canOpen } = useAccess();
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<number | undefined>(undefined);
  const { call, pending } = useCorpusCall();
  const selectId = useId();
  const allowed = canDo('corpus-item', 'create');
  const { result, query } = useList<BaseRecord>({
    resource: corpusDef.name,
    meta: { prefix: corpusDef.prefix },
    pagination: { currentPage: 1, pageSize: SET_OPTIONS },
    sorters: [{ field: 'createdAt', order: 'desc' }],
    queryOptions: { enabled: open && allowed },
    errorNotification: false,
  });
  if (!allowed) return null;
  const detail = routeByName('corpus.detail');

  const submit = async () => {
    if (choice === undefined) return;
    try {
      await call('fromCall', { callId: Number(callId), corpusId: choice });
      const name = String(result.data.find((c) => Number(c.id) === choice)?.corpusName ?? choice);
      void feedbackMessage().success({
        content: (
          <span>
            {t('corpus.fromCall.done', { name })}{' '}
            {detail && canOpen(detail) && (
              <Link to={`${detail.path}?id=${choice}`}>{t('corpus.fromCall.open')}</Link>
            )}
          </span>
        ),
        duration: 6,
      });
      setOpen(false);
      setChoice(undefined);
    } catch {
      // The http interceptor has already said what failed.
    }
  };

  return (
    <>
      <Button icon={<BookOutlined aria-hidden />} onClick={() => setOpen(true)}>
        {t('corpus.fromCall.button')}
      </Button>
      <Modal
        {...firstField}
        open={open}
        title={t('corpus.fromCall.title')}
        okText={t('buttons.ok')}
        cancelText={t('buttons.cancel')}
        okButtonProps={{ disabled: choice === undefined }}
        confirmLoading={pending}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Typography.Paragraph>
          <label htmlFor={selectId}>{t('corpus.fromCall.choose')}</label>
        </Typography.Paragraph>
        <Select<number>
          id={selectId}
          aria-label={t('corpus.fromCall.choose')}
          className="corpus-mark__editor"
          showSearch
          optionFilterProp="label"
          loading={query.isLoading}
          value={choice}
          onChange={setChoice}
          placeholder={t('corpus.fromCall.placeholder')}
          notFoundContent={t('corpus.fromCall.none')}
          options={result.data.map((c) => ({
            value: Number(c.id),
            label: String(c.corpusName ?? c.id),
          }))}
        />
      </Modal>
    </>
  );
}
