import { Box, Paper, Table, TableBody, TableCell, TableHead, TableRow, TextField, Typography } from '@mui/material';
import { formatMoney, PAYMENT_METHODS } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceGrid, IntField, MoneyField, Question } from './inputs.tsx';
import { LinesEditor } from './order-lines.tsx';
import { useFieldError, type StepProps } from './step-props.ts';
import { formatMonth, instalmentSchedule, orderTotals, type OrderTotals } from './totals.ts';
import { MonthField } from '../../ui/date-fields.tsx';

/** '10': the products of the order. */
export function OrderProductsStep({ draft, dispatch, products, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  return (
    <Question title={t('perform:q.order_products')} hint={t('perform:hint.order_products')}>
      <LinesEditor
        lines={draft.lines}
        products={products}
        onAdd={(line) => dispatch({ type: 'addLine', line })}
        onUpdate={(key, patch) => dispatch({ type: 'updateLine', key, patch })}
        onRemove={(key) => dispatch({ type: 'removeLine', key })}
        errors={errors}
      />
      <TotalsBox totals={totalsOf({ draft, products })} />
    </Question>
  );
}

/** '11': the discount the client gets for recommendations. */
export function DiscountStep({ draft, set, products, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const { t: tc } = useTranslation();
  const fieldError = useFieldError(errors);
  const totals = totalsOf({ draft, products });
  // Said at once, as the server refuses it: the discount is at most what the lines sell for.
  const tooLarge = totals.discount > totals.sold ? tc('validation.discount_exceeds_sale') : undefined;
  return (
    <Question title={t('perform:q.discount')} hint={t('perform:hint.discount')}>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <MoneyField
          label={t('perform:fields.discount_rec_sum')}
          value={draft.discount_rec_sum}
          onChange={(discount_rec_sum) => set({ discount_rec_sum })}
          error={fieldError('discount_rec_sum') ?? tooLarge}
          testId="answer-discount-sum"
        />
        <IntField
          label={t('perform:fields.discount_rec_count')}
          value={draft.discount_rec_count}
          onChange={(discount_rec_count) => set({ discount_rec_count })}
          min={0}
          max={100}
          error={fieldError('discount_rec_count')}
          testId="answer-discount-count"
        />
      </Box>
      <TotalsBox totals={totals} />
    </Question>
  );
}

/** '12': how the client pays, and the instalments. */
export function PaymentStep({ draft, set, products, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  const totals = totalsOf({ draft, products });
  const schedule =
    draft.payment_installments !== null && Number.isFinite(draft.payment_installments)
      ? instalmentSchedule(totals.total, draft.first_payment_month, draft.payment_installments)
      : [];
  return (
    <Question title={t('perform:q.payment_method')}>
      <ChoiceGrid
        columns={3}
        choices={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`perform:paymentMethods.${m}`) }))}
        value={draft.payment_method}
        onChange={(payment_method) => set({ payment_method })}
        testId="answer-payment-method"
      />
      {fieldError('payment_method') && (
        <Typography color="error" variant="body2">
          {fieldError('payment_method')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' }, alignItems: 'start' }}>
        <MoneyField
          label={t('perform:fields.bank_processing_commission')}
          value={draft.bank_processing_commission}
          onChange={(v) => set({ bank_processing_commission: v ?? 0 })}
          error={fieldError('bank_processing_commission')}
          testId="answer-bank-commission"
        />
        <MonthField
          label={t('perform:fields.first_payment_month')}
          value={draft.first_payment_month}
          onChange={(first_payment_month) => set({ first_payment_month })}
          error={Boolean(fieldError('first_payment_month'))}
          helperText={fieldError('first_payment_month')}
          size="medium"
          testId="answer-first-month"
        />
        <IntField
          label={t('perform:fields.payment_installments')}
          value={draft.payment_installments}
          onChange={(payment_installments) => set({ payment_installments })}
          min={1}
          max={120}
          error={fieldError('payment_installments')}
          testId="answer-installments"
        />
      </Box>
      <TotalsBox totals={totals} />
      {schedule.length > 0 && (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={t('perform:schedule.title')} data-testid="instalment-schedule">
            <TableHead>
              <TableRow>
                <TableCell>{t('perform:schedule.number')}</TableCell>
                <TableCell>{t('perform:schedule.month')}</TableCell>
                <TableCell align="right">{t('perform:schedule.amount')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {schedule.map((row, i) => (
                <TableRow key={row.month} data-testid="instalment-row">
                  <TableCell>{i + 1}</TableCell>
                  <TableCell>{formatMonth(row.month)}</TableCell>
                  <TableCell align="right">{formatMoney(row.amount)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      )}
    </Question>
  );
}

/** '13': the number of the signed contract. */
export function ContractNumberStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  return (
    <Question title={t('perform:q.contract_number')}>
      <TextField
        label={t('perform:fields.contract_number')}
        value={draft.contract_number ?? ''}
        onChange={(e) => set({ contract_number: e.target.value })}
        error={Boolean(fieldError('contract_number'))}
        helperText={fieldError('contract_number')}
        slotProps={{ htmlInput: { maxLength: 50, 'data-testid': 'answer-contract-number' } }}
        sx={{ maxWidth: 400 }}
      />
    </Question>
  );
}

function totalsOf({ draft, products }: Pick<StepProps, 'draft' | 'products'>): OrderTotals {
  const prices = new Map(products.map((p) => [p.id, p.default_price]));
  return orderTotals(draft.lines, draft, (id) => prices.get(id) ?? 0);
}

function TotalsBox({ totals }: { totals: OrderTotals }) {
  const { t } = useTranslation(['perform']);
  const rows: [string, number, string][] = [
    [t('perform:totals.sold'), totals.sold, 'sold'],
    [t('perform:totals.discount'), -totals.discount, 'discount'],
    [t('perform:totals.commission'), totals.commission, 'commission'],
  ];
  return (
    <Box
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 3, rowGap: 0.5, ml: 'auto', minWidth: 260 }}
      data-testid="order-totals"
    >
      {rows.map(([label, amount, id]) => (
        <Box key={id} sx={{ display: 'contents' }}>
          <Typography color="text.secondary">{label}</Typography>
          <Typography sx={{ textAlign: 'right' }} data-testid={`totals-${id}`}>
            {formatMoney(amount)}
          </Typography>
        </Box>
      ))}
      <Typography sx={{ fontWeight: 600 }}>{t('perform:totals.total')}</Typography>
      <Typography sx={{ fontWeight: 600, textAlign: 'right' }} data-testid="totals-total">
        {formatMoney(totals.total)}
      </Typography>
    </Box>
  );
}
