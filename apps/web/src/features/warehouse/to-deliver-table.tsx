import LocalShipping from '@mui/icons-material/LocalShipping';
import { Box, Button, Chip } from '@mui/material';
import { formatDate, type ToDeliverDto } from '@bo/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useWarehouse } from './api.ts';
import { DeliverDialog } from './deliver-dialog.tsx';

const person = (p: { name: string; surname: string } | null) => (p ? `${p.name} ${p.surname}` : '–');

/** Orders waiting for their main product, oldest first, with "Liefern" for warehouse.manage. */
export function ToDeliverTable({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('warehouse');
  const [delivering, setDelivering] = useState<ToDeliverDto | null>(null);

  // The server answers oldest order first: no column sorts.
  const columns = useMemo<DataTableColumn<ToDeliverDto>[]>(
    () => [
      {
        id: 'order',
        label: t('warehouse:deliver.order'),
        width: 110,
        alwaysVisible: true,
        render: (o) => o.contract_number ?? `#${o.order_id}`,
      },
      { id: 'ordered_at', label: t('warehouse:deliver.orderedAt'), width: 100, render: (o) => formatDate(o.ordered_at) },
      { id: 'client', label: t('warehouse:deliver.client'), width: 150, render: (o) => person(o.client) },
      {
        id: 'address',
        label: t('warehouse:deliver.address'),
        width: 190,
        render: (o) => [o.client.address, [o.client.zipcode, o.client.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '–',
      },
      { id: 'agent', label: t('warehouse:deliver.agent'), width: 130, render: (o) => person(o.agent) },
      {
        id: 'lines',
        label: t('warehouse:deliver.lines'),
        width: 190,
        render: (o) => (
          <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'nowrap', overflow: 'hidden' }}>
            {o.lines.map((l) => (
              <Chip
                key={l.id}
                size="small"
                variant={l.product.type === 'main' ? 'filled' : 'outlined'}
                label={`${l.quantity}× ${l.product.name}`}
              />
            ))}
          </Box>
        ),
      },
      ...(canManage
        ? [
            {
              id: 'actions',
              label: t('warehouse:deliver.actions'),
              width: 110,
              align: 'right' as const,
              alwaysVisible: true,
              render: (o: ToDeliverDto) => (
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={<LocalShipping />}
                  onClick={() => setDelivering(o)}
                  data-testid="deliver-open"
                >
                  {t('warehouse:deliver.action')}
                </Button>
              ),
            },
          ]
        : []),
    ],
    [t, canManage],
  );
  const table = useDataTable({ tableName: 'warehouse', columns, pageSize: 50, pageSizes: [25, 50, 100, 200] });
  const query = useWarehouse(table.query);
  return (
    <>
      <DataTable
        table={table}
        label={t('warehouse:tabs.deliver')}
        rows={query.data?.to_deliver.data}
        total={query.data?.to_deliver.total}
        rowKey={(o) => o.order_id}
        loading={query.isPending}
        fetching={query.isFetching}
        error={query.error}
        onRetry={() => void query.refetch()}
        emptyText={t('warehouse:deliver.empty')}
        rowAttributes={(o) => ({ 'data-order-id': o.order_id })}
        testIds={{ table: 'to-deliver-table', row: 'to-deliver-row' }}
      />
      {delivering && <DeliverDialog order={delivering} onClose={() => setDelivering(null)} />}
    </>
  );
}
