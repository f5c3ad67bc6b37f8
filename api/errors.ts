/**
 * An error meant for the caller: status, a stable code, a catalog key (namespace `errors`)
 * translated into the caller's language by the error middleware, and optional field messages.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly key: string,
    readonly params: Record<string, unknown> = {},
    readonly fields?: Record<string, { key: string; params?: Record<string, unknown> }>,
  ) {
    super(key);
  }
}

export const badRequest = (fields: HttpError['fields']) => new HttpError(400, 'validation', 'http.badRequest', {}, fields);
export const unauthenticated = () => new HttpError(401, 'unauthenticated', 'http.unauthenticated');
export const forbidden = (key = 'http.forbidden', code = 'forbidden') => new HttpError(403, code, key);
export const notFound = () => new HttpError(404, 'notFound', 'http.notFound');
export const conflict = (key = 'http.conflict', params: Record<string, unknown> = {}) => new HttpError(409, 'conflict', key, params);
