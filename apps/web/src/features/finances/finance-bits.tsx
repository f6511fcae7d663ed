import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Chip, IconButton, MenuItem, Paper, TextField, Tooltip, Typography, type ChipProps, type TextFieldProps } from '@mui/material';
import {
  BANK_CODES,
  PAYMENT_METHODS,
  type CommissionStatus,
  type DeliveryStatus,
  type OrderStatus,
  type PaymentStatus,
  type ReceiptStatus,
} from '@bo/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Colour = NonNullable<ChipProps['color']>;

/** Waiting for us (info), waiting for money or a decision (warning), done (success), stopped (default). */
const COLOURS = {
  order: { open: 'info', pending: 'warning', closed: 'success', canceled: 'default', on_hold: 'secondary' },
  payment: { open: 'default', pending: 'warning', paid: 'success' },
  delivery: { not_delivered: 'default', main_product_delivered: 'info', delivered: 'success' },
  commission: { open: 'info', pending: 'warning', paid: 'success', paid_as_discount: 'success' },
  receipt: { open: 'warning', paid: 'success' },
} as const satisfies {
  order: Record<OrderStatus, Colour>;
  payment: Record<PaymentStatus, Colour>;
  delivery: Record<DeliveryStatus, Colour>;
  commission: Record<CommissionStatus, Colour>;
  receipt: Record<ReceiptStatus, Colour>;
};

export type StatusKind = keyof typeof COLOURS;

/** A status as a small chip in its colour; `data-status` carries the value for tests and scripts. */
export function StatusChip({ kind, status }: { kind: StatusKind; status: string }) {
  const { t } = useTranslation(['common', 'finances']);
  const colour: Colour = (COLOURS[kind] as Record<string, Colour>)[status] ?? 'default';
  const label = t(`finances:statuses.${kind}.${status}`, { defaultValue: status });
  return (
    <Chip
      size="small"
      color={colour}
      variant={kind === 'commission' && status === 'paid_as_discount' ? 'outlined' : 'filled'}
      label={label}
      // In a narrow column the label is cut with an ellipsis; the whole of it shows on hover.
      title={label}
      sx={{ maxWidth: '100%', '& .MuiChip-label': { px: 1 } }}
      data-status={status}
      data-testid={`${kind}-status`}
    />
  );
}

/** "Name Surname", or a dash for nobody. */
export function personName(person: { name: string; surname: string } | null | undefined): string {
  return person ? `${person.name} ${person.surname}`.trim() || '–' : '–';
}

/**
 * What a refused change says: the server's identifier translated, and for a refusal ("Not allowed.")
 * also its reason, which names the rule that stopped it.
 */

/** Today in Zurich as YYYY-MM-DD, the default of date fields. */
export function todayIso(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date());
}

/** A titled box inside the open order. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 1.5, minWidth: 0 }} data-testid={testId}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A labelled figure: a sum, a date, a count. */
export function Figure({ label, value, testId, strong }: { label: string; value: string; testId?: string; strong?: boolean }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Typography variant="body2" sx={{ fontWeight: strong ? 600 : 400 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}

/** A row's edit or delete button with its tooltip (`title` names the action where "delete" says too little). */
export function RowAction({
  kind,
  onClick,
  testId,
  title,
}: {
  kind: 'edit' | 'delete';
  onClick: () => void;
  testId: string;
  title?: string;
}) {
  const { t } = useTranslation(['finances']);
  return (
    <Tooltip title={title ?? t(`finances:actions.${kind}`)}>
      <IconButton size="small" onClick={onClick} data-testid={testId}>
        {kind === 'edit' ? <EditOutlined fontSize="small" /> : <DeleteOutline fontSize="small" />}
      </IconButton>
    </Tooltip>
  );
}

type TermSelectProps = { label: string; value: string; onChange: (value: string) => void; testId: string } & Pick<
  TextFieldProps,
  'size' | 'fullWidth' | 'disabled' | 'error' | 'helperText'
>;

/** One of the options, or none (''): the payment method and bank code of the order's terms and of a payment. */
function TermSelect({
  label,
  value,
  onChange,
  testId,
  options,
  ...field
}: TermSelectProps & { options: { value: string; label: string }[] }) {
  const { t } = useTranslation(['finances']);
  return (
    <TextField
      {...field}
      select
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      <MenuItem value="">{t('finances:order.terms.none')}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} data-value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function PaymentMethodSelect(props: TermSelectProps) {
  const { t } = useTranslation(['finances']);
  return <TermSelect {...props} options={PAYMENT_METHODS.map((m) => ({ value: m, label: t(`finances:paymentMethods.${m}`) }))} />;
}

export function BankCodeSelect(props: TermSelectProps) {
  return <TermSelect {...props} options={BANK_CODES.map((b) => ({ value: b, label: b }))} />;
}
