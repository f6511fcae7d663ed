import CheckCircle from '@mui/icons-material/CheckCircleOutlineOutlined';
import LocalShipping from '@mui/icons-material/LocalShippingOutlined';
import { Alert, Box, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { formatDate, formatMoney, type userProductDto } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { Facts } from '../events/detail-bits.tsx';
import { useUserProducts } from './api.ts';

type UserProduct = z.infer<typeof userProductDto>;

function ProductCard({ item }: { item: UserProduct }) {
  const { t } = useTranslation(['events']);
  return (
    <Paper sx={{ p: 2, display: 'grid', gap: 1.25, alignContent: 'start' }} data-testid="user-product" data-product-id={item.product.id}>
      {item.image_url && (
        <Box
          component="img"
          src={item.image_url}
          alt={item.product.name}
          loading="lazy"
          data-testid="user-product-image"
          sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'contain', borderRadius: 1, bgcolor: 'action.hover' }}
        />
      )}
      <Typography variant="h6" component="h2" sx={{ overflowWrap: 'break-word', hyphens: 'auto' }} data-testid="user-product-name">
        {item.product.name}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="body2" color="text.secondary">
          {t(`events:productTypes.${item.product.type}`, { defaultValue: item.product.type })}
        </Typography>
        <Chip
          size="small"
          icon={item.delivered ? <CheckCircle /> : <LocalShipping />}
          color={item.delivered ? 'success' : 'default'}
          label={t(item.delivered ? 'events:userProducts.delivered' : 'events:userProducts.notDelivered')}
          data-testid="user-product-delivered"
          data-delivered={String(item.delivered)}
        />
      </Box>
      <Facts
        rows={[
          [t('events:lines.quantity'), String(item.quantity), 'user-product-quantity'],
          [t('events:lines.price'), item.status === 'gift' ? t('events:lineStatuses.gift') : formatMoney(item.price), 'user-product-price'],
          [t('events:lines.guarantee'), item.years_of_guarantee === null ? '–' : String(item.years_of_guarantee), 'user-product-guarantee'],
          [t('events:userProducts.boughtAt'), formatDate(item.bought_at), 'user-product-bought-at'],
        ]}
      />
    </Paper>
  );
}

/** Spec 2 /user-dashboard/user-products: the signed-in client's bought products. */
export function UserProductsPage() {
  const { t } = useTranslation(['events']);
  const { t: tc } = useTranslation();
  const { data: user } = useCurrentUser();
  const products = useUserProducts(user?.id);

  const body = () => {
    if (products.error) {
      return <Alert severity="error">{errorMessage(products.error, tc)}</Alert>;
    }
    if (!products.data) {
      return <CircularProgress aria-label={t('events:loading')} />;
    }
    if (products.data.length === 0) {
      return (
        <Paper sx={{ p: 3, maxWidth: 640 }} data-testid="user-products-empty">
          <Typography>{t('events:userProducts.empty')}</Typography>
        </Paper>
      );
    }
    return (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 300px), 1fr))' }}
        data-testid="user-products"
      >
        {products.data.map((item) => (
          <ProductCard key={item.id} item={item} />
        ))}
      </Box>
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200 }}>
      <Box>
        <Typography variant="h4" component="h1" gutterBottom>
          {tc('screens.userProducts')}
        </Typography>
        <Typography color="text.secondary">{t('events:userProducts.intro')}</Typography>
      </Box>
      {body()}
    </Box>
  );
}
