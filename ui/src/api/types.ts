import type { CaseEvent, ProcessModel } from '../../../domain/processes/model';
import type { IdentityKind } from '../../../domain/identity';
import type { Role } from '../../../domain/roles';
import type { MessageKind } from '../../../domain/messages';
import type { UserStatus } from '../../../domain/adminUsers';
import type { Queue, TaskStatus } from '../../../domain/tasks';
import type { UploadKind } from '../../../domain/uploads';
import type { FailureReason, RegistrationAction, RegistrationMode, RegistrationState } from '../../../domain/titleRegistration';

export type { CaseEvent, ProcessModel };

export interface SessionUser {
  id: string;
  username: string;
  displayName: string;
  kind: IdentityKind | null;
  userType: 1 | 2 | null;
  roles: Role[];
  /** Spec part 1 §3 session state: role info, permitted UI element ids, the special list. */
  roleinfo: { roleid: Role }[];
  permission: string[];
  special: string[];
  isAdministrator: boolean;
  locale: string;
  identityState: 1 | 2 | 3 | null;
  unread: number;
  hasEmail: boolean;
  hasPhone: boolean;
  avatarUploadId: string | null;
}

export interface Certification {
  id: string;
  kind: IdentityKind;
  state: 1 | 2 | 3;
  data: Record<string, unknown>;
  flags: Record<string, string> | null;
  round: number;
  submittedAt: string;
  decidedAt: string | null;
  workflowId: string;
  workflowUrl: string;
}

export interface TaskRow {
  id: string;
  queue: Queue;
  caseKind: string;
  caseId: string;
  workflowId: string;
  step: string;
  title: string;
  /** Per site language when the title names an IP; see taskTitleIn. */
  titles?: Record<string, string> | null;
  status: TaskStatus;
  assigneeId: string | null;
  assigneeName: string | null;
  dueAt: string | null;
  dueProvisional: boolean;
  overdue: boolean;
  escalatedAt: string | null;
  slaWorkingDays: number | null;
  createdAt: string;
  completedAt: string | null;
}

export interface Upload {
  id: string;
  kind: UploadKind;
  mime: string;
  size: number;
  width: number | null;
  height: number | null;
  originalName: string;
}

/** A page's uploads by id (the detail answers carry the metadata of every file they reference). */
export type UploadMap = Record<string, Upload>;

export interface IdentitySubject {
  certification: Certification;
  user: { id: string; username: string; displayName: string; kind: IdentityKind | null };
  uploads: Record<string, Upload>;
}

/** The applicant as a task subject names them (api/lib/taskSubjects.ts userSummary). */
export interface SubjectUser {
  id: string;
  username: string;
  displayName: string;
  kind: IdentityKind | null;
}

export interface TaskDetail {
  task: TaskRow;
  /** Shape per process kind; ui/src/features/staff/subjectViews.tsx renders it. */
  subject: unknown;
  fields: string[];
  /** A failure names one of these (e.g. the title audit's failure reasons). */
  categories?: string[];
  /** An approval gives each of these (e.g. a tracking number). */
  values?: string[];
  choices?: Record<string, string[]>;
  commentRequired?: boolean;
  workflowUrl: string;
}

/** A title registration as GET /api/title/registrations/:id answers (api/routes/titleAudit.ts). */
export interface TitleRegistrationView {
  id: string;
  /** underAudit is derived: a reviewer has claimed the open audit task. */
  state: RegistrationState;
  mode: RegistrationMode;
  data: Record<string, unknown>;
  /** Field -> the reviewer's reason, from the last failed audit. */
  flags: Record<string, string> | null;
  failureReason: FailureReason | null;
  round: number;
  submittedAt: string;
  decidedAt: string | null;
  actions: RegistrationAction[];
  orderId: string | null;
  order?: { id: string; orderNo: string; orderState: number; amount: number; deadlineAt: string };
  ipci?: { id: string; code: string };
  workflowUrl: string;
}

/** The title audit task's subject (api/lib/subjects/titleAudit.ts): every field, upload and the applicant's identity. */
export interface TitleSubject {
  registration: Omit<TitleRegistrationView, 'actions' | 'orderId' | 'order' | 'ipci' | 'workflowUrl'>;
  user: SubjectUser | null;
  /** The applicant's identity certification with its own uploads, as the identity review shows it. */
  identity: { certification: Certification; uploads: Record<string, Upload> } | null;
  /** Every upload the registration refers to, by id. */
  uploads: Record<string, Upload>;
}

export interface CaseView {
  model: ProcessModel;
  events: CaseEvent[];
  workflowUrl: string;
}

export interface Message {
  id: string;
  kind: MessageKind;
  /** A process message: catalog keys of the `messages` namespace. */
  titleKey: string | null;
  bodyKey: string | null;
  params: Record<string, unknown> | null;
  /** A message written by staff: free text. */
  title: string | null;
  content: string | null;
  remark: string | null;
  actionLink: string | null;
  sender: 'system' | 'staff';
  senderName: string | null;
  createdAt: string;
  readAt: string | null;
}

export interface MessagePage {
  items: Message[];
  next: string | null;
  unread: number;
  unreadByKind: Record<MessageKind, number>;
}

export interface AdminUserRow {
  id: string;
  username: string;
  displayName: string;
  kind: IdentityKind | null;
  roles: Role[];
  status: UserStatus;
  email: string | null;
  phone: string | null;
  createdAt: string;
  lastLoginAt: string | null;
}

export interface AdminUser extends AdminUserRow {
  special: string[];
  locale: string;
  inviteCode: string;
  invitedBy: { id: string; username: string; displayName: string } | null;
  identityState: 1 | 2 | 3 | null;
  activeSessions: number;
  frozenReason: string | null;
  cancelledAt: string | null;
  passwordChangedAt: string | null;
}

export interface StaffMember {
  id: string;
  displayName: string;
  roles: Role[];
}

export interface CalendarDay {
  day: string;
  kind: 'holiday' | 'workday';
  name: string;
}

export interface CalendarYear {
  year: number;
  official: boolean;
  source: string;
  days: CalendarDay[];
}
