import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { CatalogueItemJson } from '../../domain/catalogue';
import { makeIpciCode } from '../../domain/ipci';
import { renderApp } from './support/render';
import { server } from './support/server';

const location = () => screen.getByTestId('location').textContent;

function item(n: number, over: Partial<CatalogueItemJson> = {}): CatalogueItemJson {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    code: makeIpciCode(2026, n),
    names: { zh: `山海经${n}`, en: `Mountains and Seas ${n}`, ja: `山海経${n}` },
    category: 'animation',
    country: 'CN',
    holder: '景德镇文化传媒有限公司',
    exclusive: 'Y',
    sublicensing: 'N',
    termType: 'Y',
    tradeStatus: 'open',
    searchCount: n,
    rating: { count: 0, average: 0 },
    listedAt: '2026-11-20T08:00:00.000000Z',
    cover: null,
    ...over,
  };
}

/** The list API as msw: records each query; page 1 hands a cursor to page 2. */
function catalogueApi(answer: (params: URLSearchParams) => { items: CatalogueItemJson[]; next: string | null }) {
  const asked: URLSearchParams[] = [];
  server.use(
    http.get('*/api/public/ip', ({ request }) => {
      const params = new URL(request.url).searchParams;
      asked.push(params);
      return HttpResponse.json(answer(params));
    }),
    http.get('*/api/dictionaries/ipCategory', () =>
      HttpResponse.json({
        items: [
          { code: 'animation', labels: { 'zh-CN': '动画', 'en-US': 'Animation', 'ja-JP': 'アニメーション' }, sort: 1, active: true },
          { code: 'music', labels: { 'zh-CN': '音乐', 'en-US': 'Music', 'ja-JP': '音楽' }, sort: 2, active: true },
        ],
      }),
    ),
  );
  return asked;
}

describe('IP search list', () => {
  test('cards name the IP in the reader language and link to its detail; load more appends the next page', async () => {
    const asked = catalogueApi((p) => (p.get('after') === 'page2' ? { items: [item(3)], next: null } : { items: [item(1), item(2)], next: 'page2' }));
    renderApp('/ja-JP/ipci/right', { user: null, lang: 'ja-JP' });
    const cards = await screen.findAllByTestId('ip-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]).getByRole('heading')).toHaveTextContent('山海経1');
    expect(within(cards[0]).getByRole('link')).toHaveAttribute('href', `/ja-JP/ipci/right/detail/${item(1).id}`);
    expect(await within(cards[0]).findByText('アニメーション')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /もっと|more|読み込む/i }));
    await waitFor(() => expect(screen.getAllByTestId('ip-card')).toHaveLength(3));
    expect(asked.at(-1)!.get('after')).toBe('page2');
  });

  test('the search box and the filters go to the address and to the API', async () => {
    const asked = catalogueApi(() => ({ items: [item(1)], next: null }));
    renderApp('/en-US/ipci/right', { user: null });
    await screen.findAllByTestId('ip-card');
    await userEvent.type(screen.getByTestId('catalogue-q'), '海经');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)!.get('q')).toBe('海经'));
    expect(location()).toContain('q=%E6%B5%B7%E7%BB%8F');
    await userEvent.selectOptions(screen.getByLabelText('Exclusivity'), 'Y');
    await userEvent.selectOptions(screen.getByLabelText('Sort by'), 'popular');
    await waitFor(() => expect(asked.at(-1)!.get('sort')).toBe('popular'));
    expect(asked.at(-1)!.get('exclusive')).toBe('Y');
    expect(asked.at(-1)!.get('q')).toBe('海经');
    await userEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    await waitFor(() => expect(asked.at(-1)!.get('exclusive')).toBeNull());
  });

  test.each([
    ['zh-CN', '未查询到相关信息，请确认输入是否正确'],
    ['en-US', 'No relevant information was found, please confirm whether the input is correct'],
    ['ja-JP', '関連する情報が見つかりませんでした。入力内容が正しいかご確認ください'],
  ])('nothing found reads the spec message in %s', async (lang, message) => {
    catalogueApi(() => ({ items: [], next: null }));
    renderApp(`/${lang}/ipci/right?q=nothing`, { user: null, lang });
    expect(await screen.findByTestId('catalogue-empty')).toHaveTextContent(message);
  });

  test('the home page search opens the list with ?q=', async () => {
    const asked = catalogueApi(() => ({ items: [item(7)], next: null }));
    renderApp('/en-US/ipci', { user: null });
    await userEvent.type(await screen.findByTestId('home-search'), 'IPCI-2026-1');
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(location()).toBe('/en-US/ipci/right?q=IPCI-2026-1'));
    await waitFor(() => expect(asked.at(-1)!.get('q')).toBe('IPCI-2026-1'));
    expect(await screen.findByTestId('ip-card')).toHaveTextContent('Mountains and Seas 7');
  });
});
