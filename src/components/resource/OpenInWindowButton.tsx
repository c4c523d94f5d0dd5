import { ExportOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { windowHref } from '../../pages/window/window-link';
import { useView } from '../../resources/view';
import { isWindowPath, windowPath } from '../../routes/table';

/** A window wide enough for a detail's two columns; no opener, so it cannot steer this tab. */
const WINDOW_FEATURES = 'noopener,width=1200,height=860';

/**
 * A detail page's "open in a new window": the same page, with the same query, on a window route
 * (spec §2) of its own, without the layout. A link underneath, so a middle click or the context
 * menu opens a tab as with any link. Inside a window it would open that window again: hidden.
 */
export function OpenInWindowButton() {
  const { t } = useTranslation();
  const { route } = useView();
  const { pathname, search } = useLocation();
  // Drawn once per page shown: a re-render must not change where the link leads.
  const [path] = useState(() => windowPath(pathname));
  if (isWindowPath(pathname)) return null;
  const href = windowHref(route.name, search, path);
  const open = (e: MouseEvent<HTMLElement>) => {
    // With a modifier the browser does what it was asked (a tab, a window, a download).
    if (e.button !== 0 || e.ctrlKey || e.metaKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    window.open(href, '_blank', WINDOW_FEATURES);
  };
  return (
    <Button
      icon={<ExportOutlined aria-hidden />}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={open}
      data-testid="open-in-window"
    >
      {t('window.open')}
    </Button>
  );
}
