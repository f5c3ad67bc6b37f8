import { useState } from 'react';
import { Button, Callout, Card, NonIdealState, Spinner } from '@blueprintjs/core';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, ApiError } from '../../api/client';
import { useDetail } from '../../lib/useDetail';
import { useLang, useSitePath } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import { yuan } from '../orderPayment/OrderBits';
import { capacityText, packageName } from './CapacityBits';
import type { CapacityPackage } from './types';
import './capacity.css';

/**
 * protect/capacitypay (spec part 2 §2): the anti-counterfeit capacity packages on sale. Buying one
 * makes its order and goes to the pay page; signing in (the 401 opens the login dialog) and a
 * certified identity (the 403 leads to the identity page) are asked for by the API.
 */
export function CapacityPayPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const { user } = useSession();
  const { detail, failure } = useDetail<{ items: CapacityPackage[] }>('/api/public/capacity/packages');
  const [buying, setBuying] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function buy(p: CapacityPackage) {
    setBuying(p.id);
    setError(null);
    try {
      const { orderId } = await api.post<{ orderId: string }>('/api/capacity/purchases', { packageId: p.id });
      navigate(site(`usercenter/pay/${orderId}`));
    } catch (e) {
      setBuying(null);
      // Signing in and certification are taken care of by the client's handlers.
      if (e instanceof ApiError && (e.status === 401 || e.code === 'identityRequired')) return;
      setError(e instanceof Error ? e.message : String(e));
    }
  }

  let body: React.ReactNode;
  if (failure) body = <NonIdealState icon="error" title={t('failure.load')} />;
  else if (!detail) body = <Spinner />;
  else if (detail.items.length === 0) body = <NonIdealState icon="database" title={t('capacity.shop.empty')} />;
  else
    body = (
      <div className="ipci-capacity-shop" data-testid="capacity-packages">
        {detail.items.map((p) => (
          <Card key={p.id} className="ipci-capacity-package" data-testid="capacity-package">
            <h3 className="bp6-heading">{packageName(p.names, lang)}</h3>
            <div className="ipci-capacity-amount">{capacityText(p)}</div>
            <div className="ipci-muted">{t('capacity.shop.validity', { months: p.validityMonths })}</div>
            <div className="ipci-capacity-price">¥{yuan(p.price)}</div>
            <Button intent="primary" icon="shopping-cart" text={t('capacity.shop.buy')} loading={buying === p.id} disabled={buying !== null && buying !== p.id} onClick={() => void buy(p)} data-testid="capacity-buy" />
          </Card>
        ))}
      </div>
    );

  return (
    <div className="ipci-container ipci-page ipci-stack" data-testid="capacity-pay">
      <h2 className="ipci-page-title">{t('capacity.shop.title')}</h2>
      <p className="ipci-muted">{t('capacity.shop.intro')}</p>
      {!user && (
        <Callout intent="primary" icon="log-in">
          {t('capacity.shop.signInHint')}
        </Callout>
      )}
      {error && (
        <Callout intent="danger" role="alert" data-testid="capacity-buy-error">
          {error}
        </Callout>
      )}
      {body}
    </div>
  );
}
