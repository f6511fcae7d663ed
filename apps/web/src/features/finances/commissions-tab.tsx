import { Box, Button, Chip, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import {
  COMMISSION_STATUSES,
  DEFAULT_PAGE_SIZES,
  formatDate,
  formatMoney,
  formatNumber,
  isFinalCommission,
  PAGE_SIZES,
  type CommissionDto,
  type CommissionReason,
  type CommissionStatus,
} from '@bo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { useCommissionAgents, useCommissions, useSetCommissionStatus, type CommissionFilters } from './api.ts';
import { personName, StatusChip } from './finance-bits.tsx';

/** Spec 7: the commissions tab asks reason sale; the downlines tab the levels above the seller and the call agent. */
const REASONS: Record<'commissions' | 'downlines', readonly CommissionReason[]> = {
  commissions: ['sale'],
  downlines: ['l1', 'l2', 'l3', 'ca'],
};

export function CommissionsTab({ kind, manage }: { kind: 'commissions' | 'downlines'; manage: boolean }) {
  const { t } = useTranslation(['common', 'finances', 'tables']);
  const [filters, setFilters] = useState<CommissionFilters>({ status: '', agentId: null });
  const [toPay, setToPay] = useState<{ row: CommissionDto; status: CommissionStatus } | null>(null);
  const agents = useCommissionAgents(manage);
  const setStatus = useSetCommissionStatus();

  const change = (row: CommissionDto, status: CommissionStatus) =>
    setStatus.mutate(
      { id: row.id, status },
      {
        onSuccess: () => snackbar.show(t('finances:messages.commissionUpdated'), 'success'),
        onError: (err) => snackbar.show(errorMessage(err, t)),
        onSettled: () => setToPay(null),
      },
    );

  const columns = useMemo<DataTableColumn<CommissionDto>[]>(
    () => [
      { id: 'created_at', label: t('finances:commissions.columns.date'), width: 112, render: (c) => formatDate(c.created_at) },
      { id: 'agent', label: t('finances:commissions.columns.agent'), width: 160, alwaysVisible: true, render: (c) => personName(c.agent) },
      ...(kind === 'downlines'
        ? [
            {
              id: 'reason',
              label: t('finances:commissions.columns.reason'),
              width: 105,
              render: (c: CommissionDto) => t(`finances:reasons.${c.reason}`),
            },
          ]
        : []),
      { id: 'order', label: t('finances:commissions.columns.order'), width: 90, render: (c) => `#${c.order.id}` },
      { id: 'client', label: t('finances:commissions.columns.client'), width: 125, render: (c) => personName(c.order.client) },
      {
        id: 'contract',
        label: t('finances:commissions.columns.contract'),
        width: 130,
        visible: false,
        render: (c) => c.order.contract_number ?? '–',
      },
      {
        id: 'amount',
        label: t('finances:commissions.columns.amount'),
        width: 125,
        align: 'right',
        render: (c) => (
          <Box component="span" sx={{ color: c.amount < 0 ? 'error.main' : undefined, fontWeight: 500 }} data-testid="commission-amount">
            {formatMoney(c.amount)}
          </Box>
        ),
      },
      {
        id: 'kind',
        label: t('finances:commissions.columns.kind'),
        width: 100,
        render: (c) =>
          c.reverses_id !== null ? (
            <Tooltip title={t('finances:commissions.stornoOf', { id: c.reverses_id })}>
              <Chip
                size="small"
                color="error"
                variant="outlined"
                label={t('finances:commissions.storno')}
                data-testid="commission-storno"
              />
            </Tooltip>
          ) : (
            t('finances:commissions.commission')
          ),
      },
      {
        id: 'status',
        label: t('finances:commissions.columns.status'),
        width: 160,
        alwaysVisible: true,
        render: (c) =>
          manage && !isFinalCommission(c.status) ? (
            <TextField
              select
              size="small"
              variant="standard"
              value={c.status}
              disabled={setStatus.isPending}
              onChange={(e) => {
                const status = e.target.value as CommissionStatus;
                // Paid is final: ask first.
                if (isFinalCommission(status)) {
                  setToPay({ row: c, status });
                } else {
                  change(c, status);
                }
              }}
              slotProps={{
                select: {
                  SelectDisplayProps: {
                    'data-testid': 'commission-status-select',
                    'aria-label': t('finances:commissions.columns.status'),
                  } as object,
                },
              }}
              fullWidth
            >
              {COMMISSION_STATUSES.map((s) => (
                <MenuItem key={s} value={s} data-value={s}>
                  {t(`finances:statuses.commission.${s}`)}
                </MenuItem>
              ))}
            </TextField>
          ) : (
            <StatusChip kind="commission" status={c.status} />
          ),
      },
      {
        id: 'receipt',
        label: t('finances:commissions.columns.receipt'),
        width: 90,
        visible: kind === 'commissions',
        render: (c) => (c.receipt_id ? `#${c.receipt_id}` : '–'),
      },
    ],
    [t, kind, manage, setStatus.isPending],
  );
  const table = useDataTable({
    tableName: kind === 'commissions' ? 'finances_commissions' : 'finances_downlines',
    columns,
    pageSize: PAGE_SIZES.finances,
    pageSizes: DEFAULT_PAGE_SIZES,
  });
  const filterKey = JSON.stringify(filters);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    table.setPage(0);
  }
  const query = useCommissions(REASONS[kind], filters, { ...table.query, offset: shownFor === filterKey ? table.query.offset : 0 });
  const filtered = filters.status !== '' || filters.agentId !== null;

  return (
    <Box sx={{ mb: 2 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <FilterSelect
          label={t('finances:commissions.filters.status')}
          value={filters.status}
          onChange={(v) => setFilters((f) => ({ ...f, status: v as CommissionStatus | '' }))}
          allLabel={t('finances:orders.filters.all')}
          options={COMMISSION_STATUSES.map((s) => ({ value: s, label: t(`finances:statuses.commission.${s}`) }))}
          testId="commissions-status-filter"
          minWidth={170}
        />
        {manage && (
          <FilterSelect
            label={t('finances:commissions.filters.agent')}
            value={filters.agentId === null ? '' : String(filters.agentId)}
            onChange={(v) => setFilters((f) => ({ ...f, agentId: v ? Number(v) : null }))}
            allLabel={t('finances:orders.filters.allAgents')}
            options={(agents.data ?? []).map((a) => ({ value: String(a.id), label: personName(a) }))}
            testId="commissions-agent-filter"
            minWidth={200}
          />
        )}
        {filtered && (
          <Button size="small" onClick={() => setFilters({ status: '', agentId: null })}>
            {t('finances:orders.filters.reset')}
          </Button>
        )}
      </Box>
      <DataTable
        table={table}
        label={t(`finances:tabs.${kind}`)}
        rows={query.data?.data}
        total={query.data?.total}
        rowKey={(c) => c.id}
        loading={!query.data && !query.isError}
        fetching={query.isFetching}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        emptyText={t(`finances:commissions.empty.${kind}`)}
        toolbar={
          <Typography variant="body2" color="text.secondary" data-testid="commissions-total">
            {t('finances:commissions.total', { count: query.data?.total ?? 0, shown: formatNumber(query.data?.total ?? 0) })}
          </Typography>
        }
        testIds={{ table: `${kind}-table`, row: 'commission-row' }}
        rowAttributes={(c) => ({
          'data-commission-id': c.id,
          'data-order-id': c.order.id,
          'data-agent-id': c.agent.id,
          'data-reason': c.reason,
          'data-status': c.status,
        })}
      />
      <ConfirmDialog
        open={toPay !== null}
        title={t('finances:commissions.payTitle')}
        text={
          toPay
            ? t('finances:commissions.payText', {
                amount: formatMoney(toPay.row.amount),
                agent: personName(toPay.row.agent),
                status: t(`finances:statuses.commission.${toPay.status}`),
              })
            : ''
        }
        confirm={toPay ? t(`finances:statuses.commission.${toPay.status}`) : ''}
        pending={setStatus.isPending}
        onClose={() => setToPay(null)}
        onConfirm={() => toPay && change(toPay.row, toPay.status)}
      />
    </Box>
  );
}
