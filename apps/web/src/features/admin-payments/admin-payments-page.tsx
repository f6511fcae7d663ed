import DoneAll from '@mui/icons-material/DoneAll';
import { Box, Button, Checkbox, Paper, Table, TableBody, TableCell, TableContainer, TableHead, TableRow, Typography } from '@mui/material';
import { formatDate, formatMoney, zurichClock, type ReceiptRowDto, type UnreceiptedDto } from '@bo/domain';
import { createContext, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useAdminPayments, useCreateReceipt, useMarkPaid } from './api.ts';

const person = (p: { name: string; surname: string }) => `${p.name} ${p.surname}`;

function todayInZurich(): string {
  const c = zurichClock(new Date());
  return `${c.year}-${String(c.month).padStart(2, '0')}-${String(c.day).padStart(2, '0')}`;
}

interface Selection {
  selected: ReadonlyMap<number, ReceiptRowDto>;
  toggle: (r: ReceiptRowDto, on: boolean) => void;
}
/** The chosen receipts, read by each row's checkbox (the columns stay the same while the choice changes). */
const SelectionContext = createContext<Selection>({ selected: new Map(), toggle: () => undefined });

function SelectCell({ receipt }: { receipt: ReceiptRowDto }) {
  const { t } = useTranslation('payments');
  const { selected, toggle } = useContext(SelectionContext);
  return (
    <Checkbox
      size="small"
      checked={selected.has(receipt.id)}
      onChange={(e) => toggle(receipt, e.target.checked)}
      slotProps={{ input: { 'aria-label': t('payments:selectReceipt', { id: receipt.id, agent: person(receipt.agent) }) } }}
      data-testid="payment-select"
    />
  );
}

/** What the company owes its agents: open commission receipts to pay, and commissions no receipt holds yet. */
export function AdminPaymentsPage() {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const [selected, setSelected] = useState<ReadonlyMap<number, ReceiptRowDto>>(new Map());
  const [confirming, setConfirming] = useState(false);
  const markPaid = useMarkPaid();

  const toggle = (r: ReceiptRowDto, on: boolean) =>
    setSelected((s) => {
      const next = new Map(s);
      if (on) {
        next.set(r.id, r);
      } else {
        next.delete(r.id);
      }
      return next;
    });

  const columns = useMemo<DataTableColumn<ReceiptRowDto>[]>(
    () => [
      {
        id: 'select',
        label: t('payments:columns.select'),
        width: 96,
        alwaysVisible: true,
        render: (r) => <SelectCell receipt={r} />,
      },
      { id: 'id', label: t('payments:columns.id'), width: 80, render: (r) => r.id },
      { id: 'agent', label: t('payments:columns.agent'), width: 200, alwaysVisible: true, render: (r) => person(r.agent) },
      {
        id: 'period',
        label: t('payments:columns.period'),
        width: 200,
        render: (r) => `${formatDate(r.period_from)} – ${formatDate(r.period_to)}`,
      },
      { id: 'count', label: t('payments:columns.count'), width: 130, align: 'right', render: (r) => r.commissions_count },
      { id: 'total', label: t('payments:columns.total'), width: 150, align: 'right', render: (r) => formatMoney(r.total) },
      { id: 'created_at', label: t('payments:columns.created'), width: 130, render: (r) => formatDate(r.created_at) },
    ],
    [t],
  );
  const table = useDataTable({ tableName: 'admin_payments', columns, pageSize: 100, pageSizes: [25, 50, 100, 200] });
  const query = useAdminPayments(table.query);
  const rows = query.data?.receipts.data;
  const chosen = [...selected.values()];
  const chosenTotal = chosen.reduce((s, r) => s + r.total, 0);
  const allOnPage = rows !== undefined && rows.length > 0 && rows.every((r) => selected.has(r.id));

  const confirm = () =>
    markPaid.mutate(
      chosen.map((r) => r.id),
      {
        onSuccess: (answer) => {
          snackbar.show(t('payments:paid', { n: answer.data.updated }), 'success');
          setSelected(new Map());
          setConfirming(false);
        },
        onError: (err) => {
          snackbar.show(errorMessage(err, tc));
          setConfirming(false);
        },
      },
    );

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.adminPayments')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('payments:intro')}
      </Typography>
      <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
        {t('payments:receiptsTitle')}
      </Typography>
      <SelectionContext.Provider value={{ selected, toggle }}>
        <DataTable
          table={table}
          label={t('payments:receiptsTitle')}
          rows={rows}
          total={query.data?.receipts.total}
          rowKey={(r) => r.id}
          loading={query.isPending}
          fetching={query.isFetching}
          error={query.error}
          onRetry={() => void query.refetch()}
          emptyText={t('payments:emptyReceipts')}
          rowAttributes={(r) => ({ 'data-receipt-id': r.id, 'data-agent-id': r.agent.id })}
          testIds={{ table: 'payments-table', row: 'payment-row' }}
          toolbar={
            <>
              <Checkbox
                size="small"
                checked={allOnPage}
                indeterminate={!allOnPage && rows?.some((r) => selected.has(r.id))}
                disabled={!rows?.length}
                onChange={(e) => rows?.forEach((r) => toggle(r, e.target.checked))}
                slotProps={{ input: { 'aria-label': t('payments:selectPage') } }}
                data-testid="payment-select-page"
              />
              <Button
                variant="contained"
                size="small"
                startIcon={<DoneAll />}
                disabled={chosen.length === 0}
                onClick={() => setConfirming(true)}
                data-testid="mark-paid"
              >
                {chosen.length > 0
                  ? t('payments:markPaidCount', { n: chosen.length, total: formatMoney(chosenTotal) })
                  : t('payments:markPaid')}
              </Button>
            </>
          }
        />
      </SelectionContext.Provider>
      <ConfirmDialog
        open={confirming}
        title={t('payments:confirmTitle', { n: chosen.length })}
        text={t('payments:confirmText', { n: chosen.length, total: formatMoney(chosenTotal) })}
        confirm={t('payments:markPaid')}
        pending={markPaid.isPending}
        onConfirm={confirm}
        onClose={() => setConfirming(false)}
        testIds={{ dialog: 'mark-paid-dialog', confirm: 'mark-paid-confirm' }}
      />
      <Typography variant="h6" component="h2" sx={{ mt: 4, mb: 1 }}>
        {t('payments:unreceiptedTitle')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 1 }}>
        {t('payments:unreceiptedIntro')}
      </Typography>
      <UnreceiptedTable rows={query.data?.unreceipted} />
    </Box>
  );
}

function UnreceiptedTable({ rows }: { rows: UnreceiptedDto[] | undefined }) {
  const { t } = useTranslation('payments');
  const { t: tc } = useTranslation();
  const create = useCreateReceipt();
  const gather = (u: UnreceiptedDto) =>
    create.mutate(
      { agentId: u.agent.id, from: u.oldest, to: todayInZurich() },
      {
        onSuccess: (answer) =>
          snackbar.show(t('payments:receiptCreated', { agent: person(u.agent), total: formatMoney(answer.data.total) }), 'success'),
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  const total = rows?.reduce((s, u) => s + u.total, 0) ?? 0;
  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label={t('payments:unreceiptedTitle')} data-testid="unreceipted-table">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('payments:columns.agent')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('payments:columns.since')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('payments:columns.count')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('payments:columns.total')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                {t('payments:columns.action')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows?.map((u) => (
              <TableRow key={u.agent.id} data-testid="unreceipted-row" data-agent-id={u.agent.id}>
                <TableCell>{person(u.agent)}</TableCell>
                <TableCell>{formatDate(u.oldest)}</TableCell>
                <TableCell align="right">{u.count}</TableCell>
                <TableCell align="right">{formatMoney(u.total)}</TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    variant="outlined"
                    disabled={create.isPending}
                    onClick={() => gather(u)}
                    data-testid="create-receipt"
                  >
                    {t('payments:createReceipt')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
            {rows?.length === 0 && (
              <TableRow>
                <TableCell colSpan={5}>
                  <Typography color="text.secondary" sx={{ py: 1 }}>
                    {t('payments:emptyUnreceipted')}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
            {rows && rows.length > 1 && (
              <TableRow>
                <TableCell colSpan={3} sx={{ fontWeight: 600 }}>
                  {t('payments:sum')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600 }}>
                  {formatMoney(total)}
                </TableCell>
                <TableCell />
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
