import { UploadOutlined } from '@ant-design/icons';
import { Button, Card, Col, Form, Input, Row, Select, Space, Upload, type UploadProps } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MockOk, SaveInfoBody } from '../../../../mock/types';
import { feedbackMessage } from '../../../providers/feedback';
import { useStore } from '../../../stores/create-store';
import { userStore } from '../../../stores/user';
import { SAMPLE_CALLS, samplePost, useSampleMutation } from '../api';
import {
  ADDRESS_MAX,
  AVATAR_TYPES,
  avatarProblem,
  NICKNAME_MAX,
  PROFILE_MAX,
  saveInfoBody,
  type SettingsValues,
} from './settings-rules';
import { UserHeader } from './UserHeader';
import '../samples.css';

const REGIONS = ['china', 'singapore', 'unitedStates'] as const;

/** Sends the picked avatar to POST /api/user/upload as multipart form data. */
function useAvatarUpload(onDone: (previewUrl: string) => void) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const props: UploadProps = {
    accept: AVATAR_TYPES.join(','),
    showUploadList: false,
    beforeUpload(file) {
      const problem = avatarProblem(file);
      if (problem) void feedbackMessage().error(t(`samples.settings.avatar.${problem}`));
      return problem ? Upload.LIST_IGNORE : true;
    },
    async customRequest({ file, onSuccess, onError }) {
      if (!(file instanceof Blob)) return;
      const body = new FormData();
      body.append('file', file);
      setUploading(true);
      try {
        const answer = await samplePost<MockOk>(SAMPLE_CALLS.upload, body);
        onSuccess?.(answer);
        onDone(URL.createObjectURL(file));
        void feedbackMessage().success(t('samples.settings.avatar.done'));
      } catch (error) {
        // The interceptor has shown the server's message.
        onError?.(error instanceof Error ? error : new Error(String(error)));
      } finally {
        setUploading(false);
      }
    },
  };
  return { props, uploading };
}

/**
 * The sample user settings (spec §1): the account's basic information, validated (spec §5:
 * profile up to 200 characters) and posted to /api/user/save-info, and an avatar upload.
 */
export default function UserSettingsPage() {
  const { t } = useTranslation();
  const user = useStore(userStore);
  const [form] = Form.useForm<SettingsValues>();
  const [avatar, setAvatar] = useState<string>();
  const save = useSampleMutation<SaveInfoBody, MockOk>(SAMPLE_CALLS.saveInfo);
  const upload = useAvatarUpload(setAvatar);

  // The preview is a blob: URL of the picked file: let it go when another replaces it.
  useEffect(() => () => (avatar ? URL.revokeObjectURL(avatar) : undefined), [avatar]);

  const submit = (values: SettingsValues) =>
    save.mutate(saveInfoBody(values), {
      onSuccess: () => void feedbackMessage().success(t('samples.settings.saved')),
    });

  return (
    <Space direction="vertical" size={16} className="sample-page" data-testid="user-settings">
      <UserHeader avatar={avatar} />
      <Card
        title={t('samples.settings.title')}
        extra={
          <Upload {...upload.props}>
            <Button
              icon={<UploadOutlined />}
              loading={upload.uploading}
              data-testid="avatar-upload"
            >
              {t('samples.settings.avatar.button')}
            </Button>
          </Upload>
        }
      >
        <Form<SettingsValues>
          form={form}
          name="user-settings"
          layout="vertical"
          className="sample-form"
          initialValues={{ email: user.email ?? '', nickname: user.name ?? user.userName ?? '' }}
          onFinish={submit}
        >
          <Row gutter={16}>
            <Col xs={24} md={12}>
              <Form.Item
                name="email"
                label={t('samples.settings.fields.email')}
                rules={[
                  { required: true, message: t('samples.settings.rules.emailRequired') },
                  { type: 'email', message: t('samples.settings.rules.email') },
                ]}
              >
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="nickname"
                label={t('samples.settings.fields.nickname')}
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('samples.settings.rules.nicknameRequired'),
                  },
                  {
                    max: NICKNAME_MAX,
                    message: t('samples.settings.rules.nicknameMax', { max: NICKNAME_MAX }),
                  },
                ]}
              >
                <Input allowClear />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item
                name="countryRegion"
                label={t('samples.settings.fields.countryRegion')}
                rules={[{ required: true, message: t('samples.settings.rules.regionRequired') }]}
              >
                <Select
                  options={REGIONS.map((r) => ({
                    value: r,
                    label: t(`samples.settings.regions.${r}`),
                  }))}
                  placeholder={t('samples.settings.placeholders.region')}
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={12}>
              <Form.Item name="area" label={t('samples.settings.fields.area')}>
                <Input allowClear />
              </Form.Item>
            </Col>
          </Row>
          <Form.Item
            name="address"
            label={t('samples.settings.fields.address')}
            rules={[
              {
                max: ADDRESS_MAX,
                message: t('samples.settings.rules.addressMax', { max: ADDRESS_MAX }),
              },
            ]}
          >
            <Input allowClear />
          </Form.Item>
          <Form.Item
            name="profile"
            label={t('samples.settings.fields.profile')}
            rules={[
              {
                max: PROFILE_MAX,
                message: t('samples.settings.rules.profileMax', { max: PROFILE_MAX }),
              },
            ]}
          >
            <Input.TextArea
              rows={4}
              showCount
              placeholder={t('samples.settings.placeholders.profile')}
            />
          </Form.Item>
          <Space>
            <Button
              type="primary"
              htmlType="submit"
              loading={save.isPending}
              data-testid="settings-save"
            >
              {t('samples.settings.save')}
            </Button>
            <Button onClick={() => form.resetFields()}>{t('samples.settings.reset')}</Button>
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
