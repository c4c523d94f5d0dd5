import { Modal, Space, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The keys of the page, as the help lists them. */
const SHORTCUTS = [
  { keys: ['←', '→'], what: 'prevNext' },
  { keys: ['1', '2', '3'], what: 'labels' },
  { keys: ['Ctrl', 'Enter'], what: 'saveNext' },
  { keys: ['?'], what: 'help' },
  { keys: ['Esc'], what: 'close' },
] as const;

/** A key as shown beside the control it works. */
export function Kbd({ children }: { children: ReactNode }) {
  return (
    <Typography.Text keyboard className="corpus-mark__kbd">
      {children}
    </Typography.Text>
  );
}

export function ShortcutsHelp({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('corpus.mark.shortcuts.title')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
    >
      <table className="corpus-mark__keys" aria-label={t('corpus.mark.shortcuts.title')}>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.what}>
              <td>
                <Space size={4}>
                  {s.keys.map((k) => (
                    <Typography.Text key={k} keyboard>
                      {k}
                    </Typography.Text>
                  ))}
                </Space>
              </td>
              <td>{t(`corpus.mark.shortcuts.${s.what}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Typography.Paragraph type="secondary">
        {t('corpus.mark.shortcuts.note')}
      </Typography.Paragraph>
    </Modal>
  );
}
