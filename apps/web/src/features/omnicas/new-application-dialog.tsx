import {
  Autocomplete,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { DEBOUNCE_MS, formatDate, formatMoney, francsToRappen, rappenToFrancs, type OmnicasOrderDto } from '@bo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useApply, useOmnicasOrders } from './api.ts';

const orderLabel = (o: OmnicasOrderDto) => `${o.contract_number ?? `#${o.id}`} · ${o.client.name} ${o.client.surname}`;

/** A new application: an order paid through the provider (found by contract number or client), a reference, the amount. */
export function NewApplicationDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('omnicas');
  const { t: tc } = useTranslation();
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [order, setOrder] = useState<OmnicasOrderDto | null>(null);
  const [reference, setReference] = useState('');
  const [amountText, setAmountText] = useState('');
  const orders = useOmnicasOrders(search, true);
  const apply = useApply();
  const errors = fieldErrors(apply.error);

  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);

  const amount = amountText.trim() === '' ? undefined : francsToRappen(amountText);
  const badAmount = amountText.trim() !== '' && (amount === undefined || amount <= 0);
  const taken = order?.application && order.application.status !== 'rejected';
  const ready = order !== null && !taken && !badAmount;

  const submit = () => {
    if (!ready) {
      return;
    }
    apply.mutate(
      { order_id: order.id, reference: reference.trim(), ...(amount === undefined ? {} : { amount }) },
      {
        onSuccess: (answer) => {
          snackbar.show(t('omnicas:created', { id: answer.data.id }), 'success');
          onClose();
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  };

  return (
    <Dialog open onClose={apply.isPending ? undefined : onClose} data-testid="omnicas-dialog" maxWidth="sm" fullWidth>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{t('omnicas:new')}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>{t('omnicas:newText')}</DialogContentText>
          <Autocomplete
            options={orders.data ?? []}
            value={order}
            onChange={(_e, value) => setOrder(value)}
            inputValue={input}
            onInputChange={(_e, value) => setInput(value)}
            filterOptions={(x) => x}
            getOptionLabel={orderLabel}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            loading={orders.isFetching}
            noOptionsText={t('omnicas:noOrders')}
            renderOption={(props, o) => (
              <li {...props} key={o.id} data-testid="omnicas-order-option">
                <Box>
                  <Typography>{orderLabel(o)}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {formatDate(o.created_at)} · {formatMoney(o.sum)}
                    {o.application ? ` · ${t(`omnicas:status.${o.application.status}`)}` : ''}
                  </Typography>
                </Box>
              </li>
            )}
            renderInput={(params) => (
              <TextField
                {...params}
                label={t('omnicas:order')}
                error={Boolean(errors.order_id) || Boolean(taken)}
                helperText={taken ? t('omnicas:taken') : errors.order_id ? tc(`validation.${errors.order_id}`) : t('omnicas:orderHelp')}
                slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'omnicas-order' } }}
              />
            )}
          />
          <TextField
            label={t('omnicas:columns.reference')}
            value={reference}
            onChange={(e) => setReference(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100, 'data-testid': 'omnicas-reference' } }}
          />
          <TextField
            label={t('omnicas:columns.amount')}
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            placeholder={order ? rappenToFrancs(order.sum) : undefined}
            error={badAmount || Boolean(errors.amount)}
            helperText={
              badAmount || errors.amount ? t('omnicas:badAmount') : t('omnicas:amountHelp', { sum: order ? formatMoney(order.sum) : '–' })
            }
            slotProps={{
              htmlInput: { inputMode: 'decimal', 'data-testid': 'omnicas-amount' },
              input: { startAdornment: <Typography sx={{ mr: 1, color: 'text.secondary' }}>CHF</Typography> },
            }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={apply.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={!ready || apply.isPending}
            startIcon={apply.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="omnicas-apply"
          >
            {t('omnicas:apply')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
