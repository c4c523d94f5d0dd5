import { DeleteRecordButton } from '../../components/resource/DeleteRecordButton';
import { OpenInWindowButton } from '../../components/resource/OpenInWindowButton';
import { useDetailRecord } from '../../components/resource/use-detail-record';
import { ReloadOutlined } from '@ant-design/icons';
import { useCustomMutation, useInvalidate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Alert, Button, Card, Descriptions, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiPath } from '../../../contract/api';
import { formatCount } from '../../components/charts/format';
import { formatDateTime } from '../../components/resource/field-format';
import { TagsSelect } from '../../components/resource/TagsSelect';
import { feedbackMessage } from '../../providers/feedback';
import { useView } from '../view';
import { fieldErrors, isConflict } from './conflict';
import { RecordTypeTag, SceneLabel } from './renderers';
import { MAX_TAG_LENGTH, MAX_TAGS, TagList, tagList } from './tags';
import { Transcript, type ChatMessage } from './Transcript';

interface RecordValues {
  title: string;
  tag: string[];
}

/** The session's title and tags, saved with the version read (a stale one answers 40900). */
function RecordEditor({ record, onReload }: { record: BaseRecord; onReload(): void }) {
  const { t } = useTranslation();
  const { def } = useView();
  const [form] = Form.useForm<RecordValues>();
  const [conflict, setConflict] = useState(false);
  const invalidate = useInvalidate();
  const { mutate, mutation } = useCustomMutation<BaseRecord>();
  const title = typeof record.title === 'string' ? record.title : '';
  const tags = tagList(record.tag);
  const key = `${String(record.id)}:${String(record.version)}`;

  // A newer version (after a save or a reload) becomes the form's starting point.
  useEffect(() => {
    form.setFieldsValue({ title, tag: tags });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the version key says when
  }, [key, form]);

  const save = async () => {
    const values = await form.validateFields();
    mutate(
      {
        url: apiPath(def.prefix, 'update'),
        method: 'post',
        values: {
          id: record.id,
          version: record.version,
          title: values.title.trim(),
          tag: [...new Set(values.tag.map((v) => v.trim()).filter(Boolean))],
        },
        successNotification: false,
        errorNotification: false,
      },
      {
        onSuccess: () => {
          setConflict(false);
          void feedbackMessage().success(t('record.detail.saved'));
          void invalidate({ resource: def.name, invalidates: ['list', 'detail'], id: record.id });
          onReload();
        },
        onError: (error: HttpError) => {
          if (isConflict(error)) setConflict(true);
          else
            form.setFields(
              // The server names the body's fields, which are this form's.
              fieldErrors(error) as { name: keyof RecordValues; errors: string[] }[],
            );
        },
      },
    );
  };

  return (
    <Form<RecordValues>
      form={form}
      layout="vertical"
      initialValues={{ title, tag: tags }}
      className="record-detail__editor"
    >
      {conflict && (
        <Alert
          type="warning"
          showIcon
          role="alert"
          message={t('record.detail.conflict')}
          action={
            <Button
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              onClick={() => {
                setConflict(false);
                onReload();
              }}
            >
              {t('record.detail.reload')}
            </Button>
          }
          className="record-detail__header"
        />
      )}
      <Form.Item
        name="title"
        label={t('record.fields.title')}
        rules={[
          { required: true, whitespace: true, message: t('record.detail.titleRequired') },
          { max: 200, message: t('record.detail.titleTooLong', { max: 200 }) },
        ]}
      >
        <Input maxLength={200} aria-label={t('record.fields.title')} />
      </Form.Item>
      <Form.Item
        name="tag"
        label={t('record.detail.tags')}
        rules={[
          {
            validator: (_, value: unknown) => {
              const list = tagList(value);
              if (list.length > MAX_TAGS)
                return Promise.reject(new Error(t('record.detail.tooManyTags', { max: MAX_TAGS })));
              if (list.some((v) => v.trim().length > MAX_TAG_LENGTH))
                return Promise.reject(
                  new Error(t('record.detail.tagTooLong', { max: MAX_TAG_LENGTH })),
                );
              return Promise.resolve();
            },
          },
        ]}
      >
        <TagsSelect
          def={def}
          field="tag"
          multiple
          aria-label={t('record.detail.tags')}
          placeholder={t('record.detail.tagsPlaceholder')}
        />
      </Form.Item>
      <Button type="primary" loading={mutation.isPending} onClick={() => void save()}>
        {t('buttons.save')}
      </Button>
    </Form>
  );
}

/** A session record: its facts, editable title and tags, and the chat transcript. */
export default function RecordDetail() {
  const { route, can } = useView();
  const { t, i18n } = useTranslation();
  const { record: result, query, placeholder } = useDetailRecord<BaseRecord>();

  if (placeholder || !result) return placeholder;
  const record = result;
  const messages = (Array.isArray(record.messages) ? record.messages : []) as ChatMessage[];
  const title = String(record.title ?? record.id);
  const reload = () => void query.refetch();

  return (
    <Space direction="vertical" size={16} className="record-detail">
      <Card
        title={`${t(route.locale)} · ${title}`}
        extra={
          <Space wrap>
            <OpenInWindowButton />
            <DeleteRecordButton id={record.id!} title={title} />
          </Space>
        }
      >
        <Descriptions
          bordered
          size="small"
          column={{ xs: 1, md: 2, xl: 3 }}
          className="record-detail__header"
        >
          <Descriptions.Item label={t('record.fields.chatId')}>
            <Typography.Text copyable={{ text: String(record.chatId ?? '') }} code>
              {String(record.chatId ?? '')}
            </Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('record.fields.sceneName')}>
            <SceneLabel name={record.sceneName} code={record.sceneCode} />
          </Descriptions.Item>
          <Descriptions.Item label={t('record.fields.type')}>
            <RecordTypeTag value={record.type} />
          </Descriptions.Item>
          <Descriptions.Item label={t('record.fields.createdAt')}>
            {formatDateTime(record.createdAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('record.fields.modifiedAt')}>
            {formatDateTime(record.modifiedAt ?? record.updatedAt)}
          </Descriptions.Item>
          <Descriptions.Item label={t('record.fields.messageCount')}>
            {formatCount(Number(record.messageCount ?? messages.length), i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('record.fields.totalTokens')}>
            {formatCount(Number(record.totalTokens ?? 0), i18n.language)}
          </Descriptions.Item>
          {!can('edit') && (
            <Descriptions.Item label={t('record.detail.tags')}>
              <TagList value={record.tag} />
            </Descriptions.Item>
          )}
        </Descriptions>
        {can('edit') && <RecordEditor record={record} onReload={reload} />}
      </Card>
      <Card title={t('record.transcript.label')}>
        <Transcript messages={messages} />
      </Card>
    </Space>
  );
}
