import { Navigate, Route, Routes } from 'react-router';
import { SessionProvider, type SessionProviderProps } from './session/SessionContext';
import { LangGuard } from './components/LangGuard';
import { LoadingBar, ScrollToTop } from './components/LoadingBar';
import { SiteLayout, StaffLayout } from './components/Layouts';
import { RequireIdentity, RequireLogin, RequireRole } from './components/Guards';
import { HomePage } from './pages/HomePage';
import { NotFoundPage, SorryPage } from './pages/NotFoundPage';
import { NOT_OPEN_AREAS, UserCenterLayout, UserInfoPage } from './features/usercenter/UserCenter';
import { NotOpenPage } from './pages/NotOpenPage';
import { InvitationPage } from './features/invitations/InvitationPage';
import { InvitationStatsPage } from './features/invitations/InvitationStatsPage';
import { InvitedUsersPage } from './features/invitations/InvitedUsersPage';
import { MessagesPage } from './features/messages/MessagesPage';
import { MessageDetailPage } from './features/messages/MessageDetailPage';
import { UserManagementPage } from './features/admin/UserManagementPage';
import { UserDetailPage } from './features/admin/UserDetailPage';
import { UserEditPage } from './features/admin/UserEditPage';
import { RolesPage } from './features/admin/RolesPage';
import { UpdatePasswordPage } from './features/admin/UpdatePasswordPage';
import { SendMessagePage } from './features/admin/SendMessagePage';
import { CasePage } from './features/usercenter/CasePage';
import { SecurityPage } from './features/security/SecurityPage';
import { BindContactPage } from './features/security/BindContactPage';
import { PasswordPage } from './features/security/PasswordPage';
import { SessionsPage } from './features/security/SessionsPage';
import { CancellationPage } from './features/security/CancellationPage';
import { IdentityPage } from './features/identityReview/IdentityPage';
import { CertificatesPage } from './features/ipciLifecycle/CertificatesPage';
import { AdminLoginPage } from './features/staff/AdminLoginPage';
import { InboxPage } from './features/staff/InboxPage';
import { TaskPage } from './features/staff/TaskPage';
import { CalendarPage } from './features/staff/CalendarPage';
import { RegisterPage } from './features/account/RegisterPage';
import { AgreementPage } from './features/account/AgreementPage';
import { LoginPage } from './features/account/LoginPage';
import { ForgotPasswordPage } from './features/account/ForgotPasswordPage';
import { OutboxPage } from './features/account/OutboxPage';
import { useLang } from './lib/useLang';
import { TitleWizardPage } from './features/titleAudit/TitleWizard';
import { TitleListPage } from './features/titleAudit/TitleListPage';
import { TitleDetailPage } from './features/titleAudit/TitleDetailPage';
import { IntroducePage } from './features/titleAudit/IntroducePage';
import { CertificateSearchPage } from './features/certificates/CertificateSearchPage';
import { CertificateVerifyPage } from './features/certificates/CertificateVerifyPage';
import { BillsPage } from './features/orderPayment/BillsPage';
import { OrderDetailPage } from './features/orderPayment/OrderDetailPage';
import { PayPage } from './features/orderPayment/PayPage';
import { PaySuccessPage } from './features/orderPayment/PaySuccessPage';
import { AdminOrdersPage } from './features/orderPayment/AdminOrdersPage';

function ToHome() {
  const lang = useLang();
  return <Navigate to={`/${lang}/ipci`} replace />;
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path="/" element={<ToHome />} />
      <Route path="/:lang/ipci" element={<SiteLayout />}>
        <Route index element={<HomePage />} />
        <Route
          path="usercenter"
          element={
            <RequireLogin>
              <UserCenterLayout />
            </RequireLogin>
          }
        >
          <Route index element={<UserInfoPage />} />
          <Route path="identity" element={<IdentityPage />} />
          <Route path="certificates" element={<CertificatesPage />} />
          <Route path="msg" element={<MessagesPage />} />
          <Route path="msgdetail/:id" element={<MessageDetailPage />} />
          <Route path="messages" element={<Navigate to="../msg" relative="path" replace />} />
          <Route path="cases/:kind/:id" element={<CasePage />} />
          <Route path="invitation" element={<InvitationPage />} />
          <Route path="traceability" element={<TitleListPage />} />
          <Route path="traceability/new" element={<RequireIdentity><TitleWizardPage /></RequireIdentity>} />
          <Route path="traceability/draft/:id" element={<RequireIdentity><TitleWizardPage /></RequireIdentity>} />
          <Route path="traceability/:id" element={<TitleDetailPage />} />
          <Route path="orderrecord" element={<BillsPage />} />
          <Route path="orderdetail/:id" element={<OrderDetailPage />} />
          <Route path="pay/:orderId" element={<PayPage />} />
          <Route path="paysuccess" element={<PaySuccessPage />} />
          {NOT_OPEN_AREAS.map((a) => (
            <Route key={a.route} path={a.route} element={<NotOpenPage area={a.key} />} />
          ))}
          <Route path="security" element={<SecurityPage />} />
          <Route path="bindphone" element={<BindContactPage field="phone" />} />
          <Route path="bindemail" element={<BindContactPage field="email" />} />
          <Route path="password" element={<PasswordPage />} />
          <Route path="sessions" element={<SessionsPage />} />
          <Route path="cancellation" element={<CancellationPage />} />
        </Route>
        <Route path="register">
          <Route index element={<RegisterPage />} />
          <Route path="agreement" element={<AgreementPage page="agreement" />} />
          <Route path="disclaimer" element={<AgreementPage page="disclaimer" />} />
          <Route path="privacy" element={<AgreementPage page="privacy" />} />
          <Route path="childRule" element={<AgreementPage page="childRule" />} />
        </Route>
        <Route path="introduce" element={<IntroducePage />} />
        <Route path="right/certificate" element={<CertificateSearchPage />} />
        <Route path="right/certificate/:code" element={<CertificateVerifyPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="forgotpassword" element={<ForgotPasswordPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="/login/admin" element={<StaffLayout />}>
        <Route index element={<AdminLoginPage />} />
      </Route>
      <Route
        path="/manage"
        element={
          <RequireRole roles={['reviewer', 'admin']}>
            <StaffLayout />
          </RequireRole>
        }
      >
        <Route index element={<Navigate to="/manage/inbox" replace />} />
        <Route path="inbox" element={<InboxPage />} />
        <Route path="tasks/:id" element={<TaskPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route
        path="/admin"
        element={
          <RequireRole roles={['admin']}>
            <StaffLayout />
          </RequireRole>
        }
      >
        <Route index element={<Navigate to="/admin/calendar" replace />} />
        <Route path="calendar" element={<CalendarPage />} />
        <Route path="userManagement" element={<UserManagementPage />} />
        <Route path="userManagement/:id" element={<UserDetailPage />} />
        <Route path="userManagement/:id/edit" element={<UserEditPage />} />
        <Route path="roles" element={<RolesPage />} />
        <Route path="updatePassword" element={<UpdatePasswordPage />} />
        <Route path="myMsg" element={<SendMessagePage />} />
        <Route path="outbox" element={<OutboxPage />} />
        <Route path="invitationStatistics" element={<InvitationStatsPage />} />
        <Route path="invitedUser/:userId" element={<InvitedUsersPage />} />
        <Route path="ciOrder" element={<AdminOrdersPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="/sorry" element={<SorryPage />} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

export function App({ initialUser }: { initialUser?: SessionProviderProps['initialUser'] }) {
  return (
    <SessionProvider initialUser={initialUser}>
      <LoadingBar />
      <ScrollToTop />
      <LangGuard>
        <AppRoutes />
      </LangGuard>
    </SessionProvider>
  );
}
