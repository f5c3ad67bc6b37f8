import { ValidationError, type AnySchema } from 'yup';
import { encodeError } from './format';

/** Field path of a yup error, collapsed to its top-level field (`attachments[2]` → `attachments`). */
export function topField(path: string | undefined): string {
  if (!path) return '';
  return path.replace(/\[.*$/, '').split('.')[0];
}

/**
 * Runs the shared domain schema and returns `{ field: encodedCatalogKey }` — the first message
 * of each field, with the error's params kept for translation.
 */
export async function validateWithSchema(schema: AnySchema, values: unknown, context?: Record<string, unknown>): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false, context });
    return {};
  } catch (e) {
    if (!ValidationError.isError(e)) throw e;
    const errors: Record<string, string> = {};
    const list = e.inner.length ? e.inner : [e];
    for (const inner of list) {
      const field = topField(inner.path) || '_form';
      if (!errors[field]) errors[field] = encodeError(String(inner.message), inner.params as Record<string, unknown>);
    }
    return errors;
  }
}
