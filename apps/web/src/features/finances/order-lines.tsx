import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import { Box, Button, MenuItem, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import {
  formatMoney,
  francsToRappen,
  isPaidInMoney,
  isRunningOrder,
  lineMoney,
  PRODUCT_LINE_STATUSES,
  type OrderDto,
  type ProductLineStatus,
} from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useActiveProducts, useAddOrderLine, useDeleteOrderLine } from './api.ts';
import { RowAction } from './finance-bits.tsx';

type Line = OrderDto['lines'][number];

/** The order's product lines; an admin adds a line or removes one not yet delivered. */
export function OrderLines({ order, manage }: { order: OrderDto; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances']);
  const remove = useDeleteOrderLine();
  const [removing, setRemoving] = useState<Line | null>(null);
  // Lines change while the order runs and the line is not delivered (the server checks the same).
  const editable = manage && isRunningOrder(order.status);
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      {order.lines.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('finances:order.lines.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('finances:order.lines.product')}</TableCell>
                <TableCell>{t('finances:order.lines.kind')}</TableCell>
                <TableCell align="right">{t('finances:order.lines.quantity')}</TableCell>
                <TableCell align="right">{t('finances:order.lines.price')}</TableCell>
                <TableCell align="right">{t('finances:order.lines.total')}</TableCell>
                <TableCell align="center">{t('finances:order.lines.delivered')}</TableCell>
                {editable && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.lines.map((l) => (
                <TableRow
                  key={l.id}
                  data-testid="order-line"
                  data-line-id={l.id}
                  data-product-type={l.product.type}
                  data-delivered={l.delivered}
                >
                  <TableCell>
                    {l.product.name}
                    <Typography component="span" variant="caption" color="text.secondary">{` ${l.product.code}`}</Typography>
                  </TableCell>
                  <TableCell>{t(`finances:lineStatuses.${l.status}`)}</TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right">{formatMoney(l.status === 'rec' ? (l.rec_price ?? l.price) : l.price)}</TableCell>
                  <TableCell align="right">{isPaidInMoney(l) ? formatMoney(lineMoney(l)) : '–'}</TableCell>
                  <TableCell align="center">
                    {l.delivered ? (
                      <CheckCircle fontSize="small" color="success" aria-label={t('finances:order.lines.delivered')} />
                    ) : (
                      <RadioButtonUnchecked fontSize="small" color="disabled" aria-label={t('finances:order.lines.notDelivered')} />
                    )}
                  </TableCell>
                  {editable && (
                    <TableCell align="right">
                      {!l.delivered && (
                        <RowAction
                          kind="delete"
                          onClick={() => setRemoving(l)}
                          testId="order-line-delete"
                          title={t('finances:order.lines.remove')}
                        />
                      )}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {editable && <AddLine order={order} />}
      {removing && (
        <ConfirmDialog
          open
          title={t('finances:order.lines.removeTitle')}
          text={t('finances:order.lines.removeText', { product: removing.product.name })}
          confirm={t('finances:order.lines.remove')}
          pending={remove.isPending}
          onClose={() => setRemoving(null)}
          onConfirm={() =>
            remove.mutate(removing.id, {
              onSuccess: () => {
                setRemoving(null);
                snackbar.show(t('finances:order.lines.removed'), 'success');
              },
              onError: (err) => snackbar.show(errorMessage(err, t)),
            })
          }
        />
      )}
    </Box>
  );
}

/** A new line: product, kind, quantity and, if it differs from the product's, a price in CHF. */
function AddLine({ order }: { order: OrderDto }) {
  const { t } = useTranslation(['common', 'finances']);
  const [open, setOpen] = useState(false);
  const products = useActiveProducts(open);
  const add = useAddOrderLine();
  const [productId, setProductId] = useState<number | ''>('');
  const [status, setStatus] = useState<ProductLineStatus>('sell');
  const [quantity, setQuantity] = useState('1');
  const [price, setPrice] = useState('');
  if (!open) {
    return (
      <Box>
        <Button size="small" onClick={() => setOpen(true)} data-testid="order-line-add">
          {t('finances:order.lines.add')}
        </Button>
      </Box>
    );
  }
  const rappen = price.trim() === '' ? null : francsToRappen(price);
  const count = Number(quantity);
  const valid = productId !== '' && Number.isInteger(count) && count >= 1 && count <= 100 && rappen !== undefined;
  const save = () => {
    if (!valid) {
      return;
    }
    add.mutate(
      { orderId: order.id, body: { product_id: productId, status, quantity: count, price: rappen } },
      {
        onSuccess: () => {
          setOpen(false);
          setProductId('');
          setPrice('');
          setQuantity('1');
          snackbar.show(t('finances:order.lines.added'), 'success');
        },
        onError: (err) => snackbar.show(errorMessage(err, t)),
      },
    );
  };
  return (
    <Box
      sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 80px 1fr' }, alignItems: 'start' }}
      data-testid="order-line-form"
    >
      <TextField
        select
        size="small"
        label={t('finances:order.lines.product')}
        value={productId}
        onChange={(e) => setProductId(Number(e.target.value))}
        slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'order-line-product' } as object } }}
      >
        {(products.data?.data ?? []).map((p) => (
          <MenuItem key={p.id} value={p.id}>
            {`${p.name} · ${formatMoney(p.default_price)}`}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('finances:order.lines.kind')}
        value={status}
        onChange={(e) => setStatus(e.target.value as ProductLineStatus)}
      >
        {PRODUCT_LINE_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`finances:lineStatuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        size="small"
        label={t('finances:order.lines.quantity')}
        value={quantity}
        onChange={(e) => setQuantity(e.target.value)}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'order-line-quantity' } }}
      />
      <TextField
        size="small"
        label={t('finances:order.lines.priceOverride')}
        value={price}
        onChange={(e) => setPrice(e.target.value)}
        error={rappen === undefined}
        helperText={t('finances:order.lines.priceHint')}
        slotProps={{ htmlInput: { inputMode: 'decimal', 'data-testid': 'order-line-price' } }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setOpen(false)} disabled={add.isPending}>
          {t('common.cancel')}
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={!valid || add.isPending} data-testid="order-line-save">
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}
