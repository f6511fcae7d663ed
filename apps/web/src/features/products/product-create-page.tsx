import ArrowBack from '@mui/icons-material/ArrowBack';
import { Box, Button, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ProductForm } from './product-form.tsx';

/** /admin-dashboard/products/create: a new product, then its page. */
export function ProductCreatePage() {
  const { t } = useTranslation(['products', 'common']);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  return (
    <Box sx={{ maxWidth: 960 }}>
      <Button component={Link} to=".." relative="path" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('products:backToList')}
      </Button>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.productCreate')}
      </Typography>
      <ProductForm
        onSaved={(product) => void navigate(`../${product.id}/show`, { relative: 'path', replace: true })}
        onCancel={() => void navigate('..', { relative: 'path' })}
      />
    </Box>
  );
}
