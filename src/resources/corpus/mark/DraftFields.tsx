import { Input, Radio, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import {
  corpusItem,
  ITEM_LABELS,
  type ItemLabel,
} from '../../../../contract/resources/corpus-item';
import { TagsSelect } from '../../../components/resource/TagsSelect';
import type { Draft } from './draft';
import { Kbd } from './ShortcutsHelp';

/** The annotation being written: label (keys 1 to 3), recommended answer, tags and comment. */
export function DraftFields({
  value,
  change,
}: {
  value: Draft;
  change(patch: Partial<Draft>): void;
}) {
  const { t } = useTranslation();
  const answerId = useId();
  const commentId = useId();
  const tagsId = useId();
  return (
    <>
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
                  <Kbd>{String(i + 1)}</Kbd>
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
        <TagsSelect
          def={corpusItem}
          field="tags"
          multiple
          id={tagsId}
          className="corpus-mark__editor"
          value={value.tags}
          onChange={(tags) => change({ tags })}
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
    </>
  );
}
