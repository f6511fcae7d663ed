import { Box, Paper, Tab, Tabs, Typography } from '@mui/material';
import { can, isOneOf, type RoleCode } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { CommissionRatesSection } from './commission-rates.tsx';
import { CommissionsTab } from './commissions-tab.tsx';
import { FinancesStatisticsTab } from './finances-statistics-tab.tsx';
import { OrdersTab } from './orders-tab.tsx';
import { ReceiptsTab } from './receipts-tab.tsx';

/** Spec 2 "Finances tabs: statistics (default), orders, commissions, downlines, receipts." */
const TABS = ['statistics', 'orders', 'commissions', 'downlines', 'receipts'] as const;
type FinancesTab = (typeof TABS)[number];

/** Admins manage every order, commission and receipt; an independent agent reads their own. */
export function FinancesPage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <Finances role={user.role.code} />;
}

function Finances({ role }: { role: RoleCode }) {
  const { t } = useTranslation(['common', 'finances']);
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: FinancesTab = isOneOf<FinancesTab>(TABS, requested) ? requested : 'statistics';
  const manage = can(role, 'finances.manage');
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.finances')}
      </Typography>
      <Paper sx={{ mb: 2 }}>
        <Tabs
          value={tab}
          onChange={(_e, next: FinancesTab) => setParams(next === 'statistics' ? {} : { tab: next }, { replace: true })}
          variant="scrollable"
          sx={{ px: 1 }}
        >
          {TABS.map((value) => (
            <Tab key={value} value={value} label={t(`finances:tabs.${value}`)} data-testid={`finances-tab-${value}`} />
          ))}
        </Tabs>
      </Paper>
      {tab === 'statistics' && <FinancesStatisticsTab />}
      {tab === 'orders' && <OrdersTab manage={manage} />}
      {tab === 'commissions' && (
        <>
          <CommissionsTab kind="commissions" manage={manage} />
          {manage && <CommissionRatesSection />}
        </>
      )}
      {tab === 'downlines' && <CommissionsTab kind="downlines" manage={manage} />}
      {tab === 'receipts' && <ReceiptsTab manage={manage} />}
    </Box>
  );
}
