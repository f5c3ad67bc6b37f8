import { ROLES, STAFF_ROLES, type Role } from './roles';

/**
 * Spec part 1 §3 / §6: the session carries `permission`, the UI element ids (elementid) the user's
 * roles may use; the client hides the rest and the API refuses it. The spec does not say which
 * elements each role gets, so the defaults below are ours; admins edit them (role_elements).
 */
export const ELEMENTS = [
  // user centre
  'usercenter.info',
  'usercenter.identity',
  'usercenter.security',
  'usercenter.invitation',
  'messages.read',
  // staff inbox
  'inbox.view',
  'task.decide',
  'task.reassign',
  'cancellation.audit',
  // back office
  'admin.users.view',
  'admin.users.edit',
  'admin.users.freeze',
  'admin.users.resetPassword',
  'admin.roles.edit',
  'admin.calendar.edit',
  'admin.outbox.view',
  'admin.invitations.view',
  'admin.messages.send',
  'admin.orders.manage',
  'admin.password',
  // licensing trade (issue 11): records-entrusted area
  'admin.dictionaries.edit',
  'admin.manualWork.manage',
  'admin.tradeRecords.manage',
  'admin.evaluations.view',
  // licensing trade (issue 11): the self-service trades in the back office (selfWork)
  'admin.selfWork.manage',
  // rights objections (issue 11): the IP information list (staff take-down, relist) and the objection list
  'admin.ipInformation.manage',
  'admin.objections.view',
  // rights protection (issue 12): the case list, the full case and progress updates (rightProtect)
  'admin.protection.manage',
  // rights protection (issue 12): the publicity list (admin/rightPublic)
  'admin.publicity.manage',
  // law-firm directory (issue 12): applications, listing content, recheck and recommendation (admin/lawFirm)
  'admin.lawFirms.manage',
  // manufacturer directory (issue 14): applications, listing content and recheck (admin/manufacturer)
  'admin.manufacturers.manage',
  // anti-counterfeiting (issue 14): the capacity packages on sale (admin/package)
  'admin.packages.manage',
  // anti-counterfeiting (issue 14): the package orders and the statistics (admin/antifakeOrder, antiStatistics)
  'admin.antiOrders.view',
  // anti-counterfeiting (issue 14): image/video watermark, image/video detection, detected watermark
  'admin.watermarks.view',
  // infringement monitoring (issue 15): reports of suspected infringements and their evidence (admin/tort)
  'admin.tort.manage',
  // infringement monitoring (issue 15): the crawler's site list (admin/crawlSite)
  'admin.crawlSites.manage',
  // infringement monitoring (issue 15): crawl runs, each site's fetch log, every subscription
  'admin.monitoring.view',
] as const;
export type ElementId = (typeof ELEMENTS)[number];

export function isElement(id: string): id is ElementId {
  return (ELEMENTS as readonly string[]).includes(id);
}

const USER_ELEMENTS: ElementId[] = ['usercenter.info', 'usercenter.identity', 'usercenter.security', 'usercenter.invitation', 'messages.read'];
const REVIEWER_ELEMENTS: ElementId[] = ['messages.read', 'inbox.view', 'task.decide'];

export const DEFAULT_ELEMENTS: Record<Role, readonly ElementId[]> = {
  user: USER_ELEMENTS,
  reviewer: REVIEWER_ELEMENTS,
  // Admins use every staff element; the user-centre pages are for accounts of kind personal/enterprise.
  admin: ELEMENTS.filter((e) => !USER_ELEMENTS.includes(e) || e === 'messages.read'),
};

/**
 * The element that opens the roles editor: the admin role always keeps it, otherwise an edit could
 * leave nobody able to undo it.
 */
export const ROLES_EDITOR_ELEMENT: ElementId = 'admin.roles.edit';

/** Spec part 1 §3: a user whose special list contains `develop` is flagged as administrator. */
export const ADMINISTRATOR_SPECIAL = 'develop';
export const isAdministrator = (special: readonly string[]): boolean => special.includes(ADMINISTRATOR_SPECIAL);

/**
 * Spec part 2 §6: every /admin path except /login/admin needs the role admin; /manage (the staff
 * inbox) needs a staff role. The UI guard and the admin login page read the same table.
 */
export function rolesForPath(pathname: string): readonly Role[] | null {
  if (pathname === '/admin' || pathname.startsWith('/admin/')) return ['admin'];
  if (pathname === '/manage' || pathname.startsWith('/manage/')) return STAFF_ROLES;
  return null;
}

export const mayOpen = (pathname: string, roles: readonly string[]): boolean => {
  const needed = rolesForPath(pathname);
  return !needed || roles.some((r) => (needed as readonly string[]).includes(r));
};

export type RoleElements = Record<Role, string[]>;
