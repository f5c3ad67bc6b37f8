import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { I18nextProvider } from 'react-i18next';
import { makeIpciCode } from '../../domain/ipci';
import { CertificateDownload } from '../../ui/src/features/certificates/CertificateDownload';
import i18n from '../../ui/src/i18n';
import { renderApp } from './support/render';
import { server } from './support/server';

const CODE = makeIpciCode(2026, 123, 'first'); // IPCI2026100001237
const ID = '44444444-4444-4444-8444-444444444444';

const verified = {
  code: CODE,
  state: 'completed',
  outcome: 'verified',
  verifiable: true,
  statement: 'This IPCI certificate is valid: it was issued by the platform and third parties may rely on it',
  identifier: ID,
  kind: 'first',
  holder: '景德镇文化传媒有限公司',
  ipNames: { zh: '青花瓷之韵', en: 'Charm of Blue and White', ja: '青花の韻' },
  issuedAt: '2026-11-21T02:00:00.000Z',
  validUntil: '2036-12-31',
  tradeTakenDown: false,
  certificate: { sha256: 'ab'.repeat(32), keyId: '0123456789abcdef', signature: 'c2lnbmF0dXJl' },
};

const answer = (body: object, status = 200) => http.get('*/api/public/ipci/:code', () => HttpResponse.json(body, { status }));

describe('certificate verification page', () => {
  test('verified: banner, holder, the three IP names, dates, key and the offline command', async () => {
    server.use(answer({ ipci: verified }));
    renderApp(`/en-US/ipci/right/certificate/${CODE}`);
    const banner = await screen.findByTestId('verify-banner');
    expect(banner).toHaveTextContent('Verified');
    expect(banner).toHaveTextContent(verified.statement);
    expect(screen.getByTestId('verify-code')).toHaveTextContent('IPCI-2026-1-0000123-7');
    expect(screen.getByTestId('verify-holder')).toHaveTextContent('景德镇文化传媒有限公司');
    for (const name of ['青花瓷之韵', 'Charm of Blue and White', '青花の韻']) expect(screen.getByText(name)).toBeInTheDocument();
    expect(screen.getByText('Dec 31, 2036')).toBeInTheDocument();
    expect(screen.getByTestId('verify-sha256')).toHaveTextContent('ab'.repeat(32));
    expect(screen.getByRole('button', { name: /public key/ })).toHaveAttribute('href', '/api/public/signing-keys/0123456789abcdef.pem');
    expect(screen.getByRole('button', { name: 'Signature (.sig)' })).toHaveAttribute('download', `${CODE}.pdf.sig`);
    expect(screen.getByText(/openssl pkeyutl -verify/)).toHaveTextContent(`-in ${CODE}.pdf -sigfile <(base64 -d ${CODE}.pdf.sig)`);
  });

  test('the issue date is the China date the certificate bears, in any zone of the reader', async () => {
    // 16:30 UTC on 24 November is 00:30 on 25 November in China.
    server.use(answer({ ipci: { ...verified, issuedAt: '2026-11-24T16:30:00Z' } }));
    renderApp(`/zh-CN/ipci/right/certificate/${CODE}`, { lang: 'zh-CN' });
    await screen.findByTestId('verify-banner');
    expect(screen.getByText('2026年11月25日')).toBeInTheDocument();
    expect(screen.queryByText('2026年11月24日')).toBeNull();
  });

  test('taken down: says so plainly and shows no holder data', async () => {
    server.use(answer({ ipci: { code: CODE, state: 'takenDown', outcome: 'takenDown', verifiable: false, statement: 'This IPCI certificate has been taken down and can no longer be verified on the platform' } }));
    renderApp(`/en-US/ipci/right/certificate/${CODE}`);
    const banner = await screen.findByTestId('verify-banner');
    expect(banner).toHaveTextContent('Taken down');
    expect(banner).toHaveTextContent('can no longer be verified');
    expect(screen.queryByTestId('verify-holder')).toBeNull();
    expect(screen.queryByText(/openssl/)).toBeNull();
  });

  test('invalid, in Chinese', async () => {
    server.use(answer({ ipci: { code: CODE, state: 'invalid', outcome: 'invalid', verifiable: false, statement: '该 IPCI 证书已过期，不再有效' } }));
    renderApp(`/zh-CN/ipci/right/certificate/${CODE}`, { lang: 'zh-CN' });
    const banner = await screen.findByTestId('verify-banner');
    expect(banner).toHaveTextContent('已失效');
    expect(banner).toHaveTextContent('该 IPCI 证书已过期，不再有效');
    expect(screen.queryByTestId('verify-holder')).toBeNull();
  });

  test('unknown code: the search message and a way back to the form', async () => {
    server.use(answer({ status: 404, code: 'notFound', message: 'x' }, 404));
    renderApp(`/en-US/ipci/right/certificate/${CODE}`);
    expect(await screen.findByText('No relevant information was found, please confirm whether the input is correct')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Verify another certificate/ })).toHaveAttribute('href', '/en-US/ipci/right/certificate');
  });
});

describe('certificate search form', () => {
  test('checks the code with the domain rule, answers an unknown code on the field, and opens a known one', async () => {
    const asked: string[] = [];
    server.use(
      http.get('*/api/public/ipci/:code', ({ params }) => {
        asked.push(String(params.code));
        return params.code === CODE
          ? HttpResponse.json({ ipci: verified })
          : HttpResponse.json({ status: 404, code: 'notFound', message: 'No relevant information was found, please confirm whether the input is correct' }, { status: 404 });
      }),
    );
    renderApp('/en-US/ipci/right/certificate');
    const input = (await screen.findByLabelText('IPCI identification code')) as HTMLInputElement;

    // A wrong check character never reaches the server.
    await userEvent.type(input, 'IPCI-2026-1-0000123-8');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Please enter a valid IPCI identification code')).toBeInTheDocument();
    expect(asked).toEqual([]);

    const unknown = makeIpciCode(2026, 999);
    await userEvent.clear(input);
    await userEvent.type(input, unknown.toLowerCase());
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('No relevant information was found, please confirm whether the input is correct')).toBeInTheDocument();
    expect(asked).toEqual([unknown]);

    await userEvent.clear(input);
    await userEvent.type(input, 'ipci-2026-1-0000123-7');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('verify-banner')).toHaveTextContent('Verified');
    // The verification page shows the form's answer: one lookup, one search counted.
    await new Promise((r) => setTimeout(r, 300));
    expect(asked).toEqual([unknown, CODE]);
  });
});

describe('CertificateDownload', () => {
  test('offers the PDF and its signature once generated, else the not-generated text', async () => {
    await i18n.changeLanguage('en-US');
    const { rerender } = render(
      <I18nextProvider i18n={i18n}>
        <CertificateDownload ipciId={ID} code={CODE} generated />
      </I18nextProvider>,
    );
    expect(screen.getByRole('button', { name: 'Certificate (PDF)' })).toHaveAttribute('href', `/api/ipcis/${ID}/certificate.pdf`);
    expect(screen.getByRole('button', { name: 'Signature (.sig)' })).toHaveAttribute('href', `/api/ipcis/${ID}/certificate.sig`);
    rerender(
      <I18nextProvider i18n={i18n}>
        <CertificateDownload ipciId={ID} code={CODE} generated={false} />
      </I18nextProvider>,
    );
    expect(screen.getByText('The IPCI certificate has not been generated')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
