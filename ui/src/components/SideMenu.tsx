import { useEffect, useState, type ReactNode } from 'react';
import { Button, Card } from '@blueprintjs/core';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The user centre's and the back office's side menu. On a phone (below 900 px, styles.css) it sits
 * above the page, folded behind a toggle, and folds again after each navigation.
 */
export function SideMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname, search } = useLocation();
  useEffect(() => setOpen(false), [pathname, search]);
  return (
    <aside className={`ipci-uc-menu${open ? ' is-open' : ''}`}>
      <Card>
        <Button
          className="ipci-uc-menu-toggle"
          fill
          alignText="start"
          variant="minimal"
          icon="menu"
          endIcon={open ? 'chevron-up' : 'chevron-down'}
          text={t(open ? 'site.menuHide' : 'site.menuToggle')}
          aria-expanded={open}
          onClick={() => setOpen((o) => !o)}
        />
        {children}
      </Card>
    </aside>
  );
}
