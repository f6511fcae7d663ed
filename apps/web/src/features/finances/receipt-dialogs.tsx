import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { formatDate, formatMoney, isFinalReceipt, type ReceiptRowDto, type UserListItemDto } from '@bo/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useFieldErrors } from '../../ui/field-errors.ts';
import { receiptPdfPath, useCreateReceipt, usePayReceipt, useRebuildReceipt, useReceipt } from './api.ts';
import { Figure, personName, StatusChip, todayIso } from './finance-bits.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DateField } from '../../ui/date-fields.tsx';

/** POST /api/finances/receipt/{agentId}: an agent and a period; the receipt gathers the agent's open commissions of it. */
export function CreateReceiptDialog({
  agents,
  onClose,
  onCreated,
}: {
  agents: readonly UserListItemDto[];
  onClose: () => void;
  onCreated: (id: number) => void;
}) {
  const { t } = useTranslation(['common', 'finances']);
  const id = useId();
  const create = useCreateReceipt();
  const today = todayIso();
  const [agentId, setAgentId] = useState<number | ''>('');
  const [from, setFrom] = useState(`${today.slice(0, 7)}-01`);
  const [to, setTo] = useState(today);
  const { setErrors, text: err, failed } = useFieldErrors();
  const submit = () => {
    if (agentId === '') {
      setErrors({ agent: 'field_is_required' });
      return;
    }
    create.mutate(
      { agentId, from, to },
      {
        onSuccess: ({ data }) => {
          snackbar.show(t('finances:messages.receiptCreated'), 'success');
          onCreated(data.id);
        },
        onError: failed,
      },
    );
  };
  return (
    <Dialog
      open
      onClose={create.isPending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      maxWidth="xs"
      fullWidth
      data-testid="receipt-create-dialog"
    >
      <DialogTitle id={`${id}-title`}>{t('finances:receipts.create')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('finances:receipts.createIntro')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2 }}>
          <TextField
            select
            size="small"
            label={t('finances:receipts.agent')}
            value={agentId === '' ? '' : String(agentId)}
            onChange={(e) => setAgentId(e.target.value ? Number(e.target.value) : '')}
            error={Boolean(err('agent'))}
            helperText={err('agent')}
            slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'receipt-agent' } as object } }}
          >
            {agents.map((a) => (
              <MenuItem key={a.id} value={String(a.id)} data-value={a.id}>
                {personName(a)} · {t(`roles.${a.role.code}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 2 }}>
            <DateField
              label={t('finances:receipts.from')}
              value={from}
              onChange={setFrom}
              error={Boolean(err('from'))}
              helperText={err('from')}
              testId="receipt-from"
            />
            <DateField
              label={t('finances:receipts.to')}
              value={to}
              onChange={setTo}
              error={Boolean(err('to'))}
              helperText={err('to') && t('finances:receipts.toBeforeFrom')}
              testId="receipt-to"
            />
          </Box>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={create.isPending}>
          {t('finances:actions.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={create.isPending || !from || !to}
          startIcon={create.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="receipt-create-submit"
        >
          {t('finances:receipts.build')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** One receipt with the commission rows it holds; an open one may be rebuilt, paid or deleted. */
export function ReceiptDialog({
  id,
  manage,
  onClose,
  onDelete,
}: {
  id: number;
  manage: boolean;
  onClose: () => void;
  onDelete: (r: ReceiptRowDto) => void;
}) {
  const { t } = useTranslation(['common', 'finances']);
  const titleId = useId();
  const query = useReceipt(id);
  const rebuild = useRebuildReceipt();
  const pay = usePayReceipt();
  const receipt = query.data?.data;
  const rows = query.data?.commissions ?? [];
  const [confirmPay, setConfirmPay] = useState(false);
  const busy = rebuild.isPending || pay.isPending;
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
      data-testid="receipt-dialog"
      data-receipt-id={id}
    >
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        {t('finances:receipts.title', { id })}
        {receipt && <StatusChip kind="receipt" status={receipt.status} />}
      </DialogTitle>
      <DialogContent dividers>
        {query.isError && <Alert severity="error">{errorMessage(query.error, t)}</Alert>}
        {!receipt && !query.isError && <CircularProgress size={24} />}
        {receipt && (
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, mb: 2 }}>
              <Figure label={t('finances:receipts.agent')} value={personName(receipt.agent)} />
              <Figure
                label={t('finances:receipts.columns.period')}
                value={`${formatDate(receipt.period_from)} – ${formatDate(receipt.period_to)}`}
              />
              <Figure
                label={t('finances:receipts.columns.count')}
                value={String(receipt.commissions_count)}
                testId="receipt-dialog-count"
              />
              <Figure
                label={t('finances:receipts.columns.total')}
                value={formatMoney(receipt.total)}
                testId="receipt-dialog-total"
                strong
              />
              {receipt.paid_at && <Figure label={t('finances:receipts.columns.paid')} value={formatDate(receipt.paid_at)} />}
            </Box>
            {rows.length === 0 ? (
              <Typography color="text.secondary">{t('finances:receipts.noCommissions')}</Typography>
            ) : (
              <Table size="small" data-testid="receipt-commissions">
                <TableHead>
                  <TableRow>
                    <TableCell>{t('finances:commissions.columns.date')}</TableCell>
                    <TableCell>{t('finances:commissions.columns.order')}</TableCell>
                    <TableCell>{t('finances:commissions.columns.client')}</TableCell>
                    <TableCell>{t('finances:commissions.columns.reason')}</TableCell>
                    <TableCell align="right">{t('finances:commissions.columns.amount')}</TableCell>
                    <TableCell>{t('finances:commissions.columns.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {rows.map((c) => (
                    <TableRow key={c.id} data-testid="receipt-commission" data-order-id={c.order.id}>
                      <TableCell>{formatDate(c.created_at)}</TableCell>
                      <TableCell>#{c.order.id}</TableCell>
                      <TableCell>{personName(c.order.client)}</TableCell>
                      <TableCell>
                        {t(`finances:reasons.${c.reason}`)}
                        {c.reverses_id !== null && ` · ${t('finances:commissions.storno')}`}
                      </TableCell>
                      <TableCell align="right" sx={{ color: c.amount < 0 ? 'error.main' : undefined, whiteSpace: 'nowrap' }}>
                        {formatMoney(c.amount)}
                      </TableCell>
                      <TableCell>
                        <StatusChip kind="commission" status={c.status} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button component="a" href={receiptPdfPath(id)} download startIcon={<PictureAsPdfOutlined />} data-testid="receipt-dialog-pdf">
          {t('finances:receipts.pdf')}
        </Button>
        {manage && receipt && !isFinalReceipt(receipt.status) && (
          <>
            <Button color="error" onClick={() => onDelete(receipt)} disabled={busy} data-testid="receipt-dialog-delete">
              {t('finances:actions.delete')}
            </Button>
            <Button
              onClick={() =>
                rebuild.mutate(id, {
                  onSuccess: () => snackbar.show(t('finances:messages.receiptRebuilt'), 'success'),
                  onError: (err) => snackbar.show(errorMessage(err, t)),
                })
              }
              disabled={busy}
              data-testid="receipt-dialog-rebuild"
            >
              {t('finances:receipts.rebuild')}
            </Button>
            <Button
              variant="contained"
              onClick={() => setConfirmPay(true)}
              disabled={busy || rows.length === 0}
              data-testid="receipt-dialog-pay"
            >
              {t('finances:receipts.markPaid')}
            </Button>
          </>
        )}
        <Button onClick={onClose} disabled={busy} data-testid="receipt-dialog-close">
          {t('finances:actions.close')}
        </Button>
      </DialogActions>
      <ConfirmDialog
        open={confirmPay}
        title={t('finances:receipts.payTitle', { id })}
        text={receipt ? t('finances:receipts.payText', { agent: personName(receipt.agent), total: formatMoney(receipt.total) }) : ''}
        confirm={t('finances:receipts.markPaid')}
        pending={pay.isPending}
        onClose={() => setConfirmPay(false)}
        onConfirm={() =>
          pay.mutate(id, {
            onSuccess: () => snackbar.show(t('finances:messages.receiptPaid'), 'success'),
            onError: (err) => snackbar.show(errorMessage(err, t)),
            onSettled: () => setConfirmPay(false),
          })
        }
        testIds={{ dialog: 'receipt-pay-dialog' }}
      />
    </Dialog>
  );
}
