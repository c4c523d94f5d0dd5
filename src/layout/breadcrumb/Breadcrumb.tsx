import { Breadcrumb as AntBreadcrumb } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { breadcrumbStore } from '../../stores/breadcrumb';
import { useStore } from '../../stores/create-store';
import { entryHref } from './trail';

export function Breadcrumb({ groupLocale }: { groupLocale?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const trail = useStore(breadcrumbStore);
  const items = [
    ...(groupLocale ? [{ key: '__group', title: t(groupLocale) }] : []),
    ...trail.map((entry, i) => {
      const last = i === trail.length - 1;
      const href = entryHref(entry);
      return {
        key: `${entry.path}-${i}`,
        title: last ? (
          t(entry.label)
        ) : (
          <a
            href={href}
            onClick={(e) => {
              e.preventDefault();
              navigate(href);
            }}
          >
            {t(entry.label)}
          </a>
        ),
      };
    }),
  ];
  return <AntBreadcrumb className="console-breadcrumb" items={items} data-testid="breadcrumb" />;
}
