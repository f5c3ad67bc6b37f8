import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { formatIpciCode, makeIpciCode } from '../../domain/ipci';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const CODE = makeIpciCode(2026, 128);
const CHECK = (n: number) => `20000000-0000-4000-8000-00000000000${n}`;
const ITEM = '30000000-0000-4000-8000-000000000001';
const COPY = '40000000-0000-4000-8000-000000000001';
const picture = (name = 'suspect.jpg', bytes = 2000) => new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

const found = {
  found: true,
  media: 'image',
  owner: '张三',
  ipName: 'Mountains and Seas',
  ipciCode: CODE,
  ipciVerifiable: true,
  verifyUrl: `http://localhost/ipci/right/certificate/${CODE}`,
  registeredAt: '2026-11-20T08:00:00Z',
};

/** The public route, answering `answers` in turn; the queries it was sent with. */
function publicChecks(...answers: Array<{ status?: number; body: unknown }>) {
  const sent: string[] = [];
  server.use(
    http.post('*/api/watermark-checks', ({ request }) => {
      sent.push(new URL(request.url).search);
      const a = answers[Math.min(sent.length - 1, answers.length - 1)];
      return HttpResponse.json(a.body, { status: a.status ?? 200 });
    }),
    http.get('*/api/public/manufacturers', () => HttpResponse.json({ items: [], next: null })),
  );
  return sent;
}

describe('online identification on protect/antifake', () => {
  test('anyone drops a picture: who registered it, for which IP, and the certificate to verify; or no platform watermark', async () => {
    const sent = publicChecks({ body: found }, { body: { found: false } });
    renderApp('/en-US/ipci/protect/antifake', { user: null });
    const panel = await screen.findByTestId('identification-panel', {}, { timeout: 8000 });
    // It leads the page, above the manufacturer directory.
    expect(panel.compareDocumentPosition(await screen.findByTestId('manufacturer-directory')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    await userEvent.upload(screen.getByTestId('identify-input'), picture());
    const result = await screen.findByTestId('identify-found');
    expect(result).toHaveTextContent('This picture carries a platform watermark');
    expect(within(result).getByTestId('identify-owner')).toHaveTextContent('张三');
    expect(within(result).getByTestId('identify-ip')).toHaveTextContent('Mountains and Seas');
    expect(within(result).getByTestId('identify-verify')).toHaveAttribute('href', `/en-US/ipci/right/certificate/${CODE}`);
    expect(within(result).getByTestId('identify-verify')).toHaveTextContent(formatIpciCode(CODE));
    expect(sent).toEqual(['?size=2000']);

    await userEvent.upload(screen.getByTestId('identify-input'), picture('plain.png', 500));
    expect(await screen.findByTestId('identify-not-found')).toHaveTextContent('No platform watermark found');
    expect(screen.queryByTestId('identify-found')).not.toBeInTheDocument();
    expect(screen.getByTestId('identify-zone')).toHaveTextContent('plain.png');
  });

  test('in Chinese; an owner not named and a certificate no longer verifiable are said so', async () => {
    publicChecks({ body: { ...found, owner: null, ipName: null, ipciVerifiable: false } });
    renderApp('/zh-CN/ipci/protect/antifake', { user: null, lang: 'zh-CN' });
    await userEvent.upload(await screen.findByTestId('identify-input', {}, { timeout: 8000 }), picture());
    const result = await screen.findByTestId('identify-found');
    expect(result).toHaveTextContent('此图片带有平台水印');
    expect(within(result).getByTestId('identify-owner')).toHaveTextContent('平台用户（未实名认证）');
    expect(result).toHaveTextContent('该证书已无法验证');
    expect(within(result).queryByTestId('identify-ip')).not.toBeInTheDocument();
  });

  test('content credentials are shown beside the watermark: the platform\'s, a look-alike signer\'s, altered ones, or none', async () => {
    const manifest = { valid: true, problem: null, platform: true, generator: 'IPCI platform', owner: '张三', ipciCode: CODE, ipName: '山海图', verifyUrl: found.verifyUrl, signedAt: '2026-11-20T08:00:00Z', issuer: 'IPCI platform', certificateSha256: 'ab'.repeat(32) };
    publicChecks(
      { body: { ...found, credentials: manifest } },
      { body: { ...found, credentials: { ...manifest, platform: false, issuer: 'IPCI platform' } } },
      { body: { ...found, credentials: { ...manifest, valid: false, problem: 'altered' } } },
      { body: { found: false, credentials: null } },
    );
    renderApp('/en-US/ipci/protect/antifake', { user: null });
    const input = await screen.findByTestId('identify-input', {}, { timeout: 8000 });
    await userEvent.upload(input, picture('signed.jpg'));
    expect(await screen.findByTestId('credentials-platform')).toHaveTextContent(`Content credentials signed by the platform for 张三 · 山海图 · ${formatIpciCode(CODE)} on Nov 20, 2026`);
    await userEvent.upload(input, picture('look-alike.jpg'));
    expect(await screen.findByTestId('credentials-foreign')).toHaveTextContent('signed by “IPCI platform” with a certificate that is not the platform\'s: do not rely on them');
    await userEvent.upload(input, picture('altered.jpg'));
    expect(await screen.findByTestId('credentials-broken')).toHaveTextContent('no longer hold: the picture was changed after signing');
    await userEvent.upload(input, picture('plain.jpg'));
    expect(await within(await screen.findByTestId('identify-not-found')).findByTestId('credentials-none')).toHaveTextContent('Content credentials: none');
  });

  test('a clip is taken too, to its own limit, and the answer speaks of a clip', async () => {
    const sent = publicChecks({ body: { ...found, media: 'video' } });
    renderApp('/en-US/ipci/protect/antifake', { user: null });
    const input = await screen.findByTestId('identify-input', {}, { timeout: 8000 });
    expect(input.getAttribute('accept')).toContain('video/mp4');
    const clip = new File([new Uint8Array(10)], 'trailer.mp4', { type: 'video/mp4' });
    Object.defineProperty(clip, 'size', { value: 120 * 1024 * 1024 });
    await userEvent.upload(input, clip);
    expect(await screen.findByTestId('identify-found')).toHaveTextContent('This clip carries a platform watermark');
    expect(sent).toEqual([`?size=${120 * 1024 * 1024}`]);

    const long = new File([new Uint8Array(10)], 'film.mp4', { type: 'video/mp4' });
    Object.defineProperty(long, 'size', { value: 201 * 1024 * 1024 });
    await userEvent.upload(input, long);
    expect(await screen.findByTestId('identify-error')).toHaveTextContent('the limit is 200 MB');
    expect(sent).toHaveLength(1);
  });

  test("the server's refusal is shown; a file past the limit is refused before anything is sent", async () => {
    const sent = publicChecks({ status: 422, body: { code: 'imageRejected', message: 'This picture is too small to carry a watermark: at least 64 × 64 pixels' } });
    renderApp('/en-US/ipci/protect/antifake', { user: null });
    const input = await screen.findByTestId('identify-input', {}, { timeout: 8000 });
    await userEvent.upload(input, picture('tiny.png', 100));
    expect(await screen.findByTestId('identify-error')).toHaveTextContent('at least 64 × 64 pixels');

    const huge = picture('huge.jpg', 10);
    Object.defineProperty(huge, 'size', { value: 31 * 1024 * 1024 });
    await userEvent.upload(input, huge);
    await waitFor(() => expect(screen.getByTestId('identify-error')).toHaveTextContent('The file is too large to check; the limit is 30 MB'));
    expect(sent).toHaveLength(1);
  });
});

const row = (n: number, over: Record<string, unknown> = {}) => ({
  id: CHECK(n),
  checkedAt: '2026-11-24T02:30:00Z',
  origin: 'public',
  media: 'image',
  fileName: `found-${n}.jpg`,
  fileSize: 120 * 1024,
  thumbnail: true,
  credentials: null,
  item: { id: ITEM, name: 'poster.jpg', copyFileId: null, ipciCode: CODE },
  ...over,
});

describe('usercenter/watermarkdetect', () => {
  test("the user checks a picture against their own marks: theirs is named, another's is not, and the history reads itself again", async () => {
    const answers = [
      { found: true, mine: true, media: 'image', itemId: ITEM, name: 'poster.jpg', copyFileId: COPY, createdAt: '2026-11-20T08:00:00Z', ipciCode: CODE, ipName: 'Mountains and Seas' },
      { found: true, mine: false },
    ];
    let checks = 0;
    let historyReads = 0;
    server.use(
      http.post('*/api/watermarks/detect', () => HttpResponse.json(answers[checks++])),
      http.get('*/api/watermarks/detect', () => {
        historyReads++;
        return HttpResponse.json({ items: [row(1, { origin: 'owner', found: true, mine: true, thumbnail: false })], next: null });
      }),
    );
    renderApp('/en-US/ipci/usercenter/watermarkdetect', { user: USER });
    expect(await screen.findByTestId('watermark-detect-page', {}, { timeout: 8000 })).toHaveTextContent('Watermark detection');
    expect(screen.getByTestId('uc-watermark')).toHaveClass('bp6-active');
    const history = await screen.findByTestId('own-checks');
    expect(within(history).getByText('Yours')).toBeInTheDocument();
    expect(history.querySelector('img')).toBeNull();

    await userEvent.upload(screen.getByTestId('detect-input'), picture());
    const yours = await screen.findByTestId('detect-yours');
    expect(within(yours).getByTestId('detect-name')).toHaveTextContent('poster.jpg');
    expect(within(yours).getByTestId('detect-open-copy')).toHaveAttribute('href', `/api/gallery/files/${COPY}`);
    expect(yours).toHaveTextContent(`Mountains and Seas · ${formatIpciCode(CODE)}`);

    await userEvent.upload(screen.getByTestId('detect-input'), picture('other.jpg'));
    expect(await screen.findByTestId('detect-not-yours')).toHaveTextContent("This picture's watermark is not one of yours");
    await waitFor(() => expect(historyReads).toBe(3));
  });

  test('the detected-watermark tab lists every check of the user’s pictures with its thumbnail, where it came from and which copy, in keyset pages', async () => {
    const afters: Array<string | null> = [];
    server.use(
      http.get('*/api/watermark-checks/detected', ({ request }) => {
        const after = new URL(request.url).searchParams.get('after');
        afters.push(after);
        const signed = { valid: true, problem: null, platform: true, generator: 'IPCI platform', owner: '张三', ipciCode: CODE, ipName: '山海图', verifyUrl: null, signedAt: null, issuer: 'IPCI platform', certificateSha256: null };
        return HttpResponse.json(
          after
            ? { items: [row(2, { origin: 'owner', media: 'video', thumbnail: false, item: null })], next: null }
            : { items: [row(1, { credentials: signed, item: { id: ITEM, name: 'poster.jpg', copyFileId: COPY, ipciCode: CODE } })], next: 'cursor-1' },
        );
      }),
      http.get('*/api/watermarks/detect', () => HttpResponse.json({ items: [], next: null })),
    );
    renderApp('/ja-JP/ipci/usercenter/watermarkdetect', { user: USER, lang: 'ja-JP' });
    await userEvent.click(await screen.findByRole('tab', { name: '検出された透かし' }, { timeout: 8000 }));
    const list = await screen.findByTestId('detected-list');
    const [first] = within(list).getAllByTestId('check-row');
    expect(within(first).getByRole('img', { name: 'found-1.jpg' })).toHaveAttribute('src', `/api/watermark-checks/detected/${CHECK(1)}/thumbnail`);
    expect(within(first).getByTestId('check-origin')).toHaveTextContent('公開鑑定');
    expect(within(first).getByTestId('check-copy')).toHaveTextContent(`poster.jpg のコピー · ${formatIpciCode(CODE)}`);
    expect(within(first).getByTestId('check-open-copy')).toHaveAttribute('href', `/api/gallery/files/${COPY}`);
    expect(within(first).getByTestId('check-credentials')).toHaveTextContent('プラットフォームの認証情報');
    expect(within(first).queryByTestId('check-video')).toBeNull();
    // China time, zone named.
    expect(first).toHaveTextContent('10:30');

    await userEvent.click(screen.getByRole('button', { name: /もっと|more|さらに/i }));
    const rows = await within(list).findAllByTestId('check-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[1]).getByTestId('check-origin')).toHaveTextContent('ユーザーセンターでの確認');
    expect(within(rows[1]).queryByRole('img')).toBeNull();
    expect(within(rows[1]).getByTestId('check-video')).toHaveTextContent('動画');
    expect(within(rows[1]).queryByTestId('check-credentials')).toBeNull();
    expect(afters).toEqual([null, 'cursor-1']);
  });
});
