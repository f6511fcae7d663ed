import {
  Alert,
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormHelperText,
} from '@mui/material';
import { zurichClock, type ToDeliverDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { shortagesOf, useDeliver } from './api.ts';
import { DateField } from '../../ui/date-fields.tsx';

function todayInZurich(): string {
  const c = zurichClock(new Date());
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

/** Records a delivery from the warehouse: the lines brought (all by default) and the day; the units leave the stock. */
export function DeliverDialog({ order, onClose }: { order: ToDeliverDto; onClose: () => void }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const [day, setDay] = useState(todayInZurich);
  const [chosen, setChosen] = useState(() => new Set(order.lines.map((l) => l.id)));
  const deliver = useDeliver();
  const shortages = shortagesOf(deliver.error);
  const client = `${order.client.name} ${order.client.surname}`;
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(day);

  const submit = () => {
    if (chosen.size === 0 || !validDay) {
      return;
    }
    deliver.mutate(
      { orderId: order.order_id, body: { delivered_at: day, line_ids: [...chosen], note: '' } },
      {
        onSuccess: () => {
          snackbar.show(t('warehouse:deliver.done', { client }), 'success');
          onClose();
        },
        onError: (err) => {
          // A shortage is named inside the dialog, product by product; anything else in the snackbar.
          if (shortagesOf(err).length === 0) {
            snackbar.show(errorMessage(err, tc));
          }
        },
      },
    );
  };

  return (
    <Dialog open onClose={deliver.isPending ? undefined : onClose} data-testid="deliver-dialog" maxWidth="sm" fullWidth>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{t('warehouse:deliver.title', { order: order.contract_number ?? `#${order.order_id}` })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t('warehouse:deliver.text', {
              client,
              address: [order.client.address, [order.client.zipcode, order.client.city].filter(Boolean).join(' ')]
                .filter(Boolean)
                .join(', '),
            })}
          </DialogContentText>
          <FormGroup sx={{ mb: 2 }}>
            {order.lines.map((l) => (
              <FormControlLabel
                key={l.id}
                control={
                  <Checkbox
                    checked={chosen.has(l.id)}
                    onChange={(e) =>
                      setChosen((s) => {
                        const next = new Set(s);
                        if (e.target.checked) {
                          next.add(l.id);
                        } else {
                          next.delete(l.id);
                        }
                        return next;
                      })
                    }
                    slotProps={{ input: { 'data-testid': 'deliver-line' } as object }}
                  />
                }
                label={`${l.quantity}× ${l.product.name} (${l.product.code})`}
              />
            ))}
            {chosen.size === 0 && <FormHelperText error>{t('warehouse:deliver.chooseLine')}</FormHelperText>}
          </FormGroup>
          <DateField
            label={t('warehouse:deliver.deliveredAt')}
            value={day}
            onChange={setDay}
            error={!validDay}
            fullWidth={false}
            size="medium"
            testId="deliver-date"
          />
          {shortages.length > 0 && (
            <Alert severity="error" sx={{ mt: 2 }} data-testid="deliver-shortage">
              {t('warehouse:deliver.shortage')}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {shortages.map((s) => (
                  <li key={s.product_id}>
                    {t('warehouse:deliver.shortageLine', { name: s.name, available: s.available, needed: s.needed })}
                  </li>
                ))}
              </Box>
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={deliver.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={chosen.size === 0 || !validDay || deliver.isPending}
            startIcon={deliver.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="deliver-confirm"
          >
            {t('warehouse:deliver.confirm')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
