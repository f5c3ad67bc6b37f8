import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const M = 1024 * 1024;
const F1 = '10000000-0000-4000-8000-000000000001';
const F2 = '10000000-0000-4000-8000-000000000002';
const COPY = '10000000-0000-4000-8000-0000000000c1';
const VIDEO = '10000000-0000-4000-8000-0000000000d1';
const IPCI = '20000000-0000-4000-8000-000000000001';
const BATCH = '30000000-0000-4000-8000-000000000001';
const I1 = '40000000-0000-4000-8000-000000000001';
const I2 = '40000000-0000-4000-8000-000000000002';
const I3 = '40000000-0000-4000-8000-000000000003';
const IP = { id: IPCI, code: 'IPCI-2026-A-0000001-X', names: { zh: '山海图', en: 'Mountains and Seas', ja: '山海図' } };

const galleryFile = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  folderId: null,
  kind: 'original',
  sourceId: null,
  name: `${id.slice(-1)}.jpg`,
  mime: 'image/jpeg',
  size: 200 * 1024,
  width: 800,
  height: 600,
  watermarkState: null,
  createdAt: '2026-11-20T08:00:00Z',
  ...over,
});

const item = (id: string, state: string, over: Record<string, unknown> = {}) => ({
  id,
  batchId: BATCH,
  media: 'image',
  sourceFileId: F1,
  name: `${id.slice(-1)}.jpg`,
  copyFileId: state === 'done' ? COPY : null,
  state,
  error: null,
  errorMessage: null,
  fileSize: state === 'done' ? 210 * 1024 : null,
  psnr: state === 'done' ? 42.1 : null,
  credentials: false,
  ipci: IP,
  createdAt: '2026-11-24T02:30:00Z',
  finishedAt: null,
  ...over,
});

const batch = (state: 'running' | 'finished', items: unknown[], done: number, failed: number) => ({
  batch: { id: BATCH, media: 'image', state, total: items.length, done, failed, ipci: IP, createdAt: '2026-11-24T02:30:00Z', finishedAt: null, items },
});

function service({ capacity = { total: 10 * M, used: 2 * M, remaining: 8 * M }, batches = [] as unknown[], copies = [] as unknown[] } = {}) {
  const posted: unknown[] = [];
  const listed: string[] = [];
  let reads = 0;
  server.use(
    http.get('*/api/gallery/folders', () => HttpResponse.json({ folders: [], unfiled: 3, total: 3, capacity })),
    http.get('*/api/gallery/files', () => HttpResponse.json({ items: [galleryFile(F1), galleryFile(F2), galleryFile(COPY, { kind: 'watermarked' }), galleryFile(VIDEO, { mime: 'video/mp4', name: 'clip.mp4' })], next: null })),
    http.get('*/api/ipcis', () =>
      HttpResponse.json({
        items: [
          { id: IPCI, source: 'ipci', code: IP.code, ipNames: IP.names, state: 'completed' },
          { id: '20000000-0000-4000-8000-000000000002', source: 'ipci', code: 'IPCI-2026-A-0000002-X', ipNames: { zh: '旧作', en: 'Old work', ja: '旧作' }, state: 'invalid' },
        ],
        next: null,
      }),
    ),
    http.get('*/api/watermarks/items', ({ request }) => {
      listed.push(new URL(request.url).search);
      return HttpResponse.json({ items: copies, next: null });
    }),
    http.get('*/api/watermarks/batches/:id', () => HttpResponse.json(batches[Math.min(reads++, batches.length - 1)])),
    http.post('*/api/watermarks/batches', async ({ request }) => {
      posted.push(await request.json());
      return HttpResponse.json({ batchId: BATCH }, { status: 201 });
    }),
  );
  return { posted, listed, reads: () => reads };
}

describe('addwatermarkimage', () => {
  test('follows a batch file by file until it finishes: states, the reason of a failure, a download per copy; the list of copies is read again', async () => {
    const { listed } = service({
      batches: [
        batch('running', [item(I1, 'done'), item(I2, 'embedding'), item(I3, 'pending')], 1, 0),
        batch('finished', [item(I1, 'done'), item(I2, 'failed', { error: 'watermark.batch.itemUndecodable', errorMessage: 'The picture cannot be read; it may be damaged' }), item(I3, 'done')], 2, 1),
      ],
    });
    renderApp(`/en-US/ipci/usercenter/addwatermarkimage?batch=${BATCH}`, { user: USER });
    expect(await screen.findByTestId('watermark-batch-summary')).toHaveTextContent('Watermarking: 1 of 3 files processed');
    const states = () => screen.getAllByTestId('watermark-item-state').map((e) => e.textContent);
    expect(states()).toEqual(['Done', 'Embedding', 'Waiting']);
    expect(within(screen.getByTestId(`watermark-item-${I1}`)).getByTestId('watermark-item-download')).toHaveAttribute('href', `/api/watermarks/items/${I1}/download`);
    expect(within(screen.getByTestId(`watermark-item-${I2}`)).queryByTestId('watermark-item-download')).toBeNull();
    expect(screen.getByTestId('uc-watermarkImage')).toHaveClass('bp6-active');

    expect(await screen.findByText('Finished: 2 of 3 copies are in your gallery, 1 failed', {}, { timeout: 4000 })).toBeInTheDocument();
    expect(states()).toEqual(['Done', 'Failed', 'Done']);
    expect(within(screen.getByTestId(`watermark-item-${I2}`)).getByTestId('watermark-item-error')).toHaveTextContent('The picture cannot be read; it may be damaged');
    expect(screen.getAllByTestId('watermark-item-download').map((a) => a.getAttribute('href'))).toEqual([`/api/watermarks/items/${I1}/download`, `/api/watermarks/items/${I3}/download`]);
    expect(screen.getByTestId('watermark-batch-failed')).toBeInTheDocument();
    await waitFor(() => expect(listed).toEqual(['?media=image', '?media=image']));
  });

  test('the form is checked with the domain schema, then starts a batch with the chosen pictures and IPCI and follows it', async () => {
    const { posted, reads } = service({ batches: [batch('finished', [item(I1, 'done'), item(I2, 'done')], 2, 0)] });
    renderApp('/en-US/ipci/usercenter/addwatermarkimage', { user: USER });
    const grid = await screen.findByTestId('gallery-grid');
    // Pictures and originals only: neither a video nor a watermarked copy is offered.
    expect(within(grid).getAllByRole('img')).toHaveLength(2);

    await userEvent.click(screen.getByTestId('watermark-form-submit'));
    expect(await screen.findByText('Choose at least one picture')).toBeInTheDocument();
    expect(posted).toEqual([]);

    await userEvent.click(screen.getByRole('checkbox', { name: 'Select 1.jpg' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select 2.jpg' }));
    expect(screen.getByTestId('watermark-selected')).toHaveTextContent('2 chosen');
    // Invalid IPCIs are not offered.
    const select = screen.getByTestId('watermark-ipci');
    expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['None: the watermark names you only', 'Mountains and Seas · IPCI-2026-A-0000001-X']);
    await userEvent.selectOptions(select, IPCI);
    await userEvent.click(screen.getByTestId('watermark-form-submit'));

    await waitFor(() => expect(posted).toEqual([{ fileIds: [F1, F2], ipciId: IPCI }]));
    expect(await screen.findByTestId('watermark-batch-summary')).toHaveTextContent('Finished: 2 of 2 copies are in your gallery, 0 failed');
    expect(reads()).toBe(1);
    expect(screen.getByTestId('location')).toHaveTextContent(`/en-US/ipci/usercenter/addwatermarkimage?batch=${BATCH}`);
    expect(screen.getByTestId('watermark-selected')).toHaveTextContent('0 chosen');
  });

  test('a refusal is shown as the API words it, above the form and under the pictures; nothing is started', async () => {
    const { posted } = service();
    server.use(
      http.post('*/api/watermarks/batches', async ({ request }) => {
        posted.push(await request.json());
        return HttpResponse.json(
          { status: 422, code: 'imageTooSmall', message: '1.jpg is too small to carry a watermark: at least 256 × 256 pixels', fields: { fileIds: '1.jpg is too small to carry a watermark: at least 256 × 256 pixels' } },
          { status: 422 },
        );
      }),
    );
    renderApp('/en-US/ipci/usercenter/addwatermarkimage', { user: USER });
    await screen.findByTestId('gallery-grid');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select 1.jpg' }));
    await userEvent.click(screen.getByTestId('watermark-form-submit'));
    expect(await screen.findAllByText('1.jpg is too small to carry a watermark: at least 256 × 256 pixels')).toHaveLength(2);
    expect(posted).toEqual([{ fileIds: [F1], ipciId: null }]);
    expect(screen.queryByTestId('watermark-batch')).toBeNull();
  });

  test('lists earlier copies with size, state, IPCI, time and download, in Chinese; without capacity it points to the packages', async () => {
    service({
      capacity: { total: 0, used: 0, remaining: 0 },
      copies: [item(I1, 'done'), item(I2, 'failed', { ipci: null, errorMessage: '无法读取此图片，文件可能已损坏' })],
    });
    renderApp('/zh-CN/ipci/usercenter/addwatermarkimage', { user: USER, lang: 'zh-CN' });
    const rows = await screen.findAllByTestId('watermark-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('1.jpg');
    expect(rows[0]).toHaveTextContent('已完成');
    expect(rows[0]).toHaveTextContent('210.0 KB');
    expect(rows[0]).toHaveTextContent('山海图 · IPCI-2026-A-0000001-X');
    expect(rows[0]).toHaveTextContent('2026年11月24日 10:30');
    expect(within(rows[0]).getByRole('button', { name: '下载 1.jpg 的加水印副本' })).toHaveAttribute('href', `/api/watermarks/items/${I1}/download`);
    expect(rows[1]).toHaveTextContent('失败');
    expect(within(rows[1]).queryByRole('button')).toBeNull();
    expect(screen.getByTestId('watermark-no-capacity')).toHaveTextContent('防伪套餐');
    expect(screen.getByTestId('watermark-form-submit')).toBeDisabled();
    expect(screen.getByTestId('watermark-upload')).toBeDisabled();
  });

  test('the list of copies switches between pictures and videos, asking the API for that medium', async () => {
    const { listed } = service();
    server.use(
      http.get('*/api/watermarks/items', ({ request }) => {
        const media = new URL(request.url).searchParams.get('media');
        listed.push(`?media=${media}`);
        const copy = media === 'video' ? item(I2, 'done', { media: 'video', name: 'trailer.mp4' }) : item(I1, 'done');
        return HttpResponse.json({ items: [copy], next: null });
      }),
    );
    renderApp('/en-US/ipci/usercenter/addwatermarkimage', { user: USER });
    const media = await screen.findByRole('radiogroup', { name: 'Which copies' });
    expect(within(media).getByRole('radio', { name: 'Pictures' })).toHaveAttribute('aria-checked', 'true');
    expect(await screen.findByTestId('watermark-row')).toHaveTextContent('1.jpg');

    await userEvent.click(within(media).getByRole('radio', { name: 'Videos' }));
    await waitFor(() => expect(screen.getByTestId('watermark-row')).toHaveTextContent('trailer.mp4'));
    expect(within(media).getByRole('radio', { name: 'Videos' })).toHaveAttribute('aria-checked', 'true');
    expect(within(screen.getByTestId('watermark-row')).getByRole('button', { name: 'Download the watermarked copy of trailer.mp4' })).toHaveAttribute('href', `/api/watermarks/items/${I2}/download`);
    expect(listed).toEqual(['?media=image', '?media=video']);
  });

  test('following a video batch to its end switches the list of copies to videos', async () => {
    const video = (id: string) => item(id, 'done', { media: 'video', name: 'trailer.mp4' });
    const { listed } = service({ batches: [{ batch: { ...batch('finished', [video(I1)], 1, 0).batch, media: 'video' } }] });
    renderApp(`/en-US/ipci/usercenter/addwatermarkimage?batch=${BATCH}`, { user: USER });
    const media = await screen.findByRole('radiogroup', { name: 'Which copies' });
    await waitFor(() => expect(within(media).getByRole('radio', { name: 'Videos' })).toHaveAttribute('aria-checked', 'true'));
    await waitFor(() => expect(listed).toEqual(['?media=image', '?media=video']));
  });

  test.each([
    ['zh-CN', '副本类型', '图片', '视频'],
    ['ja-JP', 'コピーの種類', '画像', '動画'],
  ] as const)('the switch of copies in %s', async (lang, name, pictures, videos) => {
    service();
    renderApp(`/${lang}/ipci/usercenter/addwatermarkimage`, { user: USER, lang });
    const media = await screen.findByRole('radiogroup', { name });
    expect(within(media).getAllByRole('radio').map((r) => r.textContent)).toEqual([pictures, videos]);
  });
});
