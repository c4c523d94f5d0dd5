import { Typography } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { sideBySideRows, type DiffCell } from './diff-rows';
import './prompt.css';

function Cell({ cell }: { cell: DiffCell | undefined }) {
  const kind = cell?.kind ?? 'blank';
  const sign = kind === 'removed' ? '−' : kind === 'added' ? '+' : '';
  return (
    <>
      <td className={`prompt-diff__num prompt-diff__cell--${kind}`}>{cell?.line ?? ''}</td>
      <td className={`prompt-diff__text prompt-diff__cell--${kind}`} data-kind={kind}>
        {sign && (
          <span className="prompt-diff__sign" aria-hidden>
            {sign}
          </span>
        )}
        {cell?.text ?? ''}
      </td>
    </>
  );
}

/**
 * Two texts side by side, older on the left and newer on the right: removed lines red on the
 * left, added lines green on the right, rows aligned.
 */
export function SideBySideDiff({
  older,
  newer,
  olderLabel,
  newerLabel,
}: {
  older: string;
  newer: string;
  olderLabel: ReactNode;
  newerLabel: ReactNode;
}) {
  const { t } = useTranslation();
  const rows = useMemo(() => sideBySideRows(older, newer), [older, newer]);
  const same = older === newer;
  return (
    <div className="prompt-diff">
      {same && <Typography.Text type="secondary">{t('prompt.diff.same')}</Typography.Text>}
      <table className="prompt-diff__table" aria-label={t('prompt.diff.title')}>
        <colgroup>
          <col className="prompt-diff__num-col" />
          <col />
          <col className="prompt-diff__num-col" />
          <col />
        </colgroup>
        <thead>
          <tr>
            <th colSpan={2} scope="colgroup">
              {olderLabel}
            </th>
            <th colSpan={2} scope="colgroup">
              {newerLabel}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              <Cell cell={row.left} />
              <Cell cell={row.right} />
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
