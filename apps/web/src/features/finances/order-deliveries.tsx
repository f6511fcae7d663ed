import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatDate, type OrderDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useAddDelivery, useDeleteDelivery } from './api.ts';
import { personName, RowAction, Section, todayIso } from './finance-bits.tsx';
import { DateField } from '../../ui/date-fields.tsx';

type Delivery = OrderDto['order_deliveries'][number];

/** The order's deliveries, each bringing some of its lines; gifts are handed over at the demo and need none. */
export function OrderDeliveries({ order, manage }: { order: OrderDto; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances']);
  const remove = useDeleteDelivery();
  const [adding, setAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Delivery | null>(null);
  const lineName = (id: number) => order.lines.find((l) => l.id === id)?.product.name ?? `#${id}`;
  const open = order.lines.filter((l) => !l.delivered && l.status !== 'gift');

  return (
    <Section title={t('finances:order.deliveries.title', { count: order.order_deliveries.length })} testId="order-deliveries">
      {order.order_deliveries.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('finances:order.deliveries.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('finances:order.deliveries.date')}</TableCell>
                <TableCell>{t('finances:order.deliveries.lines')}</TableCell>
                <TableCell>{t('finances:order.deliveries.note')}</TableCell>
                {manage && <TableCell sx={{ width: 48 }} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.order_deliveries.map((d) => (
                <TableRow key={d.id} data-testid="order-delivery" data-delivery-id={d.id}>
                  <TableCell>{formatDate(d.delivered_at)}</TableCell>
                  <TableCell>{d.line_ids.map(lineName).join(', ') || '–'}</TableCell>
                  <TableCell>
                    {d.note || '–'}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {t('finances:order.payments.byName', { name: personName(d.created_by) })}
                    </Typography>
                  </TableCell>
                  {manage && (
                    <TableCell align="right">
                      <RowAction kind="delete" onClick={() => setToDelete(d)} testId="order-delivery-delete" />
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      {manage &&
        (adding ? (
          <DeliveryForm order={order} onDone={() => setAdding(false)} />
        ) : open.length > 0 ? (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setAdding(true)} data-testid="order-delivery-add">
            {t('finances:order.deliveries.add')}
          </Button>
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('finances:order.deliveries.allDelivered')}
          </Typography>
        ))}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('finances:order.deliveries.deleteTitle')}
        text={toDelete ? t('finances:order.deliveries.deleteText', { date: formatDate(toDelete.delivered_at) }) : ''}
        confirm={t('finances:actions.delete')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => snackbar.show(t('finances:messages.deliveryDeleted'), 'success'),
            onError: (err) => snackbar.show(errorMessage(err, t)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </Section>
  );
}

function DeliveryForm({ order, onDone }: { order: OrderDto; onDone: () => void }) {
  const { t } = useTranslation(['common', 'finances']);
  const add = useAddDelivery();
  const open = order.lines.filter((l) => !l.delivered && l.status !== 'gift');
  const [date, setDate] = useState(todayIso);
  const [lineIds, setLineIds] = useState<number[]>(() => open.map((l) => l.id));
  const [note, setNote] = useState('');

  const submit = () =>
    add.mutate(
      { orderId: order.id, body: { delivered_at: date, line_ids: lineIds, note: note.trim() } },
      {
        onSuccess: () => {
          snackbar.show(t('finances:messages.deliveryCreated'), 'success');
          onDone();
        },
        onError: (err) => snackbar.show(errorMessage(err, t)),
      },
    );

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ mt: 1, display: 'grid', gap: 1 }}
      data-testid="order-delivery-form"
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
        <DateField
          label={t('finances:order.deliveries.date')}
          value={date}
          onChange={setDate}
          fullWidth={false}
          testId="order-delivery-date"
          sx={{ width: 190 }}
        />
        <TextField
          size="small"
          label={t('finances:order.deliveries.note')}
          value={note}
          onChange={(e) => setNote(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'order-delivery-note' } }}
          sx={{ flex: '1 1 200px' }}
        />
      </Box>
      <Box role="group" aria-label={t('finances:order.deliveries.which')}>
        <Typography variant="caption" color="text.secondary" component="div">
          {t('finances:order.deliveries.which')}
        </Typography>
        {open.map((l) => (
          <FormControlLabel
            key={l.id}
            control={
              <Checkbox
                size="small"
                checked={lineIds.includes(l.id)}
                onChange={(e) => setLineIds((ids) => (e.target.checked ? [...ids, l.id] : ids.filter((id) => id !== l.id)))}
                slotProps={{
                  input: { 'data-testid': 'order-delivery-line', 'data-line-id': l.id, 'data-product-type': l.product.type } as object,
                }}
              />
            }
            label={`${l.quantity} × ${l.product.name}`}
          />
        ))}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button size="small" onClick={onDone} disabled={add.isPending}>
          {t('finances:actions.cancel')}
        </Button>
        <Button
          size="small"
          type="submit"
          variant="contained"
          disabled={add.isPending || lineIds.length === 0 || !date}
          data-testid="order-delivery-save"
        >
          {t('finances:order.deliveries.record')}
        </Button>
      </Box>
    </Box>
  );
}
