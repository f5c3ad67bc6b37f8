import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLang } from '../../lib/useLang';
import { useSession } from '../../session/SessionContext';
import type { SubjectViewProps } from '../staff/subjectViews';
import { ObjectionView } from './ObjectionView';
import type { ObjectionDetail } from './types';
import './objection.css';

/** The inbox task's subject: the objection as staff read it (with the holder's answer once given), and links to the IP. */
export function ObjectionSubjectView({ subject }: SubjectViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const { user } = useSession();
  const s = subject as ObjectionDetail;
  return (
    <div className="ipci-stack" data-testid="objection-subject">
      <div className="ipci-toolbar">
        <a href={`/${lang}/ipci/right/detail/${s.objection.ipciId}`} target="_blank" rel="noreferrer">
          {t('objection.admin.publicPage')}
        </a>
        {user?.roles.includes('admin') && <Link to={`/admin/ipInformation/${s.objection.ipciId}`}>{t('admin.nav.ipInformation')}</Link>}
        {user?.roles.includes('admin') && <Link to={`/admin/objection/${s.objection.id}`}>{t('objection.admin.title')}</Link>}
      </div>
      <ObjectionView objection={s.objection} uploads={s.uploads} />
    </div>
  );
}
