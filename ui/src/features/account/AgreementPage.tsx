import { Button, Card } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { AgreementPage as Page } from '../../../../domain/accounts';
import { useLang, useSitePath } from '../../lib/useLang';
import { LEGAL_TEXTS } from './legal';
import './account.css';

/** /:lang/ipci/register/{agreement,disclaimer,privacy,childRule}: one legal document, readable in the site language. */
export function AgreementPage({ page }: { page: Page }) {
  const { t } = useTranslation();
  const lang = useLang();
  const site = useSitePath();
  const navigate = useNavigate();
  const doc = LEGAL_TEXTS[lang][page];
  return (
    <div className="ipci-container ipci-page">
      <Card className="ipci-legal" elevation={1}>
        <article data-testid={`legal-${page}`}>
          <h1>{doc.title}</h1>
          {doc.updated && <p className="ipci-muted">{t('agreements.updated', { date: doc.updated })}</p>}
          {doc.sections.map((s) => (
            <section key={s.heading}>
              <h2>{s.heading}</h2>
              {s.paragraphs.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </section>
          ))}
        </article>
        <Button icon="arrow-left" text={t('agreements.back')} onClick={() => navigate(site('register'))} />
      </Card>
    </div>
  );
}
