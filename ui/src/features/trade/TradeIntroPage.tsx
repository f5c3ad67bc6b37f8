import { Card, Icon, type IconName } from '@blueprintjs/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { formatYuan, SELF_SERVICE_TRADE_CAP_FEN } from '../../../../domain/money';
import { ENTRUSTED_CONTACT_WORKING_DAYS, SERVICE_FEE_RATE_PERMILLE } from '../../../../domain/trade';
import { useSitePath } from '../../lib/useLang';
import './trade.css';

const MODES: Array<{ key: 'selfService' | 'entrusted' | 'contactSeller'; icon: IconName }> = [
  { key: 'selfService', icon: 'shopping-cart' },
  { key: 'entrusted', icon: 'people' },
  { key: 'contactSeller', icon: 'chat' },
];
const MANUAL_STEPS = ['apply', 'contact', 'negotiate', 'sign', 'record'] as const;

/**
 * trade (spec part 1 §2 "manual-trade introduction"): the three ways to license an IP, how a manual
 * (platform-handled) trade runs, the 5-working-day contact promise, the self-service cap and the
 * service fee, with the ways in.
 */
export function TradeIntroPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  const values = { cap: formatYuan(SELF_SERVICE_TRADE_CAP_FEN), days: ENTRUSTED_CONTACT_WORKING_DAYS, rate: SERVICE_FEE_RATE_PERMILLE / 10 };
  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="trade-intro">
      <h1 className="ipci-page-title">{t('trade.intro.title')}</h1>
      <p className="ipci-muted">{t('trade.intro.lead')}</p>
      <div className="ipci-trade-modes">
        {MODES.map((m) => (
          <Card key={m.key} className="ipci-trade-mode" data-testid={`intro-${m.key}`}>
            <h3>
              <Icon icon={m.icon} /> {t(`trade.mode.${m.key}`)}
            </h3>
            <p>{t(`trade.intro.modes.${m.key}`, values)}</p>
          </Card>
        ))}
      </div>
      <Card>
        <h3 className="ipci-section-title">{t('trade.intro.manualTitle')}</h3>
        <ol className="ipci-trade-steps">
          {MANUAL_STEPS.map((s) => (
            <li key={s}>
              <strong>{t(`trade.intro.manual.${s}.title`)}</strong>
              <p className="ipci-muted">{t(`trade.intro.manual.${s}.text`, values)}</p>
            </li>
          ))}
        </ol>
      </Card>
      <Card>
        <h3 className="ipci-section-title">{t('trade.intro.rulesTitle')}</h3>
        <ul className="ipci-trade-rules">
          <li data-testid="rule-contact">{t('trade.intro.rules.contact', values)}</li>
          <li data-testid="rule-cap">{t('trade.intro.rules.cap', values)}</li>
          <li data-testid="rule-fee">{t('trade.intro.rules.fee', values)}</li>
          <li>{t('trade.intro.rules.identity')}</li>
          <li>{t('trade.intro.rules.conflicts')}</li>
        </ul>
      </Card>
      <Card className="ipci-trade-links">
        <Link to={site('right')} className="bp6-button bp6-intent-primary">
          <Icon icon="search" /> <span>{t('trade.intro.findIp')}</span>
        </Link>
        <Link to={site('usercenter/trade')} className="bp6-button">
          <Icon icon="exchange" /> <span>{t('trade.intro.myTrades')}</span>
        </Link>
        <Link to={site('usercenter/identity')} className="bp6-button">
          <Icon icon="id-number" /> <span>{t('trade.intro.identity')}</span>
        </Link>
      </Card>
    </div>
  );
}
