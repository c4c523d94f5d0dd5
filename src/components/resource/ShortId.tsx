import { CopyOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../providers/copy-text';
import { EmptyCell, HoverTip } from './cells';

/** Characters of an identifier a list shows: enough to tell a page's rows apart, as git does. */
const SHOWN = 8;

/**
 * A long identifier in a list cell (a chat's 32-digit hash): its first characters, the whole of
 * it in a tooltip, and a button that copies it, for the filter beside the list or another tool.
 * Shown whole, a chat ID took 270 px of the session list and pushed its type, tags and message
 * count behind the actions at 1,440 px.
 */
export function ShortId({ value, label }: { value: unknown; label: string }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || value === '') return <EmptyCell />;
  if (value.length <= SHOWN + 1) return <span className="cell-code">{value}</span>;
  const copyLabel = t('common.copyValue', { name: label });
  const copy = () => copyText(value, t('common.copied', { value }), t('common.copyFailed'));
  return (
    <span className="short-id">
      <HoverTip title={value}>
        <span className="cell-code" data-short-id={value}>
          {value.slice(0, SHOWN)}…
        </span>
      </HoverTip>
      <HoverTip title={copyLabel}>
        <Button
          size="small"
          type="text"
          icon={<CopyOutlined />}
          aria-label={copyLabel}
          onClick={() => void copy()}
        />
      </HoverTip>
    </span>
  );
}
