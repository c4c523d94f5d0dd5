import {
  CommentOutlined,
  DollarOutlined,
  FireOutlined,
  TeamOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { Card, Col, Row, Statistic, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UsageTotals } from '../../../../contract/statistics';
import { formatCount, formatMoney } from '../../../components/charts/format';

interface CardSpec {
  key: 'calls' | 'tokens' | 'chats' | 'users' | 'cost';
  icon: ReactNode;
  value: (t: UsageTotals) => number;
  format: (value: number, locale: string) => string;
}

const CARDS: readonly CardSpec[] = [
  { key: 'calls', icon: <ThunderboltOutlined />, value: (t) => t.calls, format: formatCount },
  { key: 'tokens', icon: <FireOutlined />, value: (t) => t.totalTokens, format: formatCount },
  { key: 'chats', icon: <CommentOutlined />, value: (t) => t.chats, format: formatCount },
  { key: 'users', icon: <TeamOutlined />, value: (t) => t.users, format: formatCount },
  { key: 'cost', icon: <DollarOutlined />, value: (t) => t.cost, format: formatMoney },
];

/** The range's totals (statistic/scene/list `totals`) above the charts. */
export function SummaryCards({ totals }: { totals: UsageTotals | undefined }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  return (
    <Row gutter={[16, 16]} className="statistics-cards">
      {CARDS.map((card) => (
        <Col xs={24} sm={12} lg={8} xl={{ flex: '20%' }} key={card.key}>
          <Card size="small" data-testid={`statistics-card-${card.key}`}>
            <Statistic
              title={t(`statistics.cards.${card.key}`)}
              prefix={card.icon}
              loading={!totals}
              value={totals ? card.value(totals) : 0}
              formatter={(v) => card.format(Number(v), locale)}
            />
            {card.key === 'tokens' && totals && (
              <Typography.Text type="secondary" className="statistics-cards__detail">
                {t('statistics.cards.tokensDetail', {
                  prompt: formatCount(totals.promptTokens, locale),
                  completion: formatCount(totals.completionTokens, locale),
                })}
              </Typography.Text>
            )}
          </Card>
        </Col>
      ))}
    </Row>
  );
}
