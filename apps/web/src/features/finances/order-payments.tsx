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
import {
  type BANK_CODES,
  formatDate,
  formatMoney,
  francsToRappen,
  rappenToFrancs,
  type OrderDto,
  type OrderPaymentBody,
  type PaymentMethod,
} from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useFieldErrors } from '../../ui/field-errors.ts';
import { useDeletePayment, useSavePayment } from './api.ts';
import { BankCodeSelect, PaymentMethodSelect, personName, RowAction, Section, todayIso } from './finance-bits.tsx';
import { DateField } from '../../ui/date-fields.tsx';

type Payment = OrderDto['order_payments'][number];

/** Francs as typed (a minus in front kept) → integer Rappen; undefined when it is not an amount. */
export function signedRappen(text: string): number | undefined {
  const trimmed = text.trim();
  const negative = /^-/.test(trimmed);
  const rappen = francsToRappen(trimmed.replace(/^-\s*/, ''));
  if (rappen === undefined || rappen === 0) {
    return undefined;
  }
  return negative ? -rappen : rappen;
}

interface PaymentDraft {
  /** The amount in francs as typed, without sign: a refund is chosen with `refund`. */
  amount: string;
  /** Money going back to the client: saved as a negative amount. */
  refund: boolean;
  paid_at: string;
  method: PaymentMethod | '';
  bank_code: (typeof BANK_CODES)[number] | '';
  note: string;
}

/** The order's payments (amounts in CHF, a refund negative); admins add, change and delete them. */
export function OrderPayments({ order, manage }: { order: OrderDto; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances']);
  const remove = useDeletePayment();
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [toDelete, setToDelete] = useState<Payment | null>(null);

  return (
    <Section title={t('finances:order.payments.title', { count: order.order_payments.length })} testId="order-payments">
      {order.order_payments.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('finances:order.payments.none')}
        </Typography>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('finances:order.payments.date')}</TableCell>
                <TableCell align="right">{t('finances:order.payments.amount')}</TableCell>
                <TableCell>{t('finances:order.payments.method')}</TableCell>
                <TableCell>{t('finances:order.payments.note')}</TableCell>
                {manage && <TableCell sx={{ width: 80 }} />}
              </TableRow>
            </TableHead>
            <TableBody>
              {order.order_payments.map((p) =>
                editing === p.id ? (
                  <TableRow key={p.id}>
                    <TableCell colSpan={manage ? 5 : 4} sx={{ p: 1 }}>
                      <PaymentForm order={order} payment={p} onDone={() => setEditing(null)} />
                    </TableCell>
                  </TableRow>
                ) : (
                  <TableRow key={p.id} data-testid="order-payment" data-payment-id={p.id}>
                    <TableCell>{formatDate(p.paid_at)}</TableCell>
                    <TableCell align="right" sx={{ color: p.amount < 0 ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
                      {formatMoney(p.amount)}
                    </TableCell>
                    <TableCell>
                      {[p.method ? t(`finances:paymentMethods.${p.method}`, { defaultValue: p.method }) : null, p.bank_code]
                        .filter(Boolean)
                        .join(' · ') || '–'}
                    </TableCell>
                    <TableCell sx={{ maxWidth: 220 }}>
                      <Box sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={p.note}>
                        {p.note || '–'}
                      </Box>
                      <Typography variant="caption" color="text.secondary">
                        {t('finances:order.payments.byName', { name: personName(p.created_by) })}
                      </Typography>
                    </TableCell>
                    {manage && (
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        <RowAction kind="edit" onClick={() => setEditing(p.id)} testId="order-payment-edit" />
                        <RowAction kind="delete" onClick={() => setToDelete(p)} testId="order-payment-delete" />
                      </TableCell>
                    )}
                  </TableRow>
                ),
              )}
            </TableBody>
          </Table>
        </Box>
      )}
      {manage &&
        (editing === 'new' ? (
          <Box sx={{ mt: 1 }}>
            <PaymentForm order={order} payment={null} onDone={() => setEditing(null)} />
          </Box>
        ) : (
          <Button size="small" sx={{ mt: 1 }} onClick={() => setEditing('new')} data-testid="order-payment-add">
            {t('finances:order.payments.add')}
          </Button>
        ))}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('finances:order.payments.deleteTitle')}
        text={
          toDelete
            ? t('finances:order.payments.deleteText', { amount: formatMoney(toDelete.amount), date: formatDate(toDelete.paid_at) })
            : ''
        }
        confirm={t('finances:actions.delete')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => snackbar.show(t('finances:messages.paymentDeleted'), 'success'),
            onError: (err) => snackbar.show(errorMessage(err, t)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </Section>
  );
}

function PaymentForm({ order, payment, onDone }: { order: OrderDto; payment: Payment | null; onDone: () => void }) {
  const { t } = useTranslation(['common', 'finances']);
  const save = useSavePayment();
  const [draft, setDraft] = useState<PaymentDraft>(() =>
    payment
      ? {
          amount: rappenToFrancs(Math.abs(payment.amount)),
          refund: payment.amount < 0,
          paid_at: payment.paid_at,
          method: (payment.method ?? '') as PaymentDraft['method'],
          bank_code: (payment.bank_code ?? '') as PaymentDraft['bank_code'],
          note: payment.note,
        }
      : {
          // A new payment most often settles what is still owed.
          amount: order.dept > 0 ? rappenToFrancs(order.dept) : '',
          refund: false,
          paid_at: todayIso(),
          method: (order.payment_method ?? '') as PaymentDraft['method'],
          bank_code: (order.bank_code ?? '') as PaymentDraft['bank_code'],
          note: '',
        },
  );
  const { setErrors, text: err, failed } = useFieldErrors();
  const typed = signedRappen(draft.amount);
  const amountBad = draft.amount.trim() !== '' && typed === undefined;
  // A minus typed without choosing a refund is not taken for one: the refund is chosen explicitly.
  const amount = typed === undefined || (typed < 0 && !draft.refund) ? undefined : draft.refund ? -Math.abs(typed) : typed;

  const submit = () => {
    if (amount === undefined || !draft.paid_at) {
      setErrors({
        ...(typed !== undefined && typed < 0
          ? { amount: 'refund_not_marked' }
          : amount === undefined
            ? { amount: 'field_is_required' }
            : {}),
        ...(draft.paid_at ? {} : { paid_at: 'field_is_required' }),
      });
      return;
    }
    const body: OrderPaymentBody = {
      amount,
      refund: draft.refund,
      paid_at: draft.paid_at,
      method: draft.method || null,
      bank_code: draft.bank_code || null,
      note: draft.note.trim(),
    };
    save.mutate(
      { orderId: order.id, paymentId: payment?.id ?? null, body },
      {
        onSuccess: () => {
          snackbar.show(
            t(
              draft.refund
                ? 'finances:messages.refundSaved'
                : payment
                  ? 'finances:messages.paymentUpdated'
                  : 'finances:messages.paymentCreated',
            ),
            'success',
          );
          onDone();
        },
        onError: failed,
      },
    );
  };

  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr 1fr', md: '130px 150px 130px 110px minmax(120px, 1fr)' },
        gap: 1,
        alignItems: 'start',
      }}
      data-testid="order-payment-form"
    >
      <TextField
        size="small"
        label={t(draft.refund ? 'finances:order.payments.refundAmount' : 'finances:order.payments.amount')}
        value={draft.amount}
        onChange={(e) => setDraft((d) => ({ ...d, amount: e.target.value }))}
        error={amountBad || Boolean(err('amount'))}
        helperText={amountBad ? t('finances:order.payments.amountHint') : err('amount')}
        slotProps={{
          htmlInput: { inputMode: 'decimal', 'data-testid': 'order-payment-amount' },
          input: { startAdornment: <Typography sx={{ mr: 0.5, color: 'text.secondary', fontSize: 'body2.fontSize' }}>CHF</Typography> },
        }}
      />
      <DateField
        label={t('finances:order.payments.date')}
        value={draft.paid_at}
        onChange={(paid_at) => setDraft((d) => ({ ...d, paid_at }))}
        error={Boolean(err('paid_at'))}
        helperText={err('paid_at')}
        fullWidth={false}
        testId="order-payment-date"
      />
      <PaymentMethodSelect
        size="small"
        label={t('finances:order.payments.method')}
        value={draft.method}
        onChange={(v) => setDraft((d) => ({ ...d, method: v as PaymentDraft['method'] }))}
        testId="order-payment-method"
      />
      <BankCodeSelect
        size="small"
        label={t('finances:order.payments.bank')}
        value={draft.bank_code}
        onChange={(v) => setDraft((d) => ({ ...d, bank_code: v as PaymentDraft['bank_code'] }))}
        testId="order-payment-bank"
      />
      <TextField
        size="small"
        label={t('finances:order.payments.note')}
        value={draft.note}
        onChange={(e) => setDraft((d) => ({ ...d, note: e.target.value }))}
        error={Boolean(err('note'))}
        helperText={err('note')}
        slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'order-payment-note' } }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', alignItems: 'center', gap: 1 }}>
        <FormControlLabel
          sx={{ mr: 'auto' }}
          control={
            <Checkbox
              size="small"
              checked={draft.refund}
              onChange={(e) => setDraft((d) => ({ ...d, refund: e.target.checked }))}
              slotProps={{ input: { 'data-testid': 'order-payment-refund' } as object }}
            />
          }
          label={t('finances:order.payments.refund')}
        />
        <Button size="small" onClick={onDone} disabled={save.isPending}>
          {t('finances:actions.cancel')}
        </Button>
        <Button size="small" type="submit" variant="contained" disabled={save.isPending || amountBad} data-testid="order-payment-save">
          {t(payment ? 'finances:actions.save' : draft.refund ? 'finances:order.payments.recordRefund' : 'finances:order.payments.record')}
        </Button>
      </Box>
    </Box>
  );
}
