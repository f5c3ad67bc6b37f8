import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { renderApp, USER } from './support/render';
import { server } from './support/server';

const M = 1024 * 1024;
const FOLDER = '66666666-6666-4666-8666-666666666666';
const file = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  folderId: null,
  kind: 'original',
  sourceId: null,
  name: `${id}.png`,
  mime: 'image/png',
  size: 200 * 1024,
  width: 800,
  height: 600,
  watermarkState: null,
  createdAt: '2026-11-20T08:00:00Z',
  ...over,
});
const F1 = '10000000-0000-4000-8000-000000000001';
const F2 = '10000000-0000-4000-8000-000000000002';
const F3 = '10000000-0000-4000-8000-000000000003';

function gallery(initial = { total: 10 * M, used: 2 * M, remaining: 8 * M }) {
  let capacity = initial;
  const seen: Array<string | null> = [];
  const deleted: string[][] = [];
  const uploads: string[] = [];
  server.use(
    http.get('*/api/gallery/folders', () => HttpResponse.json({ folders: [{ id: FOLDER, name: 'Spring', files: 1 }], unfiled: 2, total: 3, capacity })),
    http.get('*/api/gallery/files', ({ request }) => {
      const folder = new URL(request.url).searchParams.get('folder');
      seen.push(folder);
      const items = folder === FOLDER ? [file(F3, { folderId: FOLDER, kind: 'watermarked' })] : [file(F1), file(F2)];
      return HttpResponse.json({ items, next: null });
    }),
    http.post('*/api/gallery/files/delete', async ({ request }) => {
      deleted.push(((await request.json()) as { ids: string[] }).ids);
      capacity = { total: 10 * M, used: M, remaining: 9 * M };
      return HttpResponse.json({ capacity });
    }),
    http.post('*/api/gallery/files', async ({ request }) => {
      uploads.push(new URL(request.url).search);
      capacity = { total: 10 * M, used: 9.75 * M, remaining: 0.25 * M };
      return HttpResponse.json({ file: file('10000000-0000-4000-8000-000000000009'), capacity }, { status: 201 });
    }),
  );
  return { seen, deleted, uploads };
}

describe('gallery management', () => {
  test('capacity on top, folders beside, thumbnails in a grid; a folder shows its own files', async () => {
    const { seen } = gallery();
    renderApp('/en-US/ipci/usercenter/gallerymanagement', { user: USER });
    expect(await screen.findByTestId('gallery-capacity-text')).toHaveTextContent('2 M of 10 M used · 8 M left');
    expect(screen.getByTestId('gallery-capacity-link')).toHaveAttribute('href', '/en-US/ipci/usercenter/capacity');
    expect(screen.getByTestId('uc-gallery')).toHaveClass('bp6-active');
    const grid = await screen.findByTestId('gallery-grid');
    expect(within(grid).getByRole('img', { name: `${F1}.png` })).toHaveAttribute('src', `/api/gallery/files/${F1}/thumbnail`);
    expect(within(grid).getAllByRole('img')).toHaveLength(2);

    await userEvent.click(screen.getByTestId(`gallery-folder-${FOLDER}`));
    expect(await screen.findByText('Watermarked')).toBeInTheDocument();
    expect(seen).toEqual([null, FOLDER]);
    // The phone's select offers the same choices.
    expect(screen.getByRole('combobox', { name: 'Folder' })).toHaveValue(FOLDER);
  });

  test('a video is tagged as one among the pictures, and the file picker takes MP4 beside JPG and PNG', async () => {
    gallery();
    server.use(
      http.get('*/api/gallery/files', () =>
        HttpResponse.json({ items: [file(F1), file(F2, { name: 'trailer.mp4', mime: 'video/mp4', width: 1920, height: 1080 })], next: null }),
      ),
    );
    renderApp('/zh-CN/ipci/usercenter/gallerymanagement', { user: USER, lang: 'zh-CN' });
    const video = await screen.findByTestId(`gallery-file-${F2}`);
    expect(await within(video).findByText('视频')).toBeInTheDocument();
    expect(within(video).getByRole('img', { name: 'trailer.mp4' })).toHaveAttribute('src', `/api/gallery/files/${F2}/thumbnail`);
    expect(screen.getByTestId(`gallery-file-${F1}`)).not.toHaveTextContent('视频');
    expect(screen.getByTestId('gallery-file-input').getAttribute('accept')).toContain('video/mp4');
  });

  test('deletes a selection only after confirming, and the capacity bar shows what was freed', async () => {
    const { deleted } = gallery();
    renderApp('/en-US/ipci/usercenter/gallerymanagement', { user: USER });
    await screen.findByTestId('gallery-grid');
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${F1}.png` }));
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${F2}.png` }));
    expect(screen.getByTestId('gallery-selection')).toHaveTextContent('2 selected');
    await userEvent.click(screen.getByTestId('gallery-delete'));
    expect(await screen.findByText('Delete 2 picture(s)?')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(deleted).toEqual([]);
    await userEvent.click(screen.getByTestId('gallery-delete'));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toEqual([[F1, F2]]));
    expect((await screen.findAllByText('2 pictures deleted')).length).toBeGreaterThan(0);
    await waitFor(() => expect(screen.getByTestId('gallery-capacity-text')).toHaveTextContent('1 M of 10 M used · 9 M left'));
  });

  test('uploads name the size first; a file past the capacity left is refused before anything is sent', async () => {
    const { uploads, seen } = gallery({ total: 10 * M, used: 9.5 * M, remaining: 0.5 * M });
    renderApp('/en-US/ipci/usercenter/gallerymanagement', { user: USER });
    await screen.findByTestId('gallery-grid');
    const input = screen.getByTestId('gallery-file-input');
    await userEvent.upload(input, new File([new Uint8Array(M)], 'big.png', { type: 'image/png' }));
    expect(await screen.findByTestId('gallery-upload-error')).toHaveTextContent('This file needs 1 M but only 0.5 M of your capacity is left');
    expect(uploads).toEqual([]);

    await userEvent.upload(input, new File([new Uint8Array(1000)], 'small.png', { type: 'image/png' }));
    await waitFor(() => expect(uploads).toEqual(['?size=1000']));
    await waitFor(() => expect(screen.getByTestId('gallery-capacity-text')).toHaveTextContent('9.75 M of 10 M used · 0.25 M left'));
    // The grid is read again with the new file.
    await waitFor(() => expect(seen).toEqual([null, null]));
  });

  test('without capacity the page says so in the reader language and points to the packages', async () => {
    gallery({ total: 0, used: 0, remaining: 0 });
    renderApp('/zh-CN/ipci/usercenter/gallerymanagement', { user: USER, lang: 'zh-CN' });
    expect(await screen.findByTestId('gallery-no-capacity')).toHaveTextContent('您当前没有有效容量，请购买防伪套餐后再上传图片。');
    expect(screen.getByText('购买套餐').closest('a')).toHaveAttribute('href', '/zh-CN/ipci/protect/capacitypay');
    expect(screen.getByTestId('gallery-upload')).toBeDisabled();
  });

  test('a selection of videos is watermarked from here and followed on addwatermarkimage; pictures are not offered it', async () => {
    gallery();
    const BATCH = '20000000-0000-4000-8000-000000000001';
    const started: unknown[] = [];
    server.use(
      http.get('*/api/gallery/files', () =>
        HttpResponse.json({ items: [file(F1), file(F2, { name: 'trailer.mp4', mime: 'video/mp4' }), file(F3, { name: 'teaser.mp4', mime: 'video/mp4' })], next: null }),
      ),
      http.post('*/api/watermarks/batches', async ({ request }) => {
        started.push(await request.json());
        return HttpResponse.json({ batchId: BATCH }, { status: 201 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/gallerymanagement', { user: USER });
    await screen.findByTestId('gallery-grid');
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${F1}.png` }));
    expect(screen.queryByTestId('gallery-watermark-videos')).toBeNull();
    await userEvent.click(screen.getByRole('checkbox', { name: `Select ${F1}.png` }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select trailer.mp4' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Select teaser.mp4' }));
    await userEvent.click(screen.getByRole('button', { name: 'Watermark the videos' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe(`/en-US/ipci/usercenter/addwatermarkimage?batch=${BATCH}`));
    expect(started).toEqual([{ fileIds: [F2, F3] }]);
  });
});
