import { Card, HTMLTable } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import type { SubjectViewProps } from '../staff/subjectViews';
import { orderName, OrderStateTag, yuan } from './OrderBits';
import { useLang } from '../../lib/useLang';
import { RemittanceDetails } from './RemittanceDetails';
import type { RemittanceSubject } from './types';

/** Finance's task subject: the order and what it costs, and the remittance claimed against it with the receipts. */
export function RemittanceSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { order, user, uploads } = subject as RemittanceSubject;
  return (
    <Card data-testid="remittance-subject">
      <h3 className="ipci-page-title">{t('remittanceTask.title')}</h3>
      <HTMLTable compact className="ipci-table">
        <tbody>
          <tr>
            <th style={{ width: 160 }}>{t('orders.orderNo')}</th>
            <td>
              {order.orderNo} <OrderStateTag state={order.orderState} />
            </td>
          </tr>
          <tr>
            <th>{t('orders.name')}</th>
            <td>{orderName(order, lang)}</td>
          </tr>
          <tr>
            <th>{t('remittanceTask.payable')}</th>
            <td>
              <strong>¥{yuan(order.payable)}</strong>
            </td>
          </tr>
          <tr>
            <th>{t('remittanceTask.payer')}</th>
            <td>{user ? `${user.displayName} (${user.username})` : '—'}</td>
          </tr>
        </tbody>
      </HTMLTable>
      {order.remittance && <RemittanceDetails remittance={order.remittance} uploads={uploads} />}
    </Card>
  );
}
