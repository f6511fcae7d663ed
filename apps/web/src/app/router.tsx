import { ROLES, SCREENS } from '@bo/domain';
import { lazy, type ComponentType, type ReactElement } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { AuthFrame } from '../features/auth/auth-frame.tsx';
import { DashboardLayout } from '../features/shell/dashboard-layout.tsx';
import { IncomingCallRedirect } from '../features/shell/incoming-call-redirect.tsx';
import { NotFoundPage } from '../features/shell/not-found.tsx';
import { RootRedirect } from '../features/shell/root-redirect.tsx';
import { ScreenNotBuilt } from '../features/shell/screen-not-built.tsx';

const named = <T extends Record<string, ComponentType>>(load: () => Promise<T>, name: keyof T) =>
  lazy(async () => ({ default: (await load())[name] as ComponentType }));

const HomePage = named(() => import('../features/dashboard/home-page.tsx'), 'HomePage');
const EditProfilePage = named(() => import('../features/profile/edit-profile-page.tsx'), 'EditProfilePage');
const OutboxPage = named(() => import('../features/outbox/outbox-page.tsx'), 'OutboxPage');
const AcademyPage = named(() => import('../features/academy/academy-page.tsx'), 'AcademyPage');
const CreateAgentPage = named(() => import('../features/staff/create-agent-page.tsx'), 'CreateAgentPage');
const AccountsPage = named(() => import('../features/accounts/accounts-page.tsx'), 'AccountsPage');
const EditAccountPage = named(() => import('../features/accounts/edit-account-page.tsx'), 'EditAccountPage');
const PieChartPage = named(() => import('../features/stats/pie-chart-page.tsx'), 'PieChartPage');
const TotalStatisticsPage = named(() => import('../features/stats/total-statistics-page.tsx'), 'TotalStatisticsPage');
const LocationsPage = named(() => import('../features/locations/locations-page.tsx'), 'LocationsPage');
const GlobalSettingsPage = named(() => import('../features/settings/global-settings-page.tsx'), 'GlobalSettingsPage');
const ProductsPage = named(() => import('../features/products/products-page.tsx'), 'ProductsPage');
const ProductCreatePage = named(() => import('../features/products/product-create-page.tsx'), 'ProductCreatePage');
const ProductShowPage = named(() => import('../features/products/product-show-page.tsx'), 'ProductShowPage');
const ClientsPage = named(() => import('../features/clients/clients-page.tsx'), 'ClientsPage');
const RecommendationsPage = named(() => import('../features/recommendations/recommendations-page.tsx'), 'RecommendationsPage');
const RecommendationFormPage = named(() => import('../features/recommendations/recommendation-form-page.tsx'), 'RecommendationFormPage');
const ShowUserPage = named(() => import('../features/client-record/show-user-page.tsx'), 'ShowUserPage');
const CreateClientPage = named(() => import('../features/client-record/create-client-page.tsx'), 'CreateClientPage');
const SearchPage = named(() => import('../features/search/search-page.tsx'), 'SearchPage');
const LeadFlowPage = named(() => import('../features/lead-flow/lead-flow-page.tsx'), 'LeadFlowPage');
const PartnerLeadFlowPage = named(() => import('../features/lead-flow/lead-flow-page.tsx'), 'PartnerLeadFlowPage');
const CalendarPage = named(() => import('../features/calendar/calendar-page.tsx'), 'CalendarPage');
const EventsUpcomingPage = named(() => import('../features/events/events-list-page.tsx'), 'EventsUpcomingPage');
const EventsHistoryPage = named(() => import('../features/events/events-list-page.tsx'), 'EventsHistoryPage');
const PresentationsPage = named(() => import('../features/events/presentations-page.tsx'), 'PresentationsPage');
const ViewEventPage = named(() => import('../features/events/view-event-page.tsx'), 'ViewEventPage');
const ReceiptPage = named(() => import('../features/events/receipt-page.tsx'), 'ReceiptPage');
const PerformPresentationPage = named(() => import('../features/perform/perform-presentation-page.tsx'), 'PerformPresentationPage');
const PerformServicePage = named(() => import('../features/perform/perform-service-page.tsx'), 'PerformServicePage');
const UserProductsPage = named(() => import('../features/user-products/user-products-page.tsx'), 'UserProductsPage');
const FinancesPage = named(() => import('../features/finances/finances-page.tsx'), 'FinancesPage');
const WarehousePage = named(() => import('../features/warehouse/warehouse-page.tsx'), 'WarehousePage');
const OmnicasPage = named(() => import('../features/omnicas/omnicas-page.tsx'), 'OmnicasPage');
const ImportPage = named(() => import('../features/import/import-page.tsx'), 'ImportPage');
const AdminPaymentsPage = named(() => import('../features/admin-payments/admin-payments-page.tsx'), 'AdminPaymentsPage');
const TelephonySimulatorPage = named(() => import('../features/telephony/simulator-page.tsx'), 'SimulatorPage');
const LoginPage = named(() => import('../features/auth/login-page.tsx'), 'LoginPage');
const SignupPage = named(() => import('../features/auth/signup-page.tsx'), 'SignupPage');
const RecoveryPage = named(() => import('../features/auth/recovery-page.tsx'), 'RecoveryPage');
const ResetPasswordPage = named(() => import('../features/auth/reset-password-page.tsx'), 'ResetPasswordPage');
const LicencePage = named(() => import('../features/licences/licence-page.tsx'), 'LicencePage');
const LicencesAdminPage = named(() => import('../features/licences/licences-admin-page.tsx'), 'LicencesAdminPage');
const EarningsSourcesPage = named(() => import('../features/licences/earnings-sources-page.tsx'), 'EarningsSourcesPage');
const LocalCheckoutPage = named(() => import('../features/licences/local-checkout-page.tsx'), 'LocalCheckoutPage');
const UnsubscribePage = named(() => import('../features/email-reminders/unsubscribe-page.tsx'), 'UnsubscribePage');
const ReferralPage = named(() => import('../features/referrals/referral-page.tsx'), 'ReferralPage');
const ReferralLandingPage = named(() => import('../features/referrals/referral-page.tsx'), 'ReferralLandingPage');
const PartnerUsersPage = named(() => import('../features/referrals/partner-users-page.tsx'), 'PartnerUsersPage');
const IaReferralsPage = named(() => import('../features/referrals/ia-referrals-page.tsx'), 'IaReferralsPage');

/** Screens that exist; every other screen of the route table shows "not available yet". */
const BUILT: Record<string, () => ReactElement> = {
  home: () => <HomePage />,
  editProfile: () => <EditProfilePage />,
  outbox: () => <OutboxPage />,
  academy: () => <AcademyPage />,
  createAgent: () => <CreateAgentPage />,
  accountsSettings: () => <AccountsPage />,
  editAccount: () => <EditAccountPage />,
  pieChart: () => <PieChartPage />,
  totalStatistics: () => <TotalStatisticsPage />,
  locations: () => <LocationsPage />,
  globalSettings: () => <GlobalSettingsPage />,
  products: () => <ProductsPage />,
  productCreate: () => <ProductCreatePage />,
  productShow: () => <ProductShowPage />,
  clients: () => <ClientsPage />,
  incomingCallClients: () => <IncomingCallRedirect />,
  userRecommendations: () => <RecommendationsPage />,
  userCreateRecommendation: () => <RecommendationFormPage />,
  userEditRecommendation: () => <RecommendationFormPage />,
  userRecommendationsOfClient: () => <RecommendationsPage />,
  addRecommendation: () => <RecommendationFormPage />,
  editRecommendation: () => <RecommendationFormPage />,
  showUser: () => <ShowUserPage />,
  editUser: () => <ShowUserPage />,
  createClient: () => <CreateClientPage />,
  search: () => <SearchPage />,
  leadFlow: () => <LeadFlowPage />,
  partnerLeadFlow: () => <PartnerLeadFlowPage />,
  partnerUsers: () => <PartnerUsersPage />,
  referrals: () => <IaReferralsPage />,
  calendar: () => <CalendarPage />,
  eventsUpcoming: () => <EventsUpcomingPage />,
  eventsHistory: () => <EventsHistoryPage />,
  presentations: () => <PresentationsPage />,
  viewPresentation: () => <ViewEventPage />,
  viewService: () => <ViewEventPage />,
  lastPresentation: () => <ViewEventPage />,
  receipt: () => <ReceiptPage />,
  performPresentation: () => <PerformPresentationPage />,
  performService: () => <PerformServicePage />,
  userProducts: () => <UserProductsPage />,
  warehouse: () => <WarehousePage />,
  omnicas: () => <OmnicasPage />,
  adminPayments: () => <AdminPaymentsPage />,
  license: () => <LicencePage />,
  licences: () => <LicencesAdminPage />,
  earningsSources: () => <EarningsSourcesPage />,
  import: () => <ImportPage />,
  finances: () => <FinancesPage />,
  telephony: () => <TelephonySimulatorPage />,
};

function dashboardRoutes(): RouteObject[] {
  return ROLES.map((role) => ({
    path: `/${role.prefix}-dashboard`,
    element: <DashboardLayout />,
    children: SCREENS.filter((s) => s.roles.includes(role.abbr)).map((screen) => {
      const element = BUILT[screen.id]?.() ?? <ScreenNotBuilt screenId={screen.id} />;
      return screen.path === '' ? { index: true, element } : { path: screen.path.replace(':abbr', role.abbr), element };
    }),
  }));
}

export const router = createBrowserRouter([
  { path: '/', element: <RootRedirect /> },
  {
    element: <AuthFrame />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/signup', element: <SignupPage /> },
      { path: '/recovery', element: <RecoveryPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      // The unsubscribe link of the reminder mails: public, its button posts the token.
      { path: '/unsubscribe/:token', element: <UnsubscribePage /> },
      // The public referral pages a referral link (`/r/{code}`) leads to.
      { path: '/referral', element: <ReferralLandingPage /> },
      { path: '/referral/:code', element: <ReferralPage /> },
      // The local payment provider's checkout page, standing in for a card provider's hosted page.
      { path: '/checkout/local/:session', element: <LocalCheckoutPage /> },
    ],
  },
  ...dashboardRoutes(),
  // Any other address inside a dashboard lands on the layout, which sends the user home.
  ...ROLES.map((role) => ({ path: `/${role.prefix}-dashboard/*`, element: <DashboardLayout /> })),
  { path: '*', element: <NotFoundPage /> },
]);
