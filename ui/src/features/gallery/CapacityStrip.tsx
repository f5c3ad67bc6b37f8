import { ProgressBar } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatCapacity } from '../../../../domain/capacity';
import { useSitePath } from '../../lib/useLang';
import type { GalleryCapacity } from './types';

/** The gallery's capacity at a glance: used of total, a bar that warns near the end, and the way to the capacity page. */
export function CapacityStrip({ capacity }: { capacity: GalleryCapacity }) {
  const { t } = useTranslation();
  const site = useSitePath();
  const share = capacity.total > 0 ? Math.min(1, capacity.used / capacity.total) : 0;
  const text = t('gallery.capacity', { used: formatCapacity(capacity.used), total: formatCapacity(capacity.total), remaining: formatCapacity(capacity.remaining) });
  return (
    <div className="ipci-gallery-capacity" data-testid="gallery-capacity">
      <div className="ipci-gallery-capacity-text">
        <span data-testid="gallery-capacity-text">{text}</span>
        <Link to={site('usercenter/capacity')} data-testid="gallery-capacity-link">
          {t('gallery.capacityLink')}
        </Link>
      </div>
      <ProgressBar value={share} intent={share >= 0.9 ? 'danger' : share >= 0.7 ? 'warning' : 'primary'} stripes={false} animate={false} aria-label={text} />
    </div>
  );
}
