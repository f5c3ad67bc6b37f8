import './validation/locale';
import * as yup from 'yup';
import { USERNAME_PATTERN } from './accounts';
import { COUNTRY_CODES } from './countries';
import { optionalText, requiredText, trimmed, uploadId } from './validation/rules';

export const GENDERS = ['male', 'female', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];

/**
 * Spec part 1 §3 "User profile". The user name can change (spec lists it in the profile); it stays
 * unique case-insensitively. Phone and e-mail are not here: they change only through the security
 * settings, each confirmed with a code sent to the new address.
 */
export interface ProfileContext {
  currentUsername?: string;
}

export const profileSchema = yup
  .object({
    // A new name follows the registration rule (never readable as an e-mail or phone number); the
    // current one is accepted as it is, so an account made before the rule can still save its profile.
    username: trimmed()
      .required()
      .test('username', 'register.username', function (v) {
        const ctx = this.options.context as ProfileContext | undefined;
        return !v || v === ctx?.currentUsername || USERNAME_PATTERN.test(v);
      }),
    displayName: requiredText(50),
    gender: trimmed().oneOf([...GENDERS]).default('undisclosed'),
    introduction: optionalText(500),
    country: trimmed().oneOf(['', ...COUNTRY_CODES], 'validation.country').default(''),
    province: optionalText(64),
    city: optionalText(64),
    address: optionalText(200),
    /** An upload of kind `avatar` made by the same user; '' removes the avatar. */
    avatarUploadId: uploadId().default(''),
  })
  .noUnknown();

export type ProfileInput = yup.InferType<typeof profileSchema>;
