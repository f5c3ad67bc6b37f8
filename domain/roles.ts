export const ROLES = ['user', 'reviewer', 'admin'] as const;
export type Role = (typeof ROLES)[number];
export const STAFF_ROLES: readonly Role[] = ['reviewer', 'admin'];

/** Spec part 1 §3: user type 1 is a person, any other value an enterprise. */
export const USER_TYPES = { personal: 1, enterprise: 2 } as const;
export type UserKind = keyof typeof USER_TYPES;

export function isStaff(roles: readonly string[]): boolean {
  return roles.some((r) => (STAFF_ROLES as readonly string[]).includes(r));
}
