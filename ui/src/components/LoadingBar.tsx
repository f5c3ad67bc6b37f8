import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { onActivity, trackActivity } from '../api/client';

/** A thin bar at the top while a navigation settles or any API call is in flight. */
export function LoadingBar() {
  const [busy, setBusy] = useState(0);
  const [navigating, setNavigating] = useState(false);
  const location = useLocation();
  useEffect(() => onActivity(setBusy), []);
  useEffect(() => {
    setNavigating(true);
    const id = setTimeout(() => setNavigating(false), 300);
    return () => clearTimeout(id);
  }, [location.pathname]);
  const active = busy > 0 || navigating;
  return <div className={`ipci-loading-bar${active ? ' is-active' : ''}`} role="progressbar" aria-hidden={!active} />;
}

/** What shows while a page's code arrives: the loading bar runs, the layout around stays. */
export function PageLoading() {
  useEffect(() => {
    trackActivity(1);
    return () => trackActivity(-1);
  }, []);
  return <div className="ipci-page-loading" data-testid="page-loading" />;
}

export function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
      try {
        window.scrollTo(0, 0);
      } catch {
        /* jsdom */
      }
    }
  }, [pathname]);
  return null;
}
