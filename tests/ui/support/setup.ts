import '@testing-library/jest-dom';
import { cleanup, configure } from '@testing-library/react';
import { server } from './server';
import { FakeEventSource } from './eventSource';
import { setupI18n } from '../../../ui/src/i18n';
import { ALL_CATALOGS } from '../../../ui/src/catalogs';

// Pages are lazy chunks: on a loaded two-core CI machine the first render of one can take longer
// than testing-library's 1 s default for findBy/waitFor, which then fails a test that is right.
configure({ asyncUtilTimeout: 5000 });

// Browser APIs jsdom lacks and React Flow / the app use.
class ResizeObserverStub {
  callback: ResizeObserverCallback;
  constructor(cb: ResizeObserverCallback) {
    this.callback = cb;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}
(globalThis as any).ResizeObserver = ResizeObserverStub;
(globalThis as any).EventSource = FakeEventSource;
if (!(globalThis as any).DOMMatrixReadOnly) {
  (globalThis as any).DOMMatrixReadOnly = class {
    m22: number;
    constructor(transform?: string) {
      const scale = transform?.match(/scale\(([1-9.])\)/)?.[1];
      this.m22 = scale !== undefined ? +scale : 1;
    }
  };
}
Object.defineProperties(HTMLElement.prototype, {
  offsetHeight: { get() { return parseFloat(this.style.height) || 60; }, configurable: true },
  offsetWidth: { get() { return parseFloat(this.style.width) || 160; }, configurable: true },
});
(SVGElement.prototype as any).getBBox = () => ({ x: 0, y: 0, width: 0, height: 0 });
window.scrollTo = () => undefined;

void setupI18n('en-US', ALL_CATALOGS);

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  cleanup();
  server.resetHandlers();
  FakeEventSource.reset();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0].trim();
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  document.body.innerHTML = '';
});
afterAll(() => server.close());
