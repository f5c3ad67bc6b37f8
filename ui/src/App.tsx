import { lazy, Suspense, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { SessionProvider, type SessionProviderProps } from './session/SessionContext';
import { LangGuard } from './components/LangGuard';
import { LoadingBar, PageLoading, ScrollToTop } from './components/LoadingBar';
import { SiteLayout, StaffLayout } from './components/Layouts';
import { RequireIdentity, RequireLogin, RequireRole } from './components/Guards';
import { HomePage } from './pages/HomePage';
// In the first chunk: a user-centre page then loads its own chunk alone, not the layout's and then its own.
import { UserCenterLayout } from './features/usercenter/UserCenter';
import { NotFoundPage, SorryPage } from './pages/NotFoundPage';
import { useLang } from './lib/useLang';
import { SITE_PAGES as SITE, USER_CENTER_NOT_OPEN, USER_CENTER_PAGES as UC } from '../../domain/sitePages';

/**
 * Every page but the home page is its own chunk, fetched when first opened (the loading bar runs
 * meanwhile), so a first visit loads only the home page. Paths come from domain/sitePages, which the
 * server also reads to answer 404 for anything else.
 */
function page<M, K extends keyof M>(load: () => Promise<M>, name: K) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return lazy(async () => ({ default: (await load())[name] as ComponentType<any> }));
}

// The user centre's first page: the user's information, avatar and profile form.
const UserInfoPage = page(() => import('./features/profile/ProfilePage'), 'ProfilePage');
const NotOpenPage = page(() => import('./pages/NotOpenPage'), 'NotOpenPage');
const MobileHomePage = page(() => import('./pages/MobileHomePage'), 'MobileHomePage');
const InvitationPage = page(() => import('./features/invitations/InvitationPage'), 'InvitationPage');
const InvitationStatsPage = page(() => import('./features/invitations/InvitationStatsPage'), 'InvitationStatsPage');
const InvitedUsersPage = page(() => import('./features/invitations/InvitedUsersPage'), 'InvitedUsersPage');
const MessagesPage = page(() => import('./features/messages/MessagesPage'), 'MessagesPage');
const MessageDetailPage = page(() => import('./features/messages/MessageDetailPage'), 'MessageDetailPage');
const AdminHomePage = page(() => import('./features/admin/AdminHomePage'), 'AdminHomePage');
const UserManagementPage = page(() => import('./features/admin/UserManagementPage'), 'UserManagementPage');
const UserDetailPage = page(() => import('./features/admin/UserDetailPage'), 'UserDetailPage');
const UserEditPage = page(() => import('./features/admin/UserEditPage'), 'UserEditPage');
const RolesPage = page(() => import('./features/admin/RolesPage'), 'RolesPage');
const UpdatePasswordPage = page(() => import('./features/admin/UpdatePasswordPage'), 'UpdatePasswordPage');
const SendMessagePage = page(() => import('./features/admin/SendMessagePage'), 'SendMessagePage');
const CasePage = page(() => import('./features/usercenter/CasePage'), 'CasePage');
const SecurityPage = page(() => import('./features/security/SecurityPage'), 'SecurityPage');
const BindContactPage = page(() => import('./features/security/BindContactPage'), 'BindContactPage');
const PasswordPage = page(() => import('./features/security/PasswordPage'), 'PasswordPage');
const SessionsPage = page(() => import('./features/security/SessionsPage'), 'SessionsPage');
const CancellationPage = page(() => import('./features/security/CancellationPage'), 'CancellationPage');
const IdentityPage = page(() => import('./features/identityReview/IdentityPage'), 'IdentityPage');
const CertificatesPage = page(() => import('./features/ipciLifecycle/CertificatesPage'), 'CertificatesPage');
const AdminLoginPage = page(() => import('./features/staff/AdminLoginPage'), 'AdminLoginPage');
const InboxPage = page(() => import('./features/staff/InboxPage'), 'InboxPage');
const TaskPage = page(() => import('./features/staff/TaskPage'), 'TaskPage');
const CalendarPage = page(() => import('./features/staff/CalendarPage'), 'CalendarPage');
const RegisterPage = page(() => import('./features/account/RegisterPage'), 'RegisterPage');
const AgreementPage = page(() => import('./features/account/AgreementPage'), 'AgreementPage');
const LoginPage = page(() => import('./features/account/LoginPage'), 'LoginPage');
const ForgotPasswordPage = page(() => import('./features/account/ForgotPasswordPage'), 'ForgotPasswordPage');
const OutboxPage = page(() => import('./features/account/OutboxPage'), 'OutboxPage');
const TitleWizardPage = page(() => import('./features/titleAudit/TitleWizard'), 'TitleWizardPage');
const TitleListPage = page(() => import('./features/titleAudit/TitleListPage'), 'TitleListPage');
const TitleDetailPage = page(() => import('./features/titleAudit/TitleDetailPage'), 'TitleDetailPage');
const IntroducePage = page(() => import('./features/titleAudit/IntroducePage'), 'IntroducePage');
const CertificateSearchPage = page(() => import('./features/certificates/CertificateSearchPage'), 'CertificateSearchPage');
const CertificateVerifyPage = page(() => import('./features/certificates/CertificateVerifyPage'), 'CertificateVerifyPage');
const CataloguePage = page(() => import('./features/catalogue/CataloguePage'), 'CataloguePage');
const CatalogueDetailPage = page(() => import('./features/catalogue/CatalogueDetailPage'), 'CatalogueDetailPage');
const BillsPage = page(() => import('./features/orderPayment/BillsPage'), 'BillsPage');
const OrderDetailPage = page(() => import('./features/orderPayment/OrderDetailPage'), 'OrderDetailPage');
const PayPage = page(() => import('./features/orderPayment/PayPage'), 'PayPage');
const PaySuccessPage = page(() => import('./features/orderPayment/PaySuccessPage'), 'PaySuccessPage');
const AdminOrdersPage = page(() => import('./features/orderPayment/AdminOrdersPage'), 'AdminOrdersPage');
const TradeApplyPage = page(() => import('./features/trade/TradeApplyPage'), 'TradeApplyPage');
const TradeIntroPage = page(() => import('./features/trade/TradeIntroPage'), 'TradeIntroPage');
const TradeListPage = page(() => import('./features/trade/TradeListPage'), 'TradeListPage');
const TradeDetailPage = page(() => import('./features/trade/TradeDetailPage'), 'TradeDetailPage');
const AdminTradesPage = page(() => import('./features/trade/AdminTradesPage'), 'AdminTradesPage');
const AdminTradeDetailPage = page(() => import('./features/trade/AdminTradeDetailPage'), 'AdminTradeDetailPage');
const IpAuthOrdersPage = page(() => import('./features/trade/IpAuthOrderPages'), 'IpAuthOrdersPage');
const IpAuthOrderDetailPage = page(() => import('./features/trade/IpAuthOrderPages'), 'IpAuthOrderDetailPage');
const ObjectionFormPage = page(() => import('./features/objection/ObjectionFormPage'), 'ObjectionFormPage');
const ObjectionListPage = page(() => import('./features/objection/ObjectionListPage'), 'ObjectionListPage');
const ObjectionDetailPage = page(() => import('./features/objection/ObjectionDetailPage'), 'ObjectionDetailPage');
const ObjectionAnswerPage = page(() => import('./features/objection/ObjectionAnswerPage'), 'ObjectionAnswerPage');
const AdminObjectionsPage = page(() => import('./features/objection/AdminObjectionPages'), 'AdminObjectionsPage');
const AdminObjectionDetailPage = page(() => import('./features/objection/AdminObjectionPages'), 'AdminObjectionDetailPage');
const IpInformationPage = page(() => import('./features/objection/IpInformationPages'), 'IpInformationPage');
const IpInformationDetailPage = page(() => import('./features/objection/IpInformationPages'), 'IpInformationDetailPage');
const TradeRecordListPage = page(() => import('./features/records/TradeRecordPages'), 'TradeRecordListPage');
const AddTradeRecordPage = page(() => import('./features/records/TradeRecordPages'), 'AddTradeRecordPage');
const TradeRecordDetailPage = page(() => import('./features/records/TradeRecordPages'), 'TradeRecordDetailPage');
const TransactionRecordsPage = page(() => import('./features/records/AdminRecordPages'), 'TransactionRecordsPage');
const TransactionRecordAddPage = page(() => import('./features/records/AdminRecordPages'), 'TransactionRecordAddPage');
const TransactionRecordDetailPage = page(() => import('./features/records/AdminRecordPages'), 'TransactionRecordDetailPage');
const TransactionRecordEditPage = page(() => import('./features/records/AdminRecordPages'), 'TransactionRecordEditPage');
const EvaluationRecordsPage = page(() => import('./features/records/EvaluationPages'), 'EvaluationRecordsPage');
const EvaluationRecordDetailPage = page(() => import('./features/records/EvaluationPages'), 'EvaluationRecordDetailPage');
const DictionaryEditorPage = page(() => import('./features/records/DictionaryEditorPage'), 'DictionaryEditorPage');
const LawFirmDirectoryPage = page(() => import('./features/lawFirms/DirectoryPages'), 'LawFirmDirectoryPage');
const LawFirmDetailPage = page(() => import('./features/lawFirms/DirectoryPages'), 'LawFirmDetailPage');
const LawFirmApplyPage = page(() => import('./features/lawFirms/LawFirmApplyPage'), 'LawFirmApplyPage');
const LawFirmListingPage = page(() => import('./features/lawFirms/LawFirmListingPage'), 'LawFirmListingPage');
const GalleryPage = page(() => import('./features/gallery/GalleryPage'), 'GalleryPage');
const WatermarkImagePage = page(() => import('./features/watermark/WatermarkImagePage'), 'WatermarkImagePage');
const WatermarkDetectPage = page(() => import('./features/watermarkCheck/WatermarkDetectPage'), 'WatermarkDetectPage');
const MonitoringOrderPage = page(() => import('./features/monitoring/MonitoringOrderPage'), 'MonitoringOrderPage');
const SubscriptionListPage = page(() => import('./features/monitoring/SubscriptionListPage'), 'SubscriptionListPage');
const SubscriptionDetailPage = page(() => import('./features/monitoring/SubscriptionDetailPage'), 'SubscriptionDetailPage');
const SuspectListPage = page(() => import('./features/monitoring/SuspectPages'), 'SuspectListPage');
const SuspectDetailPage = page(() => import('./features/monitoring/SuspectPages'), 'SuspectDetailPage');
const SuspectReportPage = page(() => import('./features/monitoring/SuspectReportPage'), 'SuspectReportPage');
const AdminLawFirmsPage = page(() => import('./features/lawFirms/AdminLawFirmPages'), 'AdminLawFirmsPage');
const AdminLawFirmAuditPage = page(() => import('./features/lawFirms/AdminLawFirmPages'), 'AdminLawFirmAuditPage');
const AdminLawFirmDetailPage = page(() => import('./features/lawFirms/AdminLawFirmPages'), 'AdminLawFirmDetailPage');
const AdminLawFirmEditPage = page(() => import('./features/lawFirms/AdminLawFirmPages'), 'AdminLawFirmEditPage');
const AdminLawFirmRecheckPage = page(() => import('./features/lawFirms/AdminLawFirmPages'), 'AdminLawFirmRecheckPage');
const AntifakePage = page(() => import('./features/manufacturers/DirectoryPages'), 'AntifakePage');
const ManufacturerDetailPage = page(() => import('./features/manufacturers/DirectoryPages'), 'ManufacturerDetailPage');
const ManufacturerApplyPage = page(() => import('./features/manufacturers/ManufacturerApplyPage'), 'ManufacturerApplyPage');
const ManufacturerListingPage = page(() => import('./features/manufacturers/ManufacturerListingPage'), 'ManufacturerListingPage');
const AdminManufacturersPage = page(() => import('./features/manufacturers/AdminManufacturerPages'), 'AdminManufacturersPage');
const AdminManufacturerAuditPage = page(() => import('./features/manufacturers/AdminManufacturerPages'), 'AdminManufacturerAuditPage');
const AdminManufacturerDetailPage = page(() => import('./features/manufacturers/AdminManufacturerPages'), 'AdminManufacturerDetailPage');
const AdminManufacturerEditPage = page(() => import('./features/manufacturers/AdminManufacturerPages'), 'AdminManufacturerEditPage');
const AdminManufacturerRecheckPage = page(() => import('./features/manufacturers/AdminManufacturerPages'), 'AdminManufacturerRecheckPage');
const CapacityPayPage = page(() => import('./features/capacity/CapacityPayPage'), 'CapacityPayPage');
const OpenSuccessPage = page(() => import('./features/capacity/OpenSuccessPage'), 'OpenSuccessPage');
const CapacityPage = page(() => import('./features/capacity/CapacityPage'), 'CapacityPage');
const CapacityDetailPage = page(() => import('./features/capacity/CapacityDetailPage'), 'CapacityDetailPage');
const AdminPackagesPage = page(() => import('./features/capacity/AdminPackagePages'), 'AdminPackagesPage');
const AdminPackageAddPage = page(() => import('./features/capacity/AdminPackagePages'), 'AdminPackageAddPage');
const AdminPackageEditPage = page(() => import('./features/capacity/AdminPackagePages'), 'AdminPackageEditPage');
const AntiOrdersPage = page(() => import('./features/antiAdmin/AntiOrderPages'), 'AntiOrdersPage');
const AntiOrderDetailPage = page(() => import('./features/antiAdmin/AntiOrderPages'), 'AntiOrderDetailPage');
// Its own chunk: the only page that loads the chart library.
const AntiStatisticsPage = page(() => import('./features/antiAdmin/AntiStatisticsPage'), 'AntiStatisticsPage');
const WatermarkItemsPage = page(() => import('./features/antiAdmin/WatermarkPages'), 'WatermarkItemsPage');
const WatermarkChecksPage = page(() => import('./features/antiAdmin/WatermarkPages'), 'WatermarkChecksPage');
const ProtectCentrePage = page(() => import('./features/protection/ProtectCentrePage'), 'ProtectCentrePage');
const ProtectProcessPage = page(() => import('./features/protection/ProtectProcessPage'), 'ProtectProcessPage');
const ProtectionListPage = page(() => import('./features/protection/UserProtectionPages'), 'ProtectionListPage');
const ProtectionDetailPage = page(() => import('./features/protection/UserProtectionPages'), 'ProtectionDetailPage');
const ProtectionSupplementPage = page(() => import('./features/protection/UserProtectionPages'), 'ProtectionSupplementPage');
const AdminProtectionPage = page(() => import('./features/protection/AdminProtectionPages'), 'AdminProtectionPage');
const AdminProtectionAuditPage = page(() => import('./features/protection/AdminProtectionPages'), 'AdminProtectionAuditPage');
const PublicityListPage = page(() => import('./features/publicity/PublicityPages'), 'PublicityListPage');
const AdminPublicityListPage = page(() => import('./features/publicity/AdminPublicityPages'), 'AdminPublicityListPage');
const AdminPublicityAddPage = page(() => import('./features/publicity/AdminPublicityPages'), 'AdminPublicityAddPage');
const AdminPublicityDetailPage = page(() => import('./features/publicity/AdminPublicityPages'), 'AdminPublicityDetailPage');
const AdminPublicityEditPage = page(() => import('./features/publicity/AdminPublicityPages'), 'AdminPublicityEditPage');
const TortListPage = page(() => import('./features/monitoringAdmin/TortPages'), 'TortListPage');
const TortAuditPage = page(() => import('./features/monitoringAdmin/TortPages'), 'TortAuditPage');
const CrawlSitesPage = page(() => import('./features/monitoringAdmin/CrawlPages'), 'CrawlSitesPage');
const CrawlSiteAddPage = page(() => import('./features/monitoringAdmin/CrawlPages'), 'CrawlSiteAddPage');
const CrawlSiteEditPage = page(() => import('./features/monitoringAdmin/CrawlPages'), 'CrawlSiteEditPage');
const CrawlFetchesPage = page(() => import('./features/monitoringAdmin/CrawlPages'), 'CrawlFetchesPage');
const CrawlRunsPage = page(() => import('./features/monitoringAdmin/CrawlPages'), 'CrawlRunsPage');
const MonitoringSubscriptionsPage = page(() => import('./features/monitoringAdmin/SubscriptionsPage'), 'MonitoringSubscriptionsPage');
const MonitoringOrdersPage = page(() => import('./features/monitoringAdmin/SubscriptionsPage'), 'MonitoringOrdersPage');

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
          path={SITE.userCenter}
          element={
            <RequireLogin>
              <UserCenterLayout />
            </RequireLogin>
          }
        >
          <Route index element={<UserInfoPage />} />
          <Route path={UC.identity} element={<IdentityPage />} />
          <Route path={UC.certificates} element={<CertificatesPage />} />
          <Route path={UC.messages} element={<MessagesPage />} />
          <Route path={UC.messageDetail} element={<MessageDetailPage />} />
          <Route path={UC.messagesOld} element={<Navigate to="../msg" relative="path" replace />} />
          <Route path={UC.casePage} element={<CasePage />} />
          <Route path={UC.invitation} element={<InvitationPage />} />
          <Route path={UC.titles} element={<TitleListPage />} />
          <Route path={UC.titleNew} element={<RequireIdentity><TitleWizardPage /></RequireIdentity>} />
          <Route path={UC.titleDraft} element={<RequireIdentity><TitleWizardPage /></RequireIdentity>} />
          <Route path={UC.titleDetail} element={<TitleDetailPage />} />
          <Route path={UC.bills} element={<BillsPage />} />
          <Route path={UC.orderDetail} element={<OrderDetailPage />} />
          <Route path={UC.pay} element={<PayPage />} />
          <Route path={UC.paySuccess} element={<PaySuccessPage />} />
          <Route path={UC.trade} element={<TradeListPage />} />
          <Route path={UC.tradeDetail} element={<TradeDetailPage />} />
          <Route path={UC.tradeRecords} element={<TradeRecordListPage />} />
          <Route path={UC.tradeRecordNew} element={<AddTradeRecordPage />} />
          <Route path={UC.tradeRecordDetail} element={<TradeRecordDetailPage />} />
          {Object.entries(USER_CENTER_NOT_OPEN).map(([area, path]) => (
            <Route key={path} path={path} element={<NotOpenPage area={area} />} />
          ))}
          <Route path={UC.objections} element={<ObjectionListPage />} />
          <Route path={UC.objectionDetail} element={<ObjectionDetailPage />} />
          <Route path={UC.objectionAnswer} element={<ObjectionAnswerPage />} />
          <Route path={UC.lawFirmListing} element={<LawFirmListingPage />} />
          <Route path={UC.gallery} element={<GalleryPage />} />
          <Route path={UC.watermarkImage} element={<WatermarkImagePage />} />
          <Route path={UC.watermarkDetect} element={<WatermarkDetectPage />} />
          <Route path={UC.monitoring} element={<SubscriptionListPage />} />
          <Route path={UC.monitoringDetail} element={<SubscriptionDetailPage />} />
          <Route path={UC.suspects} element={<SuspectListPage />} />
          <Route path={UC.suspectDetail} element={<SuspectDetailPage />} />
          <Route path={UC.suspectReport} element={<SuspectReportPage />} />
          <Route path={UC.manufacturerListing} element={<ManufacturerListingPage />} />
          <Route path={UC.capacity} element={<CapacityPage />} />
          <Route path={UC.capacityDetail} element={<CapacityDetailPage />} />
          <Route path={UC.protection} element={<ProtectionListPage />} />
          <Route path={UC.protectionDetail} element={<ProtectionDetailPage />} />
          <Route path={UC.protectionUpdate} element={<ProtectionSupplementPage />} />
          <Route path={UC.security} element={<SecurityPage />} />
          <Route path={UC.bindPhone} element={<BindContactPage field="phone" />} />
          <Route path={UC.bindEmail} element={<BindContactPage field="email" />} />
          <Route path={UC.password} element={<PasswordPage />} />
          <Route path={UC.sessions} element={<SessionsPage />} />
          <Route path={UC.cancellation} element={<CancellationPage />} />
        </Route>
        <Route path={SITE.register} element={<RegisterPage />} />
        <Route path={SITE.agreement} element={<AgreementPage page="agreement" />} />
        <Route path={SITE.disclaimer} element={<AgreementPage page="disclaimer" />} />
        <Route path={SITE.privacy} element={<AgreementPage page="privacy" />} />
        <Route path={SITE.childRule} element={<AgreementPage page="childRule" />} />
        <Route path={SITE.introduce} element={<IntroducePage />} />
        <Route path={SITE.certificateSearch} element={<CertificateSearchPage />} />
        <Route path={SITE.certificateVerify} element={<CertificateVerifyPage />} />
        <Route path={SITE.ipSearch} element={<CataloguePage />} />
        <Route path={SITE.ipDetail} element={<CatalogueDetailPage />} />
        <Route path={SITE.login} element={<LoginPage />} />
        <Route path={SITE.forgotPassword} element={<ForgotPasswordPage />} />
        <Route path={SITE.tradeIntro} element={<TradeIntroPage />} />
        <Route path={SITE.lawFirms} element={<LawFirmDirectoryPage />} />
        <Route path={SITE.lawFirmDetail} element={<LawFirmDetailPage />} />
        <Route
          path={SITE.lawFirmApply}
          element={
            <RequireLogin>
              <LawFirmApplyPage />
            </RequireLogin>
          }
        />
        <Route path={SITE.antifake} element={<AntifakePage />} />
        <Route path={SITE.antifakeManufacturer} element={<ManufacturerDetailPage />} />
        <Route
          path={SITE.antifakeApply}
          element={
            <RequireLogin>
              <ManufacturerApplyPage />
            </RequireLogin>
          }
        />
        <Route path={SITE.protect} element={<ProtectCentrePage />} />
        <Route path={SITE.capacityPay} element={<CapacityPayPage />} />
        <Route path={SITE.monitoring} element={<MonitoringOrderPage />} />
        <Route
          path={SITE.openSuccess}
          element={
            <RequireLogin>
              <OpenSuccessPage />
            </RequireLogin>
          }
        />
        <Route path={SITE.protectProcess} element={<ProtectProcessPage />} />
        <Route path={SITE.protectPublicity} element={<PublicityListPage />} />
        <Route
          path={SITE.objectionForm}
          element={
            <RequireLogin>
              <RequireIdentity>
                <ObjectionFormPage />
              </RequireIdentity>
            </RequireLogin>
          }
        />
        {(
          [
            [SITE.tradeSelfService, 'selfService'],
            [SITE.tradeEntrusted, 'entrusted'],
            [SITE.tradeContactSeller, 'contactSeller'],
          ] as const
        ).map(([path, mode]) => (
          <Route
            key={path}
            path={path}
            element={
              <RequireLogin>
                <RequireIdentity>
                  <TradeApplyPage mode={mode} />
                </RequireIdentity>
              </RequireLogin>
            }
          />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      <Route path="/:lang/ipcimobile" element={<SiteLayout />}>
        <Route index element={<MobileHomePage />} />
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
        <Route index element={<AdminHomePage />} />
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
        <Route path="selfWork" element={<AdminTradesPage />} />
        <Route path="selfWork/:id" element={<AdminTradeDetailPage />} />
        <Route path="ipAuthOrder" element={<IpAuthOrdersPage />} />
        <Route path="ipAuthOrder/:id" element={<IpAuthOrderDetailPage />} />
        <Route path="manualWork" element={<AdminTradesPage mode="entrusted" base="/admin/manualWork" />} />
        <Route path="manualWork/:id" element={<AdminTradeDetailPage base="/admin/manualWork" />} />
        <Route path="transactionRecord" element={<TransactionRecordsPage />} />
        <Route path="transactionRecord/add" element={<TransactionRecordAddPage />} />
        <Route path="transactionRecord/:id" element={<TransactionRecordDetailPage />} />
        <Route path="transactionRecord/:id/edit" element={<TransactionRecordEditPage />} />
        <Route path="evaluationRecords" element={<EvaluationRecordsPage />} />
        <Route path="evaluationRecords/:id" element={<EvaluationRecordDetailPage />} />
        <Route path="ipCategory" element={<DictionaryEditorPage type="ipCategory" />} />
        <Route path="rightScope" element={<DictionaryEditorPage type="rightScope" />} />
        <Route path="ipInformation" element={<IpInformationPage />} />
        <Route path="ipInformation/:id" element={<IpInformationDetailPage />} />
        <Route path="objection" element={<AdminObjectionsPage />} />
        <Route path="objection/:id" element={<AdminObjectionDetailPage />} />
        <Route path="lawFirm" element={<AdminLawFirmsPage />} />
        <Route path="lawFirm/audit/:id" element={<AdminLawFirmAuditPage />} />
        <Route path="lawFirm/detail/:id" element={<AdminLawFirmDetailPage />} />
        <Route path="lawFirm/edit/:id" element={<AdminLawFirmEditPage />} />
        <Route path="lawFirm/recheck/:id" element={<AdminLawFirmRecheckPage />} />
        <Route path="manufacturer" element={<AdminManufacturersPage />} />
        <Route path="manufacturer/audit/:id" element={<AdminManufacturerAuditPage />} />
        <Route path="manufacturer/detail/:id" element={<AdminManufacturerDetailPage />} />
        <Route path="manufacturer/edit/:id" element={<AdminManufacturerEditPage />} />
        <Route path="manufacturer/recheck/:id" element={<AdminManufacturerRecheckPage />} />
        <Route path="rightProtect" element={<AdminProtectionPage />} />
        <Route path="rightProtect/audit/:id" element={<AdminProtectionAuditPage />} />
        <Route path="rightPublic" element={<AdminPublicityListPage />} />
        <Route path="rightPublic/add" element={<AdminPublicityAddPage />} />
        <Route path="rightPublic/detail/:id" element={<AdminPublicityDetailPage />} />
        <Route path="rightPublic/edit/:id" element={<AdminPublicityEditPage />} />
        <Route path="package" element={<AdminPackagesPage />} />
        <Route path="package/add" element={<AdminPackageAddPage />} />
        <Route path="package/edit/:id" element={<AdminPackageEditPage />} />
        <Route path="antifakeOrder" element={<AntiOrdersPage />} />
        <Route path="antifakeOrder/:id" element={<AntiOrderDetailPage />} />
        <Route path="antiStatistics" element={<AntiStatisticsPage />} />
        <Route path="imageWatermark" element={<WatermarkItemsPage key="image" media="image" />} />
        <Route path="videoWatermark" element={<WatermarkItemsPage key="video" media="video" />} />
        <Route path="imageDetection" element={<WatermarkChecksPage key="image" media="image" />} />
        <Route path="videoDetection" element={<WatermarkChecksPage key="video" media="video" />} />
        <Route path="detectedWatermark" element={<WatermarkChecksPage key="detected" />} />
        <Route path="tort" element={<TortListPage />} />
        <Route path="tort/audit/:id" element={<TortAuditPage />} />
        <Route path="crawlSite" element={<CrawlSitesPage />} />
        <Route path="crawlSite/add" element={<CrawlSiteAddPage />} />
        <Route path="crawlSite/edit/:id" element={<CrawlSiteEditPage />} />
        <Route path="crawlSite/:id/fetches" element={<CrawlFetchesPage />} />
        <Route path="crawlRun" element={<CrawlRunsPage />} />
        <Route path="monitoringSubscription" element={<MonitoringSubscriptionsPage />} />
        <Route path="monitoringOrder" element={<MonitoringOrdersPage />} />
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
        <Suspense fallback={<PageLoading />}>
          <AppRoutes />
        </Suspense>
      </LangGuard>
    </SessionProvider>
  );
}
