import { Card, Icon, Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { CatalogueItemJson } from '../../../../domain/catalogue';
import { formatIpciCode } from '../../../../domain/ipci';
import { ipNameIn } from '../../../../domain/ipNames';
import { useDictionary } from '../../lib/useDictionary';
import { useLang, useSitePath } from '../../lib/useLang';

/** One IP of the catalogue: cover, name in the reader's language, holder, category, trade status, searches and rating. */
export function IpCard({ ip, compact = false }: { ip: CatalogueItemJson; compact?: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const { labelOf } = useDictionary('ipCategory');
  const name = ipNameIn(ip.names, lang);
  return (
    <Card className={`ipci-ip-card${compact ? ' compact' : ''}`} elevation={1} data-testid="ip-card">
      <Link to={site(`right/detail/${ip.id}`)} className="ipci-ip-card-link">
        <div className="ipci-ip-cover">{ip.cover ? <img src={ip.cover} alt="" loading="lazy" /> : <Icon icon="media" size={32} />}</div>
        <div className="ipci-ip-card-body">
          <h3 className="ipci-ip-name" title={name}>
            {name}
          </h3>
          <div className="ipci-ip-holder">{ip.holder}</div>
          {!compact && (
            <>
              <div className="ipci-ip-tags">
                <Tag minimal>{labelOf(ip.category)}</Tag>
                <Tag minimal intent={ip.tradeStatus === 'exclusive' ? 'warning' : ip.tradeStatus === 'open' ? 'success' : 'primary'}>
                  {t(`catalogue.tradeStatus.${ip.tradeStatus}`)}
                </Tag>
              </div>
              <div className="ipci-ip-meta">
                <span className="ipci-ip-code">{formatIpciCode(ip.code)}</span>
                <span>{t('catalogue.views', { count: ip.searchCount })}</span>
                <span>{ip.rating.count ? t('catalogue.rating', { average: ip.rating.average.toFixed(1), count: ip.rating.count }) : t('catalogue.noRating')}</span>
              </div>
            </>
          )}
        </div>
      </Link>
    </Card>
  );
}
