import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';
import { identityReview } from '../../domain/processes/identityReview';

const CERT_ID = '33333333-3333-4333-8333-333333333333';
const FRONT = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const BACK = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';

const field = (name: string) => document.getElementById(`identity-${name}`) as HTMLInputElement;
const fileInput = (name: string) => screen.getByTestId(`upload-identity-${name}`).querySelector('input[type=file]') as HTMLInputElement;

function caseHandler() {
  return http.get('*/api/cases/identityReview/:id', () =>
    HttpResponse.json({
      model: identityReview,
      events: [],
      workflowUrl: 'http://localhost:8233/namespaces/default/workflows/identityReview/x',
    }),
  );
}

const certification = (over: Record<string, unknown>) => ({
  id: CERT_ID,
  kind: 'personal',
  state: 1,
  data: {
    name: 'Alice Zhang',
    nationality: 'CN',
    idNumber: '11010519491231002X',
    idFront: FRONT,
    idBack: BACK,
    idLongTerm: true,
    idValidUntil: '',
    passportNumber: '',
    passportPhoto: '',
    passportLongTerm: false,
    passportExpiry: '',
    otherNationalities: [],
    phone: '13800138000',
    email: 'alice@example.com',
    inviteCode: '',
  },
  flags: null,
  round: 1,
  submittedAt: '2025-03-03T08:00:00Z',
  decidedAt: null,
  workflowId: `identityReview/${CERT_ID}`,
  workflowUrl: 'http://localhost:8233/x',
  ...over,
});

describe('identity certification form', () => {
  test('shows the shared schema messages (catalog keys translated with params) on the fields', async () => {
    server.use(http.get('*/api/identity', () => HttpResponse.json({ certification: null })));
    renderApp('/en-US/ipci/usercenter/identity', { user: USER });
    await screen.findByTestId('identity-form');
    await userEvent.type(field('phone'), '12345');
    await userEvent.type(field('idNumber'), '110105194912310021');
    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByTestId('error-name')).toHaveTextContent('This field is required');
    expect(screen.getByTestId('error-phone')).toHaveTextContent('Please enter a valid mobile number (11 digits, starting with 1)');
    expect(screen.getByTestId('error-idNumber')).toHaveTextContent('This ID card number is not valid');
    expect(screen.getByTestId('error-idFront')).toHaveTextContent('This field is required');
    // a param of the error is interpolated
    await userEvent.type(field('name'), 'x'.repeat(101));
    expect(await screen.findByTestId('error-name')).toHaveTextContent('At most 100 characters');
    // a foreign national needs a passport, not an ID card
    await userEvent.selectOptions(field('nationality'), 'JP');
    expect(field('idNumber')).toBeNull();
    expect(field('passportNumber')).toBeInTheDocument();
  });

  test('uploads a file, shows the thumbnail, shows 413 on the field, and shows 400 field messages from the server', async () => {
    let posted: any = null;
    let uploads = 0;
    server.use(
      http.get('*/api/identity', () => HttpResponse.json({ certification: null })),
      http.post('*/api/uploads', async ({ request }) => {
        const form = await request.formData();
        expect(form.get('kind')).toBe('idPhoto');
        // (jsdom's FormData does not carry the file body through msw; the order tells the files apart)
        uploads++;
        if (uploads === 1)
          return HttpResponse.json({ status: 413, code: 'payloadTooLarge', message: 'The file is too large; the limit is 1 GB' }, { status: 413 });
        const name = uploads === 2 ? 'front.png' : 'back.png';
        return HttpResponse.json({ id: uploads === 2 ? FRONT : BACK, kind: 'idPhoto', mime: 'image/png', size: 1000, width: 800, height: 500, originalName: name }, { status: 201 });
      }),
      http.post('*/api/identity', async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          { status: 400, code: 'validation', message: 'Please check the marked fields', fields: { idNumber: 'This ID card number is already certified by another account' } },
          { status: 400 },
        );
      }),
    );
    renderApp('/en-US/ipci/usercenter/identity', { user: USER });
    await screen.findByTestId('identity-form');
    await userEvent.type(field('name'), 'Alice Zhang');
    await userEvent.type(field('phone'), '13800138000');
    await userEvent.type(field('idNumber'), '11010519491231002X');
    await userEvent.click(field('idLongTerm'));

    await userEvent.upload(fileInput('idFront'), new File(['x'], 'huge.png', { type: 'image/png' }));
    expect(await screen.findByTestId('error-idFront')).toHaveTextContent('The file is too large; the limit is 1 GB');

    await userEvent.upload(fileInput('idFront'), new File(['front'], 'front.png', { type: 'image/png' }));
    const thumb = await within(screen.getByTestId('upload-identity-idFront')).findByRole('img', { name: 'front.png' });
    expect(thumb).toHaveAttribute('src', `/api/uploads/${FRONT}`);
    await userEvent.upload(fileInput('idBack'), new File(['back'], 'back.png', { type: 'image/png' }));
    await within(screen.getByTestId('upload-identity-idBack')).findByRole('img', { name: 'back.png' });

    await userEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
    expect(await screen.findByTestId('error-idNumber')).toHaveTextContent('This ID card number is already certified by another account');
    expect(screen.getByText('Please check the marked fields')).toBeInTheDocument();
    expect(posted.kind).toBe('personal');
    expect(posted.data).toMatchObject({ name: 'Alice Zhang', nationality: 'CN', idNumber: '11010519491231002X', idFront: FRONT, idBack: BACK, idLongTerm: true, phone: '13800138000' });
  });

  test('under review: the catalog callout and the timeline', async () => {
    server.use(http.get('*/api/identity', () => HttpResponse.json({ certification: certification({ state: 1 }) })), caseHandler());
    renderApp('/en-US/ipci/usercenter/identity', { user: { ...USER, identityState: 1 } });
    expect(await screen.findByText('Your certification materials are under review')).toBeInTheDocument();
    expect(await screen.findByTestId('timeline')).toBeInTheDocument();
    expect(screen.queryByTestId('identity-form')).not.toBeInTheDocument();
  });

  test('failed: only the flagged fields are editable, each with the reviewer reason; resubmit is a PUT', async () => {
    let put: any = null;
    server.use(
      http.get('*/api/identity', () =>
        HttpResponse.json({ certification: certification({ state: 2, flags: { phone: 'This number cannot be reached', idFront: 'The photo is blurred' } }) }),
      ),
      http.put('*/api/identity', async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ certification: certification({ state: 1, round: 2 }) });
      }),
      http.get('*/api/auth/me', () => HttpResponse.json({ user: { ...USER, identityState: 1 } })),
      caseHandler(),
    );
    renderApp('/en-US/ipci/usercenter/identity', { user: { ...USER, identityState: 2 } });
    await screen.findByTestId('identity-form');
    expect(screen.getByTestId('reason-phone')).toHaveTextContent('This number cannot be reached');
    expect(screen.getByTestId('reason-idFront')).toHaveTextContent('The photo is blurred');
    expect(screen.queryByTestId('reason-name')).not.toBeInTheDocument();

    expect(field('phone')).toBeEnabled();
    for (const locked of ['name', 'nationality', 'idNumber', 'email', 'inviteCode', 'idLongTerm']) expect(field(locked)).toBeDisabled();
    expect(fileInput('idFront')).toBeEnabled();
    expect(screen.getByTestId('upload-identity-idBack').querySelector('input[type=file]')).toBeNull();

    await userEvent.clear(field('phone'));
    await userEvent.type(field('phone'), '13900139000');
    await userEvent.click(screen.getByRole('button', { name: 'Resubmit' }));
    await waitFor(() => expect(put).not.toBeNull());
    expect(put.data.phone).toBe('13900139000');
    expect(put.data.name).toBe('Alice Zhang');
    expect(put.kind).toBeUndefined();
    expect(await screen.findByText('Your certification materials are under review')).toBeInTheDocument();
  });

  test('verified: success callout and read-only data', async () => {
    server.use(http.get('*/api/identity', () => HttpResponse.json({ certification: certification({ state: 3, decidedAt: '2025-03-05T08:00:00Z' }) })), caseHandler());
    renderApp('/en-US/ipci/usercenter/identity', { user: { ...USER, identityState: 3 } });
    expect(await screen.findByText('Verified', { selector: '.bp6-heading, h5, h4' })).toBeInTheDocument();
    const data = screen.getByTestId('identity-data');
    expect(within(data).getByText('ID card number')).toBeInTheDocument();
    expect(within(data).getByText('11010519491231002X')).toBeInTheDocument();
    expect(screen.queryByTestId('identity-form')).not.toBeInTheDocument();
  });
});
