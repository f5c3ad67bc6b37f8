/**
 * The one fetch wrapper of the UI (spec part 1 §7/§8): cookies go along (credentials include),
 * a 401 opens the login dialog, a network failure or a non-JSON answer shows
 * 'service connection failed, please refresh and retry', and every failure is an ApiError
 * carrying the server's status, code, message and field messages.
 */
export class ApiError extends Error {
  status: number;
  code: string;
  fields?: Record<string, string>;
  constructor(status: number, code: string, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export interface ApiHandlers {
  /** A 401 from any call that did not opt out: open the login dialog. */
  unauthenticated?: (error: ApiError) => void;
  /** The server could not be reached or answered something that is not our JSON. */
  connectionFailed?: (error: ApiError) => void;
  /** 403 identityRequired: send the user to the identity page. */
  identityRequired?: (error: ApiError) => void;
  /** A 5xx answer to a page read: go to /sorry. */
  serverError?: (error: ApiError) => void;
}

let handlers: ApiHandlers = {};
export function setApiHandlers(next: ApiHandlers): void {
  handlers = next;
}

type Listener = (inFlight: number) => void;
let inFlight = 0;
const listeners = new Set<Listener>();
export function onActivity(listener: Listener): () => void {
  listeners.add(listener);
  listener(inFlight);
  return () => listeners.delete(listener);
}
export function trackActivity(delta: number): void {
  inFlight = Math.max(0, inFlight + delta);
  for (const l of listeners) l(inFlight);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Do not open the login dialog on 401 (session bootstrap, the login call itself). */
  quiet401?: boolean;
  /** No global handling at all (dialog, toast, /sorry): the session bootstrap, whose failure must not stop the page. */
  quiet?: boolean;
}

/** Absolute against the page origin (the same thing the browser does; Node's fetch needs it). */
export function absolute(path: string): string {
  const origin = typeof window !== 'undefined' && window.location?.origin && window.location.origin !== 'null' ? window.location.origin : '';
  return path.startsWith('/') ? origin + path : path;
}

export function withQuery(path: string, query?: RequestOptions['query']): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export function toApiError(status: number, body: unknown): ApiError {
  const b = (body ?? {}) as { code?: unknown; message?: unknown; fields?: unknown };
  return new ApiError(
    status,
    typeof b.code === 'string' ? b.code : 'error',
    typeof b.message === 'string' ? b.message : '',
    b.fields && typeof b.fields === 'object' ? (b.fields as Record<string, string>) : undefined,
  );
}

/** Routes a failed answer to the global handlers; the caller still gets the error. */
export function dispatchError(error: ApiError, method: string, quiet401 = false, quiet = false): void {
  if (quiet) return;
  if (error.status === 401 && !quiet401) handlers.unauthenticated?.(error);
  else if (error.status === 0 || error.code === 'unavailable') handlers.connectionFailed?.(error);
  else if (error.status === 403 && error.code === 'identityRequired') handlers.identityRequired?.(error);
  else if (error.status >= 500 && method === 'GET') handlers.serverError?.(error);
}

export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.body === undefined ? 'GET' : 'POST');
  const headers: Record<string, string> = { Accept: 'application/json' };
  let body: BodyInit | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  trackActivity(1);
  let response: Response;
  try {
    response = await fetch(absolute(withQuery(path, options.query)), { method, headers, body, credentials: 'include', signal: options.signal });
  } catch (cause) {
    trackActivity(-1);
    if ((cause as Error)?.name === 'AbortError') throw cause;
    const error = new ApiError(0, 'unavailable', '');
    dispatchError(error, method, false, options.quiet);
    throw error;
  }
  trackActivity(-1);
  if (response.status === 204) return undefined as T;
  let data: unknown;
  const text = await response.text();
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (response.ok) {
    if (data === undefined && text) {
      const error = new ApiError(0, 'unavailable', '');
      dispatchError(error, method, false, options.quiet);
      throw error;
    }
    return data as T;
  }
  if (data === undefined || typeof data !== 'object') {
    const error = new ApiError(0, 'unavailable', '');
    dispatchError(error, method, false, options.quiet);
    throw error;
  }
  const error = toApiError(response.status, data);
  dispatchError(error, method, options.quiet401, options.quiet);
  throw error;
}

export const api = {
  get: <T>(path: string, query?: RequestOptions['query'], opts: Omit<RequestOptions, 'query' | 'method'> = {}) =>
    request<T>(path, { ...opts, query, method: 'GET' }),
  post: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...opts, body: body ?? {}, method: 'POST' }),
  put: <T>(path: string, body?: unknown, opts: Omit<RequestOptions, 'body' | 'method'> = {}) =>
    request<T>(path, { ...opts, body: body ?? {}, method: 'PUT' }),
  delete: <T = void>(path: string, opts: Omit<RequestOptions, 'body' | 'method'> = {}) => request<T>(path, { ...opts, method: 'DELETE' }),
};

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** POST /api/uploads with upload progress. */
export function uploadFile<T>(kind: string, file: File, onProgress?: (p: UploadProgress) => void): Promise<T> {
  return sendFile<T>('/api/uploads', { kind }, file, onProgress);
}

/** POSTs a file (as `file`) with form fields to `path`, reporting upload progress (fetch cannot, XMLHttpRequest can). */
export function sendFile<T>(path: string, fields: Record<string, string>, file: File, onProgress?: (p: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', absolute(path));
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total });
    };
    xhr.onload = () => {
      trackActivity(-1);
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300 && data !== undefined) return resolve(data as T);
      const error = data && typeof data === 'object' ? toApiError(xhr.status, data) : new ApiError(0, 'unavailable', '');
      dispatchError(error, 'POST');
      reject(error);
    };
    xhr.onerror = () => {
      trackActivity(-1);
      const error = new ApiError(0, 'unavailable', '');
      dispatchError(error, 'POST');
      reject(error);
    };
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', file);
    trackActivity(1);
    xhr.send(form);
  });
}

/** Server-sent events with a fallback to nothing where EventSource does not exist. */
export function subscribe<T>(url: string, event: string, onData: (data: T) => void): () => void {
  if (typeof EventSource === 'undefined') return () => undefined;
  const source = new EventSource(url, { withCredentials: true });
  const listener = (e: MessageEvent) => {
    try {
      onData(JSON.parse(e.data) as T);
    } catch {
      /* ignore malformed frames */
    }
  };
  source.addEventListener(event, listener as EventListener);
  return () => {
    source.removeEventListener(event, listener as EventListener);
    source.close();
  };
}
