import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPaidState } from '../../../../domain/orders';
import { useSitePath } from '../../lib/useLang';
import { OrderReturnPage } from './OrderReturnPage';

/** usercenter/paysuccess?orderId= — the gateway's return URL: done once the order is paid. */
export function PaySuccessPage() {
  const { t } = useTranslation();
  const site = useSitePath();
  return (
    <OrderReturnPage
      done={isPaidState}
      title={t('paySuccess.title')}
      text={{ done: t('paySuccess.paid'), cancelled: t('paySuccess.cancelledOrder'), waiting: () => t('paySuccess.waiting') }}
      links={() => <Link to={site('usercenter/orderrecord')}>{t('paySuccess.toBills')}</Link>}
      className="ipci-stack"
      resultTestId="pay-result"
    />
  );
}
