import { setLocale } from 'yup';

/**
 * Messages are catalog keys (namespace `errors`), never prose: the API and the forms
 * translate them into the caller's language with the error's params.
 */
setLocale({
  mixed: {
    required: 'validation.required',
    notType: 'validation.invalid',
    oneOf: 'validation.oneOf',
    default: 'validation.invalid',
    defined: 'validation.required',
  },
  string: {
    min: 'validation.minLength',
    max: 'validation.maxLength',
    email: 'validation.email',
    url: 'validation.url',
    matches: 'validation.invalid',
  },
  number: { min: 'validation.min', max: 'validation.max', integer: 'validation.integer' },
  array: { min: 'validation.minItems', max: 'validation.maxItems' },
  date: { min: 'validation.dateMin', max: 'validation.dateMax' },
  object: { noUnknown: 'validation.unknownField' },
});
