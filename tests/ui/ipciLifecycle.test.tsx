import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { makeIpciCode } from '../../domain/ipci';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const A = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
const B = 'bbbbbbbb-bbbb-4bbb-8bbb-bbbbbbbbbbbb';
const P = 'cccccccc-cccc-4ccc-8ccc-cccccccccccc';
const ORDER = 'dddddddd-dddd-4ddd-8ddd-dddddddddddd';

const row = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  source: 'ipci',
  code: makeIpciCode(2026, 12),
  ipNames: { zh: '山海图', en: `Mountains ${id.slice(0, 1)}`, ja: '山海図' },
  holder: 'Alice Zhang',
  appliedAt: '2026-03-03T08:00:00Z',
  issuedAt: '2026-03-10T08:00:00Z',
  validUntil: null,
  state: 'completed',
  takenDown: [],
  invalidReason: null,
  operations: ['takeDownTrade', 'takeDownTitle'],
  certificateGenerated: false,
  registrationId: id,
  orderId: null,
  ...over,
});

function list(items: unknown[]) {
  return http.get('*/api/ipcis', () => HttpResponse.json({ items, next: null }));
}

describe('IPCI certificate list', () => {
  test('batch title take-down asks for confirmation, says verification stops, and sends the selected ids', async () => {
    let sent: any = null;
    server.use(
      list([
        row(A, { certificateGenerated: true }),
        row(B),
        row(P, { source: 'registration', code: null, state: 'pendingPayment', operations: ['pay'], orderId: ORDER, issuedAt: null }),
      ]),
      http.post('*/api/ipcis/takedown', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          results: [
            { id: A, ok: true, state: 'takenDown', operations: ['takeDownTrade', 'relistTitle'] },
            { id: B, ok: false, message: 'This operation is not available for this IPCI certificate in its current state' },
          ],
        });
      }),
    );
    renderApp('/en-US/ipci/usercenter/certificates', { user: USER });
    const table = await screen.findByTestId('ipci-table');
    // Certificate column: a download when generated, the spec's sentence when not.
    expect(within(screen.getByTestId(`ipci-${A}`)).getByRole('button', { name: 'Certificate (PDF)' })).toHaveAttribute('href', `/api/ipcis/${A}/certificate.pdf`);
    expect(within(screen.getByTestId(`ipci-${B}`)).getByText('The IPCI certificate has not been generated')).toBeInTheDocument();
    // Pending payment: a pay link to the order.
    expect(within(screen.getByTestId(`ipci-${P}`)).getByRole('button', { name: /Pay/ })).toHaveAttribute('href', `/en-US/ipci/usercenter/pay/${ORDER}`);

    expect(screen.getByTestId('batch-takeDownTitle')).toBeDisabled();
    await userEvent.click(within(table).getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('batch-takeDownTitle'));
    // Only the two certificates that allow it are counted; the confirmation says what it does.
    expect(await screen.findByTestId('confirm-text')).toHaveTextContent('Take down the title of 2 IPCI certificate(s)? Third parties will no longer be able to verify them');
    expect(sent).toBeNull();
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Take down title' }));

    await waitFor(() => expect(sent).toEqual({ ids: [A, B], kind: 'title' }));
    expect(await screen.findByTestId('refusals')).toHaveTextContent('Mountains b — This operation is not available');
    expect(within(screen.getByTestId(`ipci-${A}`)).getByText('Taken down')).toBeInTheDocument();
    expect(within(screen.getByTestId(`ipci-${A}`)).getByTestId('row-relistTitle')).toBeInTheDocument();
  });

  test('cancelling the confirmation sends nothing; a state tab filters the list', async () => {
    let calls = 0;
    const seen: string[] = [];
    server.use(
      http.get('*/api/ipcis', ({ request }) => {
        seen.push(new URL(request.url).searchParams.get('state') ?? '');
        return HttpResponse.json({ items: [row(A)], next: null });
      }),
      http.post('*/api/ipcis/takedown', () => {
        calls += 1;
        return HttpResponse.json({ results: [] });
      }),
    );
    renderApp('/en-US/ipci/usercenter/certificates', { user: USER });
    await screen.findByTestId('ipci-table');
    await userEvent.click(within(screen.getByTestId(`ipci-${A}`)).getByTestId('row-takeDownTrade'));
    expect(await screen.findByTestId('confirm-text')).toHaveTextContent('third parties can still verify them');
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(calls).toBe(0);
    await userEvent.click(screen.getByRole('tab', { name: 'Taken down' }));
    await waitFor(() => expect(seen).toContain('takenDown'));
  });
});

describe('paper certificate dialog', () => {
  test('offers mainland provinces only, checks the address with the shared schema, then shows the tracking number', async () => {
    let posted: any = null;
    let papers: unknown[] = [];
    server.use(
      list([row(A)]),
      http.get(`*/api/ipcis/${A}/paper`, () => HttpResponse.json({ items: papers })),
      http.post(`*/api/ipcis/${A}/paper`, async ({ request }) => {
        posted = await request.json();
        papers = [{ id: P, ipciId: A, state: 'mailed', address: posted.address, flags: null, round: 1, carrier: 'EMS', trackingNo: 'EA123456789CN', requestedAt: '2026-03-11T08:00:00Z', mailedAt: '2026-03-12T08:00:00Z' }];
        return HttpResponse.json({ paper: papers[0] }, { status: 201 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/certificates', { user: USER });
    await userEvent.click(await screen.findByTestId('row-paper'));
    const dialog = await screen.findByTestId('paper-dialog');
    const province = within(dialog).getByLabelText(/Province/) as HTMLSelectElement;
    const options = Array.from(province.options).map((o) => o.textContent);
    expect(options).toHaveLength(32);
    expect(options).toContain('Beijing');
    expect(options).not.toContain('Hong Kong');
    expect(options).not.toContain('Taiwan');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByTestId('error-postalCode')).toHaveTextContent('This field is required');
    expect(posted).toBeNull();

    await userEvent.type(within(dialog).getByLabelText(/Recipient/), 'Alice Zhang');
    await userEvent.type(within(dialog).getByLabelText(/Mobile phone/), '13800138000');
    await userEvent.selectOptions(province, '11');
    await userEvent.type(within(dialog).getByLabelText(/^City/), 'Beijing');
    await userEvent.type(within(dialog).getByLabelText(/District/), 'Chaoyang');
    await userEvent.type(within(dialog).getByLabelText(/Postal code/), '1000');
    await userEvent.type(within(dialog).getByLabelText(/Street address/), '1 Jianguo Road');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));
    expect(await within(dialog).findByTestId('error-postalCode')).toHaveTextContent('Please enter the 6-digit postal code');
    await userEvent.type(within(dialog).getByLabelText(/Postal code/), '20');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request' }));

    await waitFor(() => expect(posted).toEqual({ address: { recipient: 'Alice Zhang', phone: '13800138000', country: 'CN', province: '11', city: 'Beijing', district: 'Chaoyang', addressLine: '1 Jianguo Road', postalCode: '100020' } }));
    expect(await within(dialog).findByTestId('tracking')).toHaveTextContent('EMS, tracking number EA123456789CN');
    expect(within(dialog).getByText('Mailed')).toBeInTheDocument();
    // Another copy only on purpose.
    expect(within(dialog).queryByTestId('paper-form')).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Request another copy' }));
    expect(within(dialog).getByTestId('paper-form')).toBeInTheDocument();
  });

  test('a flagged address shows the reason and is corrected in place', async () => {
    let put: any = null;
    const address = { recipient: 'Alice Zhang', phone: '13800138000', country: 'CN', province: '11', city: 'Beijing', district: 'Nowhere', addressLine: '1 Jianguo Road', postalCode: '100020' };
    server.use(
      list([row(A)]),
      http.get(`*/api/ipcis/${A}/paper`, () =>
        HttpResponse.json({ items: [{ id: P, ipciId: A, state: 'flagged', address, flags: { district: 'No such district' }, round: 1, carrier: null, trackingNo: null, requestedAt: '2026-03-11T08:00:00Z', mailedAt: null }] }),
      ),
      http.put(`*/api/ipcis/${A}/paper/${P}`, async ({ request }) => {
        put = await request.json();
        return HttpResponse.json({ paper: {} });
      }),
    );
    renderApp('/en-US/ipci/usercenter/certificates', { user: USER });
    await userEvent.click(await screen.findByTestId('row-paper'));
    const dialog = await screen.findByTestId('paper-dialog');
    expect(within(dialog).getByTestId('flag-district')).toHaveTextContent('To correct: No such district');
    const district = within(dialog).getByLabelText(/District/);
    await userEvent.clear(district);
    await userEvent.type(district, 'Chaoyang');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit correction' }));
    await waitFor(() => expect(put).toEqual({ address: { ...address, district: 'Chaoyang' } }));
  });
});
