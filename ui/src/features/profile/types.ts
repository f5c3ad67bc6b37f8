import type { Upload } from '../../api/types';
import type { Gender } from '../../../../domain/profile';
import type { UserKind } from '../../../../domain/roles';

/** GET/PUT /api/profile (api/README.md "Profile and invitations"). */
export interface Profile {
  username: string;
  displayName: string;
  kind: UserKind | null;
  gender: Gender;
  introduction: string;
  country: string;
  province: string;
  city: string;
  address: string;
  phone: string | null;
  email: string | null;
  avatarUploadId: string;
  avatar: Upload | null;
}
