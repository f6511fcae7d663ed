import CheckCircle from '@mui/icons-material/CheckCircle';
import RadioButtonUnchecked from '@mui/icons-material/RadioButtonUnchecked';
import {
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  type BANK_CODES,
  formatDate,
  formatMoney,
  hasInvoice,
  isFinancedOrder,
  type OrderDto,
  type OrderToggle,
  type OrderUpdateBody,
  type PaymentMethod,
} from '@bo/domain';
import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useFieldErrors } from '../../ui/field-errors.ts';
import { useUpdateOrder } from './api.ts';
import { BankCodeSelect, Figure, PaymentMethodSelect, Section } from './finance-bits.tsx';
import { OrderDeliveries } from './order-deliveries.tsx';
import { OrderLines } from './order-lines.tsx';
import { OrderPayments } from './order-payments.tsx';
import { MonthField } from '../../ui/date-fields.tsx';

const CHECKS = ['checked_contract', 'checked_bank_docs', 'checked_bank_delivery', 'checked_payments'] as const;
type Check = (typeof CHECKS)[number];

/** Which flag of spec 4 allows which toggle, and how the button reads in the order's present state. */
const TOGGLES: { toggle: OrderToggle; flag: keyof OrderDto; label: (o: OrderDto) => string }[] = [
  { toggle: 'status', flag: 'canToggleStatus', label: (o) => (o.status === 'closed' ? 'reopen' : 'close') },
  {
    toggle: 'payment_status',
    flag: 'canTogglePaymentStatus',
    label: (o) => (o.payment_status === 'paid' ? 'unconfirmPaid' : 'confirmPaid'),
  },
  { toggle: 'cancel', flag: 'canBeCanceled', label: (o) => (o.status === 'canceled' ? 'uncancel' : 'cancel') },
  { toggle: 'on_hold', flag: 'canToggleOnHold', label: (o) => (o.status === 'on_hold' ? 'resume' : 'hold') },
];

/**
 * The width of the table's scrolling box: the open order spans what is in view, not the whole width of
 * a table that scrolls sideways (it sits in a cell spanning every column).
 */
function useVisibleWidth(ref: RefObject<HTMLElement | null>): number | null {
  const [width, setWidth] = useState<number | null>(null);
  useLayoutEffect(() => {
    const box = ref.current?.closest('.MuiTableContainer-root');
    if (!box) {
      return undefined;
    }
    const measure = () => setWidth(box.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}

/** The open row of the orders table: checks, terms, toggles, lines, payments and deliveries of one order. */
export function OrderEditor({ order, manage }: { order: OrderDto; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances']);
  const ref = useRef<HTMLDivElement>(null);
  const width = useVisibleWidth(ref);
  return (
    <Box
      ref={ref}
      sx={{
        position: 'sticky',
        left: 0,
        width: width ?? '100%',
        boxSizing: 'border-box',
        p: 1.5,
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: '1fr', lg: '320px minmax(0, 1fr)' },
        bgcolor: 'action.hover',
      }}
      data-testid="order-editor"
      data-order-id={order.id}
    >
      <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start' }}>
        <OrderSummary order={order} />
        {manage && <OrderToggles order={order} />}
        <OrderChecks order={order} manage={manage} />
        <OrderTerms order={order} manage={manage} />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }}>
        <Section title={t('finances:order.lines.title')} testId="order-lines">
          <OrderLines order={order} manage={manage} />
        </Section>
        <OrderPayments order={order} manage={manage} />
        <OrderDeliveries order={order} manage={manage} />
      </Box>
    </Box>
  );
}

function OrderSummary({ order }: { order: OrderDto }) {
  const { t } = useTranslation(['common', 'finances']);
  return (
    <Section title={t('finances:order.summary.title', { id: order.id })} testId="order-summary">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        <Figure label={t('finances:order.summary.sum')} value={formatMoney(order.sum)} testId="order-sum" strong />
        <Figure label={t('finances:order.summary.paid')} value={formatMoney(order.paid)} testId="order-paid" />
        <Figure label={t('finances:order.summary.dept')} value={formatMoney(order.dept)} testId="order-dept-figure" strong />
        <Figure
          label={t('finances:order.summary.lastDelivery')}
          value={order.lastDelivery ? formatDate(order.lastDelivery.delivered_at) : t('finances:order.summary.noDelivery')}
          testId="order-last-delivery"
        />
        {hasInvoice(order.payment_method) && (
          <Box sx={{ gridColumn: '1 / -1' }}>
            <Button
              size="small"
              variant="outlined"
              href={`/api/finances/order/${order.id}/invoice.pdf`}
              target="_blank"
              rel="noopener"
              data-testid="order-invoice"
            >
              {t('finances:order.summary.invoice')}
            </Button>
          </Box>
        )}
        {order.discount_rec_sum > 0 && (
          <Figure
            label={t('finances:order.summary.discount', { count: order.discount_rec_count })}
            value={formatMoney(-order.discount_rec_sum)}
            testId="order-discount"
          />
        )}
        {order.bank_processing_commission > 0 && (
          <Figure
            label={t('finances:order.summary.bankCommission')}
            value={formatMoney(order.bank_processing_commission)}
            testId="order-bank-commission"
          />
        )}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {[order.client.address, [order.client.zipcode, order.client.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')}
      </Typography>
    </Section>
  );
}

/** The four toggles, each enabled exactly by its flag; the server refuses the others with 403 anyway. */
function OrderToggles({ order }: { order: OrderDto }) {
  const { t } = useTranslation(['common', 'finances']);
  const update = useUpdateOrder();
  const [confirmCancel, setConfirmCancel] = useState(false);
  const run = (toggle: OrderToggle) =>
    update.mutate(
      { id: order.id, body: { toggle } },
      {
        onSuccess: () => snackbar.show(t('finances:messages.orderUpdated'), 'success'),
        onError: (err) => snackbar.show(errorMessage(err, t)),
        onSettled: () => setConfirmCancel(false),
      },
    );
  return (
    <Section title={t('finances:order.toggles.title')} testId="order-toggles">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1 }}>
        {TOGGLES.map(({ toggle, flag, label }) => {
          const allowed = order[flag] === true;
          const button = (
            <Button
              fullWidth
              size="small"
              variant={allowed ? 'contained' : 'outlined'}
              color={toggle === 'cancel' && order.status !== 'canceled' ? 'error' : 'primary'}
              disabled={!allowed || update.isPending}
              onClick={() => (toggle === 'cancel' && order.status !== 'canceled' ? setConfirmCancel(true) : run(toggle))}
              data-testid={`order-toggle-${toggle}`}
            >
              {t(`finances:order.toggles.${label(order)}`)}
            </Button>
          );
          // A disabled button says which rule holds it back.
          return allowed ? (
            <Box key={toggle}>{button}</Box>
          ) : (
            <Tooltip key={toggle} title={t(`finances:order.toggles.why.${toggle}`)}>
              <Box component="span" sx={{ display: 'block' }}>
                {button}
              </Box>
            </Tooltip>
          );
        })}
      </Box>
      <ConfirmDialog
        open={confirmCancel}
        title={t('finances:order.toggles.cancelTitle', { id: order.id })}
        text={t('finances:order.toggles.cancelText')}
        confirm={t('finances:order.toggles.cancel')}
        pending={update.isPending}
        onConfirm={() => run('cancel')}
        onClose={() => setConfirmCancel(false)}
      />
    </Section>
  );
}

function OrderChecks({ order, manage }: { order: OrderDto; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances']);
  const update = useUpdateOrder();
  // The box shows the click at once and keeps it until the order in hand agrees (a list read that
  // started before the save may still answer the old value); a refusal takes it back.
  const [asked, setAsked] = useState<{ check: Check; value: boolean } | null>(null);
  const set = (check: Check, value: boolean) => {
    setAsked({ check, value });
    update.mutate(
      { id: order.id, body: { [check]: value } },
      {
        onSuccess: ({ data }) => {
          // The answer is the truth, even where it is not what was asked.
          setAsked({ check, value: data[check] });
          snackbar.show(t('finances:messages.orderUpdated'), 'success');
        },
        onError: (err) => {
          setAsked(null);
          snackbar.show(errorMessage(err, t));
        },
      },
    );
  };
  const agreed = asked !== null && !update.isPending && order[asked.check] === asked.value;
  useEffect(() => {
    if (agreed) {
      setAsked(null);
    }
  }, [agreed]);
  const pending = asked !== null && !agreed;
  const checked = (check: Check) => (pending && asked?.check === check ? asked.value : order[check]);
  return (
    <Section title={t('finances:order.checks.title')} testId="order-checks">
      <Box sx={{ display: 'grid' }}>
        {CHECKS.map((check) =>
          manage ? (
            <FormControlLabel
              key={check}
              control={
                <Checkbox
                  size="small"
                  checked={checked(check)}
                  disabled={update.isPending}
                  onChange={(e) => set(check, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `order-${check}` } as object }}
                />
              }
              label={t(`finances:order.checks.${check}`)}
            />
          ) : (
            <Box
              key={check}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 0.5 }}
              data-testid={`order-${check}`}
              data-checked={order[check]}
            >
              {order[check] ? <CheckCircle fontSize="small" color="success" /> : <RadioButtonUnchecked fontSize="small" color="disabled" />}
              <Typography variant="body2">{t(`finances:order.checks.${check}`)}</Typography>
            </Box>
          ),
        )}
      </Box>
      {isFinancedOrder(order.payment_method) && (
        <Typography variant="caption" color="text.secondary">
          {t('finances:order.checks.omnicasHint')}
        </Typography>
      )}
    </Section>
  );
}

interface TermsDraft {
  payment_method: PaymentMethod | '';
  bank_code: (typeof BANK_CODES)[number] | '';
  contract_number: string;
  first_payment_month: string;
  payment_installments: string;
}

function draftOf(o: OrderDto): TermsDraft {
  return {
    payment_method: (o.payment_method ?? '') as TermsDraft['payment_method'],
    bank_code: (o.bank_code ?? '') as TermsDraft['bank_code'],
    contract_number: o.contract_number ?? '',
    first_payment_month: o.first_payment_month ?? '',
    payment_installments: o.payment_installments === null ? '' : String(o.payment_installments),
  };
}

/** "2026-11" → "11.2026" */
const monthLabel = (month: string) => month.split('-').reverse().join('.');

/** Payment method, bank, contract number, first month and instalments; the schedule the server computed. */
function OrderTerms({ order, manage }: { order: OrderDto; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances']);
  const update = useUpdateOrder();
  const saved = draftOf(order);
  const [draft, setDraft] = useState<TermsDraft>(saved);
  // The saved terms changed (this form, or another change of the order): an untouched form follows them.
  const savedKey = JSON.stringify(saved);
  const [base, setBase] = useState(savedKey);
  if (base !== savedKey) {
    setBase(savedKey);
    if (JSON.stringify(draft) === base) {
      setDraft(saved);
    }
  }
  const { setErrors, text: err, failed } = useFieldErrors();
  const changed = JSON.stringify(draft) !== savedKey;
  const instalments = draft.payment_installments.trim() === '' ? null : Number(draft.payment_installments);
  const instalmentsBad = instalments !== null && (!Number.isInteger(instalments) || instalments < 1 || instalments > 120);

  const save = () => {
    const body: OrderUpdateBody = {
      payment_method: draft.payment_method || null,
      bank_code: draft.bank_code || null,
      contract_number: draft.contract_number.trim() || null,
      first_payment_month: draft.first_payment_month || null,
      payment_installments: instalments,
    };
    setErrors({});
    update.mutate(
      { id: order.id, body },
      {
        onSuccess: () => snackbar.show(t('finances:messages.orderUpdated'), 'success'),
        onError: failed,
      },
    );
  };
  const field = { size: 'small', fullWidth: true, disabled: !manage } as const;

  return (
    <Section title={t('finances:order.terms.title')} testId="order-terms">
      <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5, pt: 0.5 }}>
        <PaymentMethodSelect
          {...field}
          label={t('finances:order.terms.method')}
          value={draft.payment_method}
          onChange={(v) => setDraft((d) => ({ ...d, payment_method: v as TermsDraft['payment_method'] }))}
          error={Boolean(err('payment_method'))}
          helperText={err('payment_method')}
          testId="order-payment-method"
        />
        <BankCodeSelect
          {...field}
          label={t('finances:order.terms.bank')}
          value={draft.bank_code}
          onChange={(v) => setDraft((d) => ({ ...d, bank_code: v as TermsDraft['bank_code'] }))}
          error={Boolean(err('bank_code'))}
          helperText={err('bank_code')}
          testId="order-bank-code"
        />
        <TextField
          {...field}
          label={t('finances:order.terms.contract')}
          value={draft.contract_number}
          onChange={(e) => setDraft((d) => ({ ...d, contract_number: e.target.value }))}
          error={Boolean(err('contract_number'))}
          helperText={err('contract_number')}
          sx={{ gridColumn: '1 / -1' }}
          slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'order-contract-number' } }}
        />
        <MonthField
          {...field}
          label={t('finances:order.terms.firstMonth')}
          value={draft.first_payment_month}
          onChange={(first_payment_month) => setDraft((d) => ({ ...d, first_payment_month }))}
          error={Boolean(err('first_payment_month'))}
          helperText={err('first_payment_month')}
          testId="order-first-month"
        />
        <TextField
          {...field}
          type="number"
          label={t('finances:order.terms.instalments')}
          value={draft.payment_installments}
          onChange={(e) => setDraft((d) => ({ ...d, payment_installments: e.target.value }))}
          error={instalmentsBad || Boolean(err('payment_installments'))}
          helperText={instalmentsBad ? t('finances:order.terms.instalmentsRange') : err('payment_installments')}
          slotProps={{ htmlInput: { min: 1, max: 120, step: 1, 'data-testid': 'order-instalments' } }}
        />
      </Box>
      {manage && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          {changed && (
            <Button size="small" onClick={() => setDraft(saved)} disabled={update.isPending}>
              {t('finances:actions.reset')}
            </Button>
          )}
          <Button
            size="small"
            variant="contained"
            disabled={!changed || instalmentsBad || update.isPending}
            onClick={save}
            data-testid="order-terms-save"
          >
            {t('finances:actions.save')}
          </Button>
        </Box>
      )}
      <Schedule order={order} />
    </Section>
  );
}

function Schedule({ order }: { order: OrderDto }) {
  const { t } = useTranslation(['common', 'finances']);
  if (order.schedule.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        {t('finances:order.schedule.none')}
      </Typography>
    );
  }
  return (
    <Box sx={{ mt: 1 }}>
      <Typography variant="caption" color="text.secondary">
        {t('finances:order.schedule.title', { count: order.schedule.length })}
      </Typography>
      <Box sx={{ maxHeight: 220, overflowY: 'auto' }}>
        <Table size="small" data-testid="order-schedule">
          <TableBody>
            {order.schedule.map((s, i) => (
              <TableRow key={s.month}>
                <TableCell sx={{ py: 0.25, width: 40, color: 'text.secondary' }}>{i + 1}.</TableCell>
                <TableCell sx={{ py: 0.25 }}>{monthLabel(s.month)}</TableCell>
                <TableCell sx={{ py: 0.25 }} align="right">
                  {formatMoney(s.amount)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
