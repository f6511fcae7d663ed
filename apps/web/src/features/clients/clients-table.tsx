import FileDownload from '@mui/icons-material/FileDownload';
import IosShare from '@mui/icons-material/IosShare';
import { Alert, Box, Button, Typography } from '@mui/material';
import { CLIENT_TOTAL_CAP, formatNumber, PAGE_SIZES, type ClientListDto, type ClientTable } from '@bo/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable } from '../../ui/data-table/use-data-table.ts';
import { clientListKey, useClients, useExportClients } from './api.ts';
import { clientColumns, RowStateContext, type RowState } from './client-columns.tsx';
import { applyListing, patchPage, replaceRow, useClientsLive } from './live.ts';
import { clientListParams, type ClientFilters } from './list-query.ts';
import { NestedTabs } from './nested-tabs.tsx';

const toggle = (set: ReadonlySet<number>, id: number) => {
  const next = new Set(set);
  if (!next.delete(id)) {
    next.add(id);
  }
  return next;
};

/** Spec 8: the table's error defaults to 'Unknown error'. */
function tableError(err: unknown, unknown: string): unknown {
  return err instanceof HttpError || (err instanceof Error && err.message) ? err : new Error(unknown);
}

/** One clients tab: its data table (layout kept per user under the tab's table name), rows, selection and export. */
export function ClientsTable({
  table,
  filters,
  search,
  number,
  statusColour,
}: {
  table: ClientTable;
  filters: ClientFilters;
  search: string;
  number: string;
  statusColour: string | undefined;
}) {
  const { t } = useTranslation(['clients', 'tables']);
  const { t: tc } = useTranslation();
  const columns = useMemo(() => clientColumns(t, table), [t, table]);
  const data = useDataTable({
    tableName: table,
    columns,
    pageSize: PAGE_SIZES.clients,
    sort: { field: 'updated_at', direction: 'desc' },
  });

  // Other filters start again on the first page.
  const filterKey = JSON.stringify([filters, search, number]);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    data.setPage(0);
  }
  const { offset, limit, sort } = data.query;
  const listQuery = clientListParams({
    table,
    filters,
    search,
    number,
    offset: shownFor === filterKey ? offset : 0,
    limit,
    sort,
  });
  const query = useClients(listQuery);
  const queryClient = useQueryClient();

  // The rows shown are the cached page; live events patch it in the cache until the next page arrives.
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const page = query.data;
  const rows = page?.data;
  const failed = query.isError;
  useEffect(() => {
    if (failed) {
      // Spec 8: on an error the list is emptied.
      setExpanded(new Set());
    }
  }, [failed]);

  useClientsLive({
    onClientUpdated: ({ client }) =>
      queryClient.setQueryData<ClientListDto>(clientListKey(listQuery), (old) => patchPage(old, (r) => replaceRow(r, client))),
    onListingUpdated: (event) => {
      if (table !== 'listing') {
        return;
      }
      queryClient.setQueryData<ClientListDto>(clientListKey(listQuery), (old) => patchPage(old, (r) => applyListing(r, event)));
      if (event.inserted) {
        setExpanded(new Set([event.inserted.id]));
      }
    },
  });

  const rowState = useMemo<RowState>(
    () => ({
      isExpanded: (id) => expanded.has(id),
      isSelected: (id) => selected.has(id),
      toggleExpanded: (id) => setExpanded((s) => toggle(s, id)),
      toggleSelected: (id) => setSelected((s) => toggle(s, id)),
      statusColour,
    }),
    [expanded, selected, statusColour],
  );

  const exporter = useExportClients();
  const [fileId, setFileId] = useState<string | null>(null);
  const runExport = () =>
    exporter.mutate([...selected], {
      onSuccess: ({ data: result }) => {
        setFileId(result.file_id);
        setSelected(new Set());
        snackbar.show(t('clients:exported', { count: result.exported }), 'success');
      },
      onError: (err) => snackbar.show(t('clients:export_error', { reason: errorMessage(err, tc) })),
    });

  const shownIds = new Set((rows ?? []).map((r) => r.id));
  const allShownSelected = shownIds.size > 0 && [...shownIds].every((id) => selected.has(id));
  const total = page?.total;
  const toolbar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary" data-testid="clients-total">
        {total === undefined
          ? ''
          : page?.total_capped
            ? t('clients:totalCapped', { count: formatNumber(CLIENT_TOTAL_CAP) })
            : t('clients:total', { count: total, formatted: formatNumber(total) })}
      </Typography>
      <Button size="small" disabled={shownIds.size === 0} onClick={() => setSelected(allShownSelected ? new Set() : new Set(shownIds))}>
        {allShownSelected ? t('clients:selectNone') : t('clients:selectPage')}
      </Button>
      {page?.can_export && (
        <Button
          size="small"
          variant="outlined"
          startIcon={<IosShare />}
          disabled={selected.size === 0 || exporter.isPending}
          onClick={runExport}
          data-testid="export-clients"
        >
          {t('clients:export', { count: selected.size })}
        </Button>
      )}
    </Box>
  );

  return (
    <RowStateContext.Provider value={rowState}>
      {fileId && (
        <Alert
          severity="success"
          sx={{ mb: 1 }}
          onClose={() => setFileId(null)}
          action={
            <Button color="inherit" size="small" startIcon={<FileDownload />} href={`/api/files/${fileId}`} download>
              {t('clients:download')}
            </Button>
          }
        >
          {t('clients:exportFile')}
        </Alert>
      )}
      <DataTable
        table={data}
        label={t(`clients:tabs.${table}`)}
        rows={failed ? [] : rows}
        total={failed ? 0 : total}
        rowKey={(r) => r.id}
        loading={!rows && !failed}
        fetching={query.isFetching}
        error={failed ? tableError(query.error, t('clients:unknownError')) : undefined}
        onRetry={() => void query.refetch()}
        emptyText={search || number ? t('clients:emptySearch') : t('clients:empty')}
        toolbar={toolbar}
        isExpanded={(r) => expanded.has(r.id)}
        renderExpanded={(r) => <NestedTabs row={r} />}
        testIds={{ table: 'clients-table', row: 'client-row' }}
        rowAttributes={(r) => ({ 'data-client-id': r.id, 'data-status': r.user.status ?? '' })}
      />
    </RowStateContext.Provider>
  );
}
