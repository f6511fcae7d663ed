import ArchiveOutlined from '@mui/icons-material/ArchiveOutlined';
import ArrowBack from '@mui/icons-material/ArrowBack';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import UnarchiveOutlined from '@mui/icons-material/UnarchiveOutlined';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { formatDateTime, formatMoney, type ProductDto, type ProductStatus } from '@bo/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useDeleteProduct, useProduct, useSaveProduct } from './api.ts';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { MediaPreview } from './media-field.tsx';
import { ProductStatusChip } from './product-bits.tsx';
import { ProductForm } from './product-form.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="dt">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0 }}>
        {children}
      </Typography>
    </Box>
  );
}

/** What the product is, as a sales agent would see it: its facts, picture and video. */
function ProductView({ product }: { product: ProductDto }) {
  const { t } = useTranslation(['products', 'common']);
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 320px) 1fr' } }}>
      <Box>
        {product.image ? (
          <MediaPreview kind="image" file={product.image} />
        ) : (
          <Box sx={{ aspectRatio: '1', maxWidth: 320, display: 'grid', placeItems: 'center', bgcolor: 'action.hover', borderRadius: 1 }}>
            <Typography color="text.secondary">{t('products:media.noImage')}</Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
        <Box component="dl" sx={{ m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(3, 1fr)' } }}>
          <Fact label={t('products:fields.code')}>{product.code}</Fact>
          <Fact label={t('products:fields.type')}>{t(`products:types.${product.type}`)}</Fact>
          <Fact label={t('products:fields.price')}>
            <span data-testid="product-price">{formatMoney(product.default_price)}</span>
          </Fact>
          <Fact label={t('products:fields.category')}>{product.category?.name ?? t('products:noCategory')}</Fact>
          <Fact label={t('products:fields.status')}>
            <ProductStatusChip status={product.status} />
          </Fact>
          <Fact label={t('products:fields.updated_at')}>{formatDateTime(product.updated_at)}</Fact>
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h2" gutterBottom>
            {t('products:media.video')}
          </Typography>
          {product.video ? (
            <MediaPreview kind="video" file={product.video} />
          ) : (
            <Typography color="text.secondary">{t('products:media.noVideo')}</Typography>
          )}
        </Box>
      </Box>
    </Paper>
  );
}

/** The body of PUT /api/product/{id} that keeps everything and changes the status. */
function withStatus(product: ProductDto, status: ProductStatus) {
  return {
    code: product.code,
    name: product.name,
    type: product.type,
    default_price: product.default_price,
    status,
    category_id: product.category?.id ?? null,
    image_file_id: product.image?.id ?? null,
    video_file_id: product.video?.id ?? null,
  };
}

/** /admin-dashboard/products/{productId}/show: the product, in view or edit mode. */
export function ProductShowPage() {
  const { t } = useTranslation(['products', 'common']);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const id = Number(useParams().productId);
  const query = useProduct(id);
  const save = useSaveProduct();
  const remove = useDeleteProduct();
  const [mode, setMode] = useState<'view' | 'edit'>('view');
  const [confirming, setConfirming] = useState(false);
  const back = (
    <Button component={Link} to="../.." relative="path" startIcon={<ArrowBack />} sx={{ mb: 1 }}>
      {t('products:backToList')}
    </Button>
  );

  if (query.isPending && Number.isInteger(id) && id > 0) {
    return <Loading />;
  }
  // A product deleted meanwhile may still be cached: the server's 404 wins over it.
  const missing = !Number.isInteger(id) || id <= 0 || (query.error instanceof HttpError && query.error.status === 404);
  if (!query.data || missing) {
    return (
      <Box>
        {back}
        <Alert severity={missing ? 'info' : 'error'}>{missing ? t('products:notFound') : errorMessage(query.error, tc)}</Alert>
      </Box>
    );
  }
  const product = query.data;

  const changeStatus = (status: ProductStatus) =>
    save.mutate(
      { id: product.id, body: withStatus(product, status) },
      {
        onSuccess: () => snackbar.show(status === 'archived' ? t('products:archived') : t('products:unarchived'), 'success'),
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );

  const confirmDelete = () =>
    remove.mutate(product.id, {
      onSuccess: () => {
        snackbar.show(t('products:deleted'), 'success');
        void navigate('../..', { relative: 'path', replace: true });
      },
      onError: (err) => {
        setConfirming(false);
        snackbar.show(errorMessage(err, tc));
      },
    });

  return (
    <Box sx={{ maxWidth: 1040 }}>
      {back}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h4" component="h1" sx={{ mr: 'auto' }}>
          {product.name}
        </Typography>
        {mode === 'view' && product.can_edit && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" startIcon={<EditOutlined />} onClick={() => setMode('edit')} data-testid="edit-product">
              {t('products:edit')}
            </Button>
            {product.status === 'archived' ? (
              <Button
                variant="outlined"
                startIcon={save.isPending ? <CircularProgress size={16} /> : <UnarchiveOutlined />}
                disabled={save.isPending}
                onClick={() => changeStatus('active')}
                data-testid="unarchive-product"
              >
                {t('products:unarchive')}
              </Button>
            ) : (
              <Button
                variant="outlined"
                startIcon={save.isPending ? <CircularProgress size={16} /> : <ArchiveOutlined />}
                disabled={save.isPending}
                onClick={() => changeStatus('archived')}
                data-testid="archive-product"
              >
                {t('products:archive')}
              </Button>
            )}
            {product.can_delete && (
              <Button
                color="error"
                variant="outlined"
                startIcon={<DeleteOutlined />}
                onClick={() => setConfirming(true)}
                data-testid="delete-product"
              >
                {t('products:delete')}
              </Button>
            )}
          </Box>
        )}
      </Box>
      {mode === 'view' ? (
        <ProductView product={product} />
      ) : (
        <ProductForm product={product} onSaved={() => setMode('view')} onCancel={() => setMode('view')} />
      )}
      <ConfirmDialog
        open={confirming}
        title={t('products:deleteDialog.title')}
        text={t('products:deleteDialog.text', { name: product.name, code: product.code })}
        confirm={t('products:deleteDialog.confirm')}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        testIds={{ confirm: 'confirm-delete' }}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
