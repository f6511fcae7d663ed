import Add from '@mui/icons-material/Add';
import { Box, Button, Tab, Tabs, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { CategoriesTab } from './categories-tab.tsx';
import { ProductsList } from './products-list.tsx';

const TABS = ['products', 'categories'] as const;

/** /admin-dashboard/products: tabs, products first (spec 2), categories second. */
export function ProductsPage() {
  const { t } = useTranslation(['products', 'common']);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'categories' ? 'categories' : 'products';
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {t('products:title')}
        </Typography>
        <Button component={Link} to="create" variant="contained" startIcon={<Add />} data-testid="new-product">
          {t('products:new')}
        </Button>
      </Box>
      <Tabs
        value={tab}
        onChange={(_e, value: (typeof TABS)[number]) => setParams(value === 'products' ? {} : { tab: value })}
        sx={{ mb: 2, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((value) => (
          <Tab key={value} value={value} label={t(`products:tabs.${value}`)} data-testid={`tab-${value}`} />
        ))}
      </Tabs>
      {tab === 'products' ? <ProductsList /> : <CategoriesTab />}
    </Box>
  );
}
