import './validation/locale';
import * as yup from 'yup';
import { IPCI_STATES, TAKE_DOWN_KINDS } from './ipci';
import { keysetCursor } from './validation/keyset';

/** The IPCI certificate list (spec part 1 §4): one state filter, keyset pages. */
export const ipciListQuerySchema = yup
  .object({
    state: yup.string().oneOf([...IPCI_STATES]),
    /** Opaque keyset cursor returned as `next` by the previous page. */
    after: keysetCursor(['date', 'uuid']),
  })
  .noUnknown();

/** Batch select (spec part 1 §4): the same take-down or relist on up to one page of certificates. */
export const IPCI_BATCH_MAX = 50;
export const ipciBatchSchema = yup
  .object({
    ids: yup.array(yup.string().required().uuid('validation.invalid')).required().min(1).max(IPCI_BATCH_MAX),
    kind: yup.string().required().oneOf([...TAKE_DOWN_KINDS]),
  })
  .noUnknown();
