import { useTranslation } from 'react-i18next';
import { ORDER_STATE } from '../../../../domain/orders';
import { GoButton } from '../../components/GoButton';
import { useSitePath } from '../../lib/useLang';
import { OrderReturnPage } from '../orderPayment/OrderReturnPage';

/**
 * protect/opensuccess?orderId= — where a capacity package's buyer comes back from the gateway. The
 * capacity is there once the order is completed (paid, then granted by the purchase's workflow), not
 * when it is paid.
 */
export function OpenSuccessPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  return (
    <OrderReturnPage
      done={(state) => state === ORDER_STATE.completed}
      title={t('capacity.open.title')}
      text={{
        done: t('capacity.open.completed'),
        cancelled: t('capacity.open.cancelled'),
        waiting: (state) => t(state === ORDER_STATE.paid ? 'capacity.open.opening' : 'capacity.open.waiting'),
      }}
      links={(_, done) => done && <GoButton intent="primary" icon="database" text={t('capacity.open.toCapacity')} to={site('usercenter/capacity')} data-testid="open-to-capacity" />}
      className="ipci-container ipci-page ipci-stack"
      testId="open-success"
      resultTestId="open-result"
    />
  );
}
