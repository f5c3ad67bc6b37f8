import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/** Defaults every page may touch; tests add their own with server.use(...). */
export const server = setupServer(
  http.get('*/api/auth/me', () => HttpResponse.json({ user: null })),
  http.get('*/api/messages', () => HttpResponse.json({ items: [], next: null, unread: 0, unreadByKind: { system: 0, message: 0 } })),
  http.get('*/api/title/terms', () => HttpResponse.json({ auditWorkingDays: 5 })),
  // The protection centre's latest publicity block.
  http.get('*/api/public/protection/publicity', () => HttpResponse.json({ items: [], next: null })),
);

/** A case page's timeline with nothing to draw, for tests of the rest of the page. */
export const noTimeline = (kind: string) =>
  http.get('*/api/cases/:kind/:id', () => HttpResponse.json({ model: { kind, steps: [], transitions: [] }, events: [], workflowUrl: null }));
