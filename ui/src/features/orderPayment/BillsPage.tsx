import { HTMLSelect, HTMLTable, FormGroup, Button } from '@blueprintjs/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BILL_DIRECTIONS, displayActualAmount, ORDER_STATE } from '../../../../domain/orders';
import { ListCard } from '../../components/ListCard';
import { formatDateTime } from '../../lib/format';
import { useLang, useSitePath } from '../../lib/useLang';
import { useKeysetPages } from '../invitations/useKeysetPages';
import { BillStateSelect, orderName, OrderStateTag, yuan } from './OrderBits';
import type { OrderPage, OrderView } from './types';

/** usercenter/orderrecord (spec part 2 §4): the user's bills by bill type and bill state, newest first. */
export function BillsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const direction = params.get('direction') ?? '';
  const bill = params.get('bill') ?? '';
  const { items, next, loadMore, failed, first } = useKeysetPages<OrderPage, OrderView>('/api/orders', { direction, bill }, (r) => r.items);
  const setFilter = (name: string, value: string) => {
    const p = new URLSearchParams(params);
    if (value) p.set(name, value);
    else p.delete(name);
    setParams(p, { replace: true });
  };

  return (
    <div className="ipci-stack">
      <h2 className="ipci-page-title">{t('orders.title')}</h2>
      <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
        <FormGroup label={t('orders.direction')} labelFor="bill-direction" inline>
          <HTMLSelect id="bill-direction" value={direction} onChange={(e) => setFilter('direction', e.target.value)}>
            <option value="">{t('orders.all')}</option>
            {BILL_DIRECTIONS.map((d) => (
              <option key={d} value={d}>
                {t(`orderLabels.direction.${d}`, { ns: 'messages' })}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <BillStateSelect id="bill-state" value={bill} onChange={(v) => setFilter('bill', v)} />
      </div>
      <ListCard items={first ? items : null} failed={failed} empty={{ icon: 'th-list', title: t('orders.empty') }} next={next} load={() => loadMore()}>
        {(list) => (
          <HTMLTable className="ipci-table" striped style={{ width: '100%' }}>
            <thead>
              <tr>
                <th>{t('orders.orderNo')}</th>
                <th>{t('orders.name')}</th>
                <th>{t('orders.direction')}</th>
                <th style={{ textAlign: 'right' }}>{t('orders.amount')}</th>
                <th style={{ textAlign: 'right' }}>{t('orders.actualAmount')}</th>
                <th>{t('orders.state')}</th>
                <th>{t('orders.createdAt')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {list.map((o) => (
                <tr key={o.id} data-testid="bill-row">
                  <td>
                    <Link to={site(`usercenter/orderdetail/${o.id}`)}>{o.orderNo}</Link>
                  </td>
                  <td>
                    {orderName(o, lang)}
                    <div className="ipci-muted" style={{ fontSize: 12 }}>
                      {t(`orderLabels.type.${o.type}`, { ns: 'messages' })}
                    </div>
                  </td>
                  <td>{t(`orderLabels.direction.${o.direction}`, { ns: 'messages' })}</td>
                  <td style={{ textAlign: 'right' }}>{yuan(o.amount)}</td>
                  <td style={{ textAlign: 'right' }}>{displayActualAmount(o)}</td>
                  <td>
                    <OrderStateTag state={o.orderState} />
                  </td>
                  <td>{formatDateTime(o.createdAt, lang)}</td>
                  <td>
                    {o.orderState === ORDER_STATE.unpaid && <Button size="small" intent="primary" text={t('orders.pay')} onClick={() => navigate(site(`usercenter/pay/${o.id}`))} />}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        )}
      </ListCard>
    </div>
  );
}
