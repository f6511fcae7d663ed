import Add from '@mui/icons-material/Add';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItemButton,
  ListItemText,
  Paper,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { formatMoney, PRODUCT_LINE_STATUSES, PRODUCT_TYPES, type ProductDto, type ProductType } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { repaymentOf, type LineDraft, type LinePatch } from './draft.ts';
import { ChoiceGrid, IntField, MoneyField, Stepper, TOUCH } from './inputs.tsx';

export interface LinesEditorProps {
  lines: readonly LineDraft[];
  products: readonly ProductDto[];
  onAdd: (line: Omit<LineDraft, 'key'>) => void;
  onUpdate: (key: string, patch: LinePatch) => void;
  onRemove: (key: string) => void;
  /** `field_validation` of the last refusal: `order_products.{i}.{field}`. */
  errors: Record<string, string>;
}

/** The order's product lines: add a product, then set how it is paid, how many, at what price. */
export function LinesEditor({ lines, products, onAdd, onUpdate, onRemove, errors }: LinesEditorProps) {
  const { t } = useTranslation(['perform']);
  const [picking, setPicking] = useState(false);
  const byId = new Map(products.map((p) => [p.id, p]));
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="order-lines">
      {lines.length === 0 && (
        <Typography color="text.secondary" data-testid="order-lines-empty">
          {t('perform:lines.empty')}
        </Typography>
      )}
      {lines.map((line, i) => (
        <LineCard
          key={line.key}
          index={i}
          line={line}
          product={byId.get(line.product_id)}
          onUpdate={(patch) => onUpdate(line.key, patch)}
          onRemove={() => onRemove(line.key)}
          errors={errors}
        />
      ))}
      <Button
        variant="outlined"
        size="large"
        startIcon={<Add />}
        onClick={() => setPicking(true)}
        sx={{ minHeight: 56, justifySelf: 'start' }}
        data-testid="order-add-product"
      >
        {t('perform:lines.add')}
      </Button>
      <ProductPicker
        open={picking}
        products={products}
        onClose={() => setPicking(false)}
        onPick={(p) => {
          setPicking(false);
          onAdd({
            product_id: p.id,
            product_type: p.type,
            status: p.type === 'gift' ? 'gift' : 'sell',
            quantity: 1,
            years_of_guarantee: null,
            price: null,
            rec_price: null,
          });
        }}
      />
    </Box>
  );
}

function LineCard({
  index,
  line,
  product,
  onUpdate,
  onRemove,
  errors,
}: {
  index: number;
  line: LineDraft;
  product: ProductDto | undefined;
  onUpdate: (patch: LinePatch) => void;
  onRemove: () => void;
  errors: Record<string, string>;
}) {
  const { t } = useTranslation(['perform']);
  const { t: tc } = useTranslation();
  const err = (field: string) => {
    const key = errors[`order_products.${index}.${field}`];
    return key ? tc(`validation.${key}`, { defaultValue: key }) : undefined;
  };
  const defaultPrice = product?.default_price ?? 0;
  const unit = line.status === 'gift' ? 0 : (line.price ?? defaultPrice);
  const repayment = repaymentOf(line);
  const productError = err('product_id');
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }} data-testid="order-line" data-product={product?.code}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {product ? product.name : t('perform:lines.unknownProduct', { id: line.product_id })}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {[
              product?.code,
              t(`perform:productTypes.${line.product_type}`),
              t('perform:lines.defaultPrice', { price: formatMoney(defaultPrice) }),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
          {productError && (
            <Typography color="error" variant="body2">
              {productError}
            </Typography>
          )}
        </Box>
        <IconButton
          onClick={onRemove}
          aria-label={t('perform:lines.remove')}
          sx={{ width: TOUCH, height: TOUCH }}
          data-testid="order-line-remove"
        >
          <DeleteOutlined />
        </IconButton>
      </Box>
      <ChoiceGrid
        columns={3}
        choices={PRODUCT_LINE_STATUSES.map((s) => ({ value: s, label: t(`perform:lineStatus.${s}`) }))}
        value={line.status}
        onChange={(status) => onUpdate({ status })}
        testId={`order-line-${index}-status`}
      />
      <Typography variant="body2" color="text.secondary" data-testid="order-line-repayment">
        {t('perform:lines.repayment')}: {t(`perform:repayment.${repayment ?? 'none'}`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'auto 1fr 1fr' }, alignItems: 'start' }}>
        <Box>
          <Typography variant="caption" color="text.secondary" component="p">
            {t('perform:lines.quantity')}
          </Typography>
          <Stepper
            value={line.quantity}
            onChange={(quantity) => onUpdate({ quantity })}
            min={1}
            max={100}
            label={t('perform:lines.quantity')}
            testId={`order-line-${index}-quantity`}
          />
        </Box>
        {line.status !== 'gift' && (
          <MoneyField
            label={t('perform:lines.price')}
            value={line.price}
            onChange={(price) => onUpdate({ price })}
            placeholder={(defaultPrice / 100).toFixed(2)}
            helperText={t('perform:lines.priceHint')}
            error={err('price')}
            testId={`order-line-${index}-price`}
          />
        )}
        {line.status === 'rec' && (
          <MoneyField
            label={t('perform:lines.recPrice')}
            value={line.rec_price}
            onChange={(rec_price) => onUpdate({ rec_price })}
            error={err('rec_price')}
            testId={`order-line-${index}-rec-price`}
          />
        )}
        <IntField
          label={t('perform:lines.guarantee')}
          value={line.years_of_guarantee}
          onChange={(years_of_guarantee) => onUpdate({ years_of_guarantee })}
          min={0}
          max={30}
          error={err('years_of_guarantee')}
          testId={`order-line-${index}-guarantee`}
        />
      </Box>
      <Typography sx={{ textAlign: 'right', fontWeight: 600 }} data-testid="order-line-total">
        {line.status === 'sell'
          ? formatMoney(unit * line.quantity)
          : line.status === 'rec'
            ? t('perform:lines.byRecommendations')
            : t('perform:lines.free')}
      </Typography>
    </Paper>
  );
}

/** A full list of the active products by type, big enough to tap. */
function ProductPicker({
  open,
  products,
  onClose,
  onPick,
}: {
  open: boolean;
  products: readonly ProductDto[];
  onClose: () => void;
  onPick: (p: ProductDto) => void;
}) {
  const { t } = useTranslation(['perform']);
  const [type, setType] = useState<ProductType>('main');
  const shown = products.filter((p) => p.type === type);
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="product-picker">
      <DialogTitle sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box sx={{ flex: 1 }}>{t('perform:lines.pick')}</Box>
        <IconButton onClick={onClose} aria-label={t('perform:close')} sx={{ width: TOUCH, height: TOUCH }}>
          <Close />
        </IconButton>
      </DialogTitle>
      <Tabs value={type} onChange={(_e, v: ProductType) => setType(v)} variant="fullWidth" sx={{ px: 2 }}>
        {PRODUCT_TYPES.map((pt) => (
          <Tab key={pt} value={pt} label={t(`perform:productTypes.${pt}`)} sx={{ minHeight: TOUCH }} data-testid={`product-type-${pt}`} />
        ))}
      </Tabs>
      <DialogContent dividers sx={{ p: 0, minHeight: 240 }}>
        {shown.length === 0 ? (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('perform:lines.noneOfType')}
          </Alert>
        ) : (
          <List disablePadding>
            {shown.map((p) => (
              <ListItemButton key={p.id} onClick={() => onPick(p)} sx={{ minHeight: 56 }} data-testid="product-option" data-code={p.code}>
                <ListItemText primary={p.name} secondary={p.code} />
                <Typography sx={{ ml: 2, whiteSpace: 'nowrap' }}>{formatMoney(p.default_price)}</Typography>
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
    </Dialog>
  );
}
