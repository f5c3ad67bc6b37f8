import { useState } from 'react';
import type { FormikHelpers } from 'formik';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api/client';

/**
 * The server's answer to a refused form: its field messages under the fields (until edited) and its
 * message above the form — the same handling in every form.
 */
export function useServerErrors() {
  const { t } = useTranslation();
  const [server, setServer] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const clear = (name: string) => server[name] && setServer(({ [name]: _drop, ...rest }) => rest);
  const reset = () => {
    setServer({});
    setFormError(null);
  };
  function fail<V>(e: unknown, helpers: FormikHelpers<V>) {
    if (!(e instanceof ApiError)) throw e;
    setServer(e.fields ?? {});
    if (e.fields) void helpers.setTouched(Object.fromEntries(Object.keys(e.fields).map((k) => [k, true])) as never, false);
    setFormError(e.message || t('http.unavailable', { ns: 'errors' }));
  }
  const setField = (name: string, message: string | null) => (message ? setServer((s) => ({ ...s, [name]: message })) : clear(name));
  return { server, formError, clear, reset, fail, setField };
}
