import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Message } from '../../ui/src/api/types';
import { server } from './support/server';
import { FakeEventSource } from './support/eventSource';
import { renderApp, USER } from './support/render';

const msg = (id: string, over: Partial<Message> = {}): Message => ({
  id,
  kind: 'system',
  titleKey: 'identityFailed',
  bodyKey: null,
  params: {},
  title: null,
  content: null,
  remark: null,
  actionLink: null,
  sender: 'system',
  senderName: null,
  createdAt: '2025-03-04T08:00:00Z',
  readAt: null,
  ...over,
});
const page = (items: Message[], over: Record<string, unknown> = {}) => ({ items, next: null, unread: 1, unreadByKind: { system: 1, message: 2 }, ...over });

describe('usercenter/msg', () => {
  test('system messages tab: titles in the reader language, unread in bold, per-kind counts, load more with before', async () => {
    const seen: URLSearchParams[] = [];
    server.use(
      http.get('*/api/messages', ({ request }) => {
        const q = new URL(request.url).searchParams;
        seen.push(q);
        if (q.get('before') === '7') return HttpResponse.json(page([msg('3', { titleKey: 'identityVerified', readAt: '2025-03-01T00:00:00Z' })]));
        return HttpResponse.json(
          page([msg('9'), msg('7', { titleKey: 'taskOverdue', params: { title: 'Identity review: alice' }, readAt: '2025-03-03T09:00:00Z' })], { next: '7' }),
        );
      }),
    );
    renderApp('/en-US/ipci/usercenter/msg', { user: USER });
    const m9 = await screen.findByTestId('message-9');
    expect(m9).toHaveClass('is-unread');
    expect(m9).toHaveTextContent('Identity certification failed: correct the flagged items and resubmit');
    expect(m9).toHaveTextContent('System');
    expect(screen.getByTestId('message-7')).not.toHaveClass('is-unread');
    expect(screen.getByTestId('message-7')).toHaveTextContent('Review task overdue: Identity review: alice');
    expect(screen.getByTestId('unread-system')).toHaveTextContent('1');
    expect(screen.getByTestId('unread-message')).toHaveTextContent('2');
    expect(seen[0].get('kind')).toBe('system');
    expect(within(m9).getByRole('link')).toHaveAttribute('href', '/en-US/ipci/usercenter/msgdetail/9');

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('message-3')).toBeInTheDocument();
    expect(seen.at(-1)!.get('before')).toBe('7');
    expect(screen.getByTestId('message-9')).toBeInTheDocument();
  });

  test('messages tab shows staff messages as written; mark all read; delete asks first', async () => {
    let readAll: unknown;
    let deleted: string | null = null;
    server.use(
      http.get('*/api/messages', ({ request }) => {
        const kind = new URL(request.url).searchParams.get('kind');
        if (kind !== 'message') return HttpResponse.json(page([]));
        return HttpResponse.json(page([msg('5', { kind: 'message', titleKey: null, title: 'Maintenance tonight', sender: 'staff', senderName: 'Wang Admin' }), msg('4', { kind: 'message', titleKey: null, title: 'Welcome', sender: 'staff', senderName: 'Wang Admin' })]));
      }),
      http.post('*/api/messages/read-all', async ({ request }) => {
        readAll = await request.json();
        return HttpResponse.json({ updated: 2, unread: 1, unreadByKind: { system: 1, message: 0 } });
      }),
      http.delete('*/api/messages/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderApp('/en-US/ipci/usercenter/msg', { user: USER });
    await userEvent.click(await screen.findByRole('tab', { name: /^Messages/ }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/msg?kind=message'));
    const m5 = await screen.findByTestId('message-5');
    expect(m5).toHaveTextContent('Maintenance tonight');
    expect(m5).toHaveTextContent('Wang Admin');

    await userEvent.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(readAll).toEqual({ kind: 'message' }));
    await waitFor(() => expect(screen.getByTestId('message-5')).not.toHaveClass('is-unread'));
    expect(screen.queryByTestId('unread-message')).not.toBeInTheDocument();
    expect(screen.getByTestId('unread-count')).toHaveTextContent('1');

    await userEvent.click(within(screen.getByTestId('message-4')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(confirm).toHaveTextContent('Delete this message? This cannot be undone.');
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(deleted).toBeNull();
    await userEvent.click(within(screen.getByTestId('message-4')).getByRole('button', { name: 'Delete' }));
    await userEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe('4'));
    await waitFor(() => expect(screen.queryByTestId('message-4')).not.toBeInTheDocument());
    expect(screen.getByTestId('message-5')).toBeInTheDocument();
  });

  test('the old usercenter/messages address leads to usercenter/msg', async () => {
    renderApp('/en-US/ipci/usercenter/messages', { user: USER });
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent(/^\/en-US\/ipci\/usercenter\/msg$/));
    expect(await screen.findByRole('heading', { name: 'Notices' })).toBeInTheDocument();
  });
});

describe('usercenter/msgdetail/:id', () => {
  test('opening marks it read; shows title, content, sender, time; the action button follows the link', async () => {
    let read = 0;
    server.use(
      http.get('*/api/messages/12', () =>
        HttpResponse.json({ message: msg('12', { kind: 'message', titleKey: null, title: 'New fee schedule', content: 'See the introduction page.', sender: 'staff', senderName: 'Wang Admin', remark: 'ops', actionLink: 'usercenter/identity' }) }),
      ),
      http.post('*/api/messages/12/read', () => {
        read++;
        return HttpResponse.json({ message: msg('12', { kind: 'message', titleKey: null, title: 'New fee schedule', content: 'See the introduction page.', sender: 'staff', senderName: 'Wang Admin', remark: 'ops', actionLink: 'usercenter/identity', readAt: '2025-03-05T00:00:00Z' }) });
      }),
      http.get('*/api/identity', () => HttpResponse.json({ certification: null })),
    );
    renderApp('/en-US/ipci/usercenter/msgdetail/12', { user: USER });
    const detail = await screen.findByTestId('message-detail');
    expect(detail).toHaveTextContent('New fee schedule');
    expect(detail).toHaveTextContent('See the introduction page.');
    expect(detail).toHaveTextContent('Wang Admin');
    expect(detail).toHaveTextContent('Remark: ops');
    await waitFor(() => expect(read).toBe(1));
    await userEvent.click(within(detail).getByRole('button', { name: 'View' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/en-US/ipci/usercenter/identity'));
  });

  test("another user's or a deleted message: not found", async () => {
    server.use(http.get('*/api/messages/13', () => HttpResponse.json({ status: 404, code: 'notFound', message: 'This page could not be found' }, { status: 404 })));
    renderApp('/en-US/ipci/usercenter/msgdetail/13', { user: USER });
    expect(await screen.findByText('This page could not be found')).toBeInTheDocument();
  });
});

describe('header unread badge', () => {
  test('starts from the session and follows the pushed count (an insert by another process) without reload', async () => {
    renderApp('/en-US/ipci', { user: { ...USER, unread: 2 } });
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('2');
    await waitFor(() => expect(FakeEventSource.instances.some((s) => s.url.includes('/api/messages/stream'))).toBe(true));
    act(() => {
      FakeEventSource.emit('/api/messages/stream', 'unread', { unread: 3 });
    });
    expect(await screen.findByTestId('unread-count')).toHaveTextContent('3');
    act(() => {
      FakeEventSource.emit('/api/messages/stream', 'unread', { unread: 0 });
    });
    await waitFor(() => expect(screen.queryByTestId('unread-count')).not.toBeInTheDocument());
  });

  test('an open messages page reloads its list when a new message is pushed', async () => {
    let calls = 0;
    server.use(
      http.get('*/api/messages', () => {
        calls++;
        return HttpResponse.json(page(calls === 1 ? [msg('1')] : [msg('2', { titleKey: 'identityVerified' }), msg('1')], { unread: calls }));
      }),
    );
    renderApp('/en-US/ipci/usercenter/msg', { user: { ...USER, unread: 1 } });
    await screen.findByTestId('message-1');
    await waitFor(() => expect(FakeEventSource.instances.some((s) => s.url.includes('/api/messages/stream'))).toBe(true));
    act(() => {
      FakeEventSource.emit('/api/messages/stream', 'unread', { unread: 2 });
    });
    expect(await screen.findByTestId('message-2')).toHaveTextContent('Identity certification approved');
  });
});

describe('process messages name the IP in the reader\'s language and print IPCI codes grouped', () => {
  const names = { zh: '青花瓷之韵', en: 'Charm of Blue and White', ja: '' };
  const items = [
    msg('21', { titleKey: 'titleAudit.issued', params: { name: names.zh, names, code: 'IPCI2026100001237' } }),
    msg('20', { titleKey: 'titleAudit.submitted', params: { name: names.zh, names, days: 5 } }),
    msg('19', { titleKey: 'taskOverdue', params: { title: '青花瓷之韵 (alice)', titles: { 'zh-CN': '青花瓷之韵 (alice)', 'en-US': 'Charm of Blue and White (alice)', 'ja-JP': '青花瓷之韵 (alice)' } } }),
  ];
  test.each([
    ['en-US', 'The IPCI of Charm of Blue and White has been issued: IPCI-2026-1-0000123-7', 'Registration of Charm of Blue and White submitted', 'Review task overdue: Charm of Blue and White (alice)'],
    // no Japanese name entered: the Chinese one
    ['ja-JP', '青花瓷之韵', 'IPCI-2026-1-0000123-7'],
  ])('%s', async (lang, ...texts) => {
    server.use(http.get('*/api/messages', () => HttpResponse.json(page(items))));
    renderApp(`/${lang}/ipci/usercenter/msg`, { user: USER, lang });
    const list = await screen.findByRole('link', { name: /IPCI-2026-1-0000123-7/ });
    for (const text of texts) expect(document.body).toHaveTextContent(text);
    expect(list).not.toHaveTextContent('IPCI2026100001237');
  });
});
