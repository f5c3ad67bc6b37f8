import { Callout, Card, Spinner } from '@blueprintjs/core';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AnySchema } from 'yup';
import { api } from '../../api/client';
import type { UploadMap } from '../../api/types';
import { useDetail } from '../../lib/useDetail';
import { useSitePath } from '../../lib/useLang';
import { showToast } from '../../session/toaster';
import { ListingAgreement, type AgreementText } from '../lawFirms/ListingAgreement';
import type { DirectoryApplication } from './AdminDirectoryPages';
import type { ListingFormProps } from './ListingForm';

/**
 * A directory's application page (law firms: protect/lawapply; manufacturers: protect/antifake/apply,
 * part 2 §2, §4–§5): the agreement first, then the form. An account with an open application sees
 * its state instead; in state correction the page edits it, with staff's reasons on the flagged fields.
 */
export function ListingApplyPage<A extends DirectoryApplication, V extends object>({
  text,
  testPrefix,
  api: path,
  listingPage,
  isOpen,
  StateTag,
  agreement,
  Form,
  schemas,
  empty,
  valuesOf,
}: {
  text: 'lawFirm' | 'manufacturer';
  testPrefix: string;
  /** The applicant's application: GET, POST a new one, PUT a correction. */
  api: string;
  /** The user centre's page of the listing, where the page goes once sent. */
  listingPage: string;
  /** An application that still holds the account (one that ended lets it apply again). */
  isOpen: (state: A['state']) => boolean;
  StateTag: ComponentType<{ state: A['state'] }>;
  agreement?: AgreementText;
  Form: ComponentType<ListingFormProps<V>>;
  schemas: { apply: AnySchema; correct: AnySchema };
  empty: V;
  valuesOf: (data: A['data']) => V;
}) {
  const { t } = useTranslation();
  const site = useSitePath();
  const navigate = useNavigate();
  const [accepted, setAccepted] = useState(false);
  const { detail, failure } = useDetail<{ application: A | null; uploads: UploadMap }>(path);
  const listing = site(`usercenter/${listingPage}`);

  let body;
  if (failure) body = <Callout intent="danger">{t('failure.load')}</Callout>;
  else if (!detail) body = <Spinner />;
  else {
    const app = detail.application;
    if (app && app.state === 'correction') {
      body = (
        <>
          <Callout intent="warning" icon="flag" title={t(`${text}.apply.correctionTitle`)} data-testid={`${testPrefix}-correction`}>
            {t(`${text}.apply.correctionHint`)}
          </Callout>
          <Card>
            <Form
              id={`${testPrefix}-form`}
              schema={schemas.correct}
              initial={valuesOf(app.data)}
              uploads={detail.uploads}
              flags={app.reviewFlags}
              submitText={t(`${text}.apply.resubmit`)}
              onSubmit={async (values) => {
                await api.put<{ application: A }>(path, values);
                showToast({ intent: 'success', icon: 'tick', message: t(`${text}.apply.resubmitted`) });
                navigate(listing);
              }}
            />
          </Card>
        </>
      );
    } else if (app && isOpen(app.state)) {
      body = (
        <Callout intent="primary" icon="info-sign" data-testid={`${testPrefix}-existing`}>
          <p>
            {t(`${text}.apply.existing`)} <StateTag state={app.state} />
          </p>
          <Link to={listing}>{t(`${text}.apply.toListing`)}</Link>
        </Callout>
      );
    } else if (!accepted) {
      body = <ListingAgreement text={agreement} onAccept={() => setAccepted(true)} />;
    } else {
      body = (
        <Card>
          <p className="ipci-muted">{t(`${text}.apply.intro`)}</p>
          <Form
            id={`${testPrefix}-form`}
            schema={schemas.apply}
            initial={{ ...empty, agreementAccepted: true }}
            submitText={t(`${text}.apply.submit`)}
            onSubmit={async (values) => {
              await api.post<{ application: A }>(path, values);
              showToast({ intent: 'success', icon: 'tick', message: t(`${text}.apply.submitted`) });
              navigate(listing);
            }}
          />
        </Card>
      );
    }
  }

  return (
    <div className="ipci-container ipci-page ipci-stack ipci-lawfirm-apply">
      <h2 className="ipci-page-title">{detail?.application?.state === 'correction' ? t(`${text}.apply.correctionTitle`) : t(`${text}.apply.title`)}</h2>
      {body}
    </div>
  );
}
