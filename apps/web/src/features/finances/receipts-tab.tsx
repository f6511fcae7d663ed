import Add from '@mui/icons-material/Add';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Refresh from '@mui/icons-material/Refresh';
import { Box, Button, IconButton, Tooltip, Typography } from '@mui/material';
import { DEFAULT_PAGE_SIZES, formatDate, formatMoney, formatNumber, isFinalReceipt, PAGE_SIZES, type ReceiptRowDto } from '@bo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { receiptPdfPath, useCommissionAgents, useDeleteReceipt, useRebuildReceipt, useReceipts } from './api.ts';
import { personName, RowAction, StatusChip } from './finance-bits.tsx';
import { CreateReceiptDialog, ReceiptDialog } from './receipt-dialogs.tsx';

/** Commission receipts: an agent's open commissions of a period gathered, printed, rebuilt and paid. */
export function ReceiptsTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation(['common', 'finances', 'tables']);
  const [agentId, setAgentId] = useState<number | null>(null);
  const [creating, setCreating] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [toDelete, setToDelete] = useState<ReceiptRowDto | null>(null);
  const agents = useCommissionAgents(manage);
  const rebuild = useRebuildReceipt();
  const remove = useDeleteReceipt();

  const columns = useMemo<DataTableColumn<ReceiptRowDto>[]>(
    () => [
      { id: 'id', label: t('finances:receipts.columns.id'), width: 70, render: (r) => `#${r.id}` },
      { id: 'agent', label: t('finances:receipts.columns.agent'), width: 170, alwaysVisible: true, render: (r) => personName(r.agent) },
      {
        id: 'period',
        label: t('finances:receipts.columns.period'),
        width: 215,
        render: (r) => `${formatDate(r.period_from)} – ${formatDate(r.period_to)}`,
      },
      { id: 'count', label: t('finances:receipts.columns.count'), width: 100, align: 'right', render: (r) => r.commissions_count },
      {
        id: 'total',
        label: t('finances:receipts.columns.total'),
        width: 130,
        align: 'right',
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500 }} data-testid="receipt-total">
            {formatMoney(r.total)}
          </Box>
        ),
      },
      {
        id: 'status',
        label: t('finances:receipts.columns.status'),
        width: 110,
        render: (r) => <StatusChip kind="receipt" status={r.status} />,
      },
      {
        id: 'created_at',
        label: t('finances:receipts.columns.created'),
        width: 110,
        visible: false,
        render: (r) => formatDate(r.created_at),
      },
      {
        id: 'paid_at',
        label: t('finances:receipts.columns.paid'),
        width: 110,
        visible: false,
        render: (r) => (r.paid_at ? formatDate(r.paid_at) : '–'),
      },
      {
        id: 'actions',
        label: t('finances:receipts.columns.actions'),
        width: 130,
        align: 'right',
        alwaysVisible: true,
        render: (r) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }} onClick={(e) => e.stopPropagation()}>
            <Tooltip title={t('finances:receipts.pdf')}>
              <IconButton size="small" component="a" href={receiptPdfPath(r.id)} download data-testid="receipt-pdf">
                <PictureAsPdfOutlined fontSize="small" />
              </IconButton>
            </Tooltip>
            {manage && !isFinalReceipt(r.status) && (
              <>
                <Tooltip title={t('finances:receipts.rebuild')}>
                  <IconButton
                    size="small"
                    disabled={rebuild.isPending}
                    onClick={() =>
                      rebuild.mutate(r.id, {
                        onSuccess: () => snackbar.show(t('finances:messages.receiptRebuilt'), 'success'),
                        onError: (err) => snackbar.show(errorMessage(err, t)),
                      })
                    }
                    data-testid="receipt-rebuild"
                  >
                    <Refresh fontSize="small" />
                  </IconButton>
                </Tooltip>
                <RowAction kind="delete" onClick={() => setToDelete(r)} testId="receipt-delete" />
              </>
            )}
          </Box>
        ),
      },
    ],
    [t, manage, rebuild],
  );
  const table = useDataTable({ tableName: 'finances_receipts', columns, pageSize: PAGE_SIZES.finances, pageSizes: DEFAULT_PAGE_SIZES });
  const [shownFor, setShownFor] = useState(agentId);
  if (shownFor !== agentId) {
    setShownFor(agentId);
    table.setPage(0);
  }
  const query = useReceipts(agentId, { ...table.query, offset: shownFor === agentId ? table.query.offset : 0 });

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        {manage && (
          <>
            <FilterSelect
              label={t('finances:receipts.filters.agent')}
              value={agentId === null ? '' : String(agentId)}
              onChange={(v) => setAgentId(v ? Number(v) : null)}
              allLabel={t('finances:orders.filters.allAgents')}
              options={(agents.data ?? []).map((a) => ({ value: String(a.id), label: personName(a) }))}
              testId="receipts-agent-filter"
              minWidth={220}
            />
            <Box sx={{ flexGrow: 1 }} />
            <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="receipt-create">
              {t('finances:receipts.create')}
            </Button>
          </>
        )}
      </Box>
      <DataTable
        table={table}
        label={t('finances:tabs.receipts')}
        rows={query.data?.data}
        total={query.data?.total}
        rowKey={(r) => r.id}
        loading={!query.data && !query.isError}
        fetching={query.isFetching}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        emptyText={t(manage ? 'finances:receipts.empty' : 'finances:receipts.emptyAgent')}
        toolbar={
          <Typography variant="body2" color="text.secondary" data-testid="receipts-total">
            {t('finances:receipts.total', { count: query.data?.total ?? 0, shown: formatNumber(query.data?.total ?? 0) })}
          </Typography>
        }
        onRowClick={(r) => setOpenId(r.id)}
        testIds={{ table: 'receipts-table', row: 'receipt-row' }}
        rowAttributes={(r) => ({ 'data-receipt-id': r.id, 'data-agent-id': r.agent.id, 'data-status': r.status })}
      />
      {creating && (
        <CreateReceiptDialog
          agents={agents.data ?? []}
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            setOpenId(id);
          }}
        />
      )}
      {openId !== null && <ReceiptDialog id={openId} manage={manage} onClose={() => setOpenId(null)} onDelete={setToDelete} />}
      <ConfirmDialog
        open={toDelete !== null}
        title={t('finances:receipts.deleteTitle', { id: toDelete?.id ?? '' })}
        text={toDelete ? t('finances:receipts.deleteText', { agent: personName(toDelete.agent), total: formatMoney(toDelete.total) }) : ''}
        confirm={t('finances:actions.delete')}
        pending={remove.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={() =>
          toDelete &&
          remove.mutate(toDelete.id, {
            onSuccess: () => {
              snackbar.show(t('finances:messages.receiptDeleted'), 'success');
              if (openId === toDelete.id) {
                setOpenId(null);
              }
            },
            onError: (err) => snackbar.show(errorMessage(err, t)),
            onSettled: () => setToDelete(null),
          })
        }
      />
    </Box>
  );
}
