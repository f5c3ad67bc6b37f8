import './validation/locale';
import * as yup from 'yup';

export const loginSchema = yup
  .object({
    username: yup.string().trim().required().max(64),
    password: yup.string().required().max(200),
  })
  .noUnknown();
