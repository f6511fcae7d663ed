import { Box, Chip, Tab, Tabs, Tooltip, Typography } from '@mui/material';
import { can } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';
import { StockTable } from './stock-table.tsx';
import { ToDeliverTable } from './to-deliver-table.tsx';
import { useWarehouse } from './api.ts';

type WarehouseTab = 'deliver' | 'stock';

/** The warehouse: what must be delivered (first tab) and the stock per product (`?tab=stock`). */
export function WarehousePage() {
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <Warehouse canManage={can(user.role.code, 'warehouse.manage')} />;
}

function Warehouse({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: WarehouseTab = params.get('tab') === 'stock' ? 'stock' : 'deliver';
  // The stock tab shows how many products lack units for the orders waiting.
  const first = useWarehouse({ limit: 1, offset: 0 });
  const short = first.data?.stock.filter((s) => s.to_deliver > s.quantity).length ?? 0;
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.warehouse')}
      </Typography>
      <Tabs
        value={tab}
        onChange={(_e, value: WarehouseTab) => setParams(value === 'deliver' ? {} : { tab: value })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="deliver"
          label={first.data ? t('warehouse:tabs.deliverCount', { n: first.data.to_deliver.total }) : t('warehouse:tabs.deliver')}
          data-testid="warehouse-tab-deliver"
        />
        <Tab
          value="stock"
          label={
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              {t('warehouse:tabs.stock')}
              {short > 0 && (
                <Tooltip title={t('warehouse:tabs.short', { n: short })}>
                  <Chip size="small" color="error" label={short} />
                </Tooltip>
              )}
            </Box>
          }
          data-testid="warehouse-tab-stock"
        />
      </Tabs>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(tab === 'deliver' ? 'warehouse:deliverIntro' : 'warehouse:stockIntro')}
      </Typography>
      {tab === 'deliver' ? <ToDeliverTable canManage={canManage} /> : <StockTable canManage={canManage} />}
    </Box>
  );
}
