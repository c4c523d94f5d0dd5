import { ArrowDownOutlined, ArrowUpOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatGrowth } from './format';

/** A change in percent with its direction: green arrow up, red arrow down. */
export function Trend({ value }: { value: number }) {
  const { i18n } = useTranslation();
  const up = value >= 0;
  return (
    <Typography.Text type={up ? 'success' : 'danger'} className="sample-trend">
      {up ? <ArrowUpOutlined /> : <ArrowDownOutlined />} {formatGrowth(value, i18n.language)}
    </Typography.Text>
  );
}
