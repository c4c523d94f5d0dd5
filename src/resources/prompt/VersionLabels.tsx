import { CloseOutlined } from '@ant-design/icons';
import { AutoComplete, Form, Modal, Tag } from 'antd';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { LABEL_RE, PRODUCTION_LABEL } from '../../../contract/prompt-labels';
import { Ask } from '../../components/Ask';
import { useFocusFirstField } from '../../components/focus-first-field';
import type { PromptLabels } from './api';
import type { PromptVersion } from './types';

/** Labels an admin most often sets, offered before any is in use. */
const SUGGESTED = ['staging', 'canary'];

/** Every label of a template and the version it points at, from its versions. */
export function labelsOf(versions: readonly PromptVersion[]): PromptLabels {
  const out: PromptLabels = {};
  for (const v of versions) for (const label of v.labels ?? []) out[label] = v.number;
  return out;
}

/**
 * One version's labels as tags: production (the live version) green, the others blue. When
 * `onRemove` is given, each label but production has a remove button that asks first.
 */
export function VersionLabels({
  version,
  onRemove,
}: {
  version: PromptVersion;
  onRemove?(label: string): void;
}) {
  const { t } = useTranslation();
  const labels = version.labels ?? [];
  if (!labels.length) return <span>-</span>;
  return (
    <ul className="prompt-labels" aria-label={t('prompt.labels.ofVersion', { n: version.number })}>
      {labels.map((label) => {
        const production = label === PRODUCTION_LABEL;
        return (
          <li
            key={label}
            aria-label={
              production ? t('prompt.labels.productionTag') : t('prompt.labels.tag', { label })
            }
          >
            <Tag color={production ? 'green' : 'blue'} className="prompt-labels__tag">
              {label}
              {onRemove && !production && (
                <Ask
                  title={t('prompt.labels.removeConfirm', { label })}
                  okText={t('prompt.labels.remove')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => onRemove(label)}
                >
                  <button
                    type="button"
                    className="prompt-labels__remove"
                    aria-label={t('prompt.labels.removeFrom', { label, n: version.number })}
                  >
                    <CloseOutlined aria-hidden />
                  </button>
                </Ask>
              )}
            </Tag>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Asks for the label to point at a version: suggestions (staging, canary and the labels in use),
 * the rule checked before a round trip, and where an existing label moves from. Enter sends it.
 */
export function SetLabelDialog({
  version,
  labels,
  open,
  pending,
  onCancel,
  afterClose,
  onSet,
}: {
  version: PromptVersion | null;
  labels: PromptLabels;
  open: boolean;
  pending: boolean;
  onCancel(): void;
  afterClose(): void;
  onSet(label: string): void;
}) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const [form] = Form.useForm<{ label: string }>();
  const typed = Form.useWatch('label', form) ?? '';
  const n = version?.number;
  const arrowed = useRef(false);

  const choices = useMemo(() => {
    const inUse = Object.keys(labels).filter((l) => l !== PRODUCTION_LABEL);
    return [...new Set([...SUGGESTED, ...inUse])];
  }, [labels]);
  // What was typed in full needs no suggestion: the list would only hold itself.
  const options = choices
    .filter((l) => l !== typed && l.includes(typed))
    .map((l) => ({ value: l, label: labels[l] ? `${l} · v${labels[l]}` : l }));

  // Own keys only: "constructor" is a valid label, and every plain object inherits one.
  const from =
    typed !== PRODUCTION_LABEL && Object.hasOwn(labels, typed) ? labels[typed] : undefined;
  const hint =
    from === undefined
      ? t('prompt.labels.rule')
      : from === n
        ? t('prompt.labels.already', { label: typed })
        : t('prompt.labels.moves', { label: typed, from, n });

  return (
    <Modal
      {...firstField}
      open={open}
      title={t('prompt.labels.setFor', { n: n ?? '' })}
      okText={t('prompt.labels.set')}
      okButtonProps={{ loading: pending }}
      cancelText={t('buttons.cancel')}
      onCancel={onCancel}
      afterClose={afterClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        preserve={false}
        onFinish={({ label }) => onSet(label)}
        // Enter sends what was typed. The suggestions mark the first one starting with the text
        // and would take Enter to put it in its place ("can" became "canary"), so the key reaches
        // them only once the user has moved through them with the arrows.
        onKeyDownCapture={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') arrowed.current = true;
          if (e.key !== 'Enter' || e.nativeEvent.isComposing || arrowed.current) return;
          e.preventDefault();
          e.stopPropagation();
          form.submit();
        }}
      >
        <Form.Item
          name="label"
          label={t('prompt.labels.field')}
          extra={<span aria-live="polite">{hint}</span>}
          validateFirst
          rules={[
            { required: true, message: t('prompt.labels.required') },
            {
              validator: (_, value: unknown) =>
                value === PRODUCTION_LABEL
                  ? Promise.reject(new Error(t('prompt.labels.production')))
                  : Promise.resolve(),
            },
            { pattern: LABEL_RE, message: t('prompt.labels.badLabel') },
          ]}
        >
          <AutoComplete
            options={options}
            placeholder={t('prompt.labels.placeholder')}
            onSearch={() => (arrowed.current = false)}
            // A suggestion picked with the arrows is taken by the list first, then sent.
            onKeyDown={(e) => {
              if (e.key !== 'Enter' || e.nativeEvent.isComposing) return;
              e.preventDefault();
              form.submit();
            }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
