import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  IconButton,
  ListItemText,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  DEBOUNCE_MS,
  DEFAULT_ORDER_STATUSES,
  DEFAULT_PAGE_SIZES,
  DELIVERY_STATUSES,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  ORDER_STATUSES,
  PAGE_SIZES,
  PAYMENT_STATUSES,
  type DeliveryStatus,
  type OrderDto,
  type OrderStatus,
  type PaymentStatus,
} from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { FilterSelect } from '../../ui/filter-select.tsx';
import { SearchField } from '../../ui/search-field.tsx';
import { useCheckContracts, useCommissionAgents, useOrders, type OrderFilters } from './api.ts';
import { personName, StatusChip } from './finance-bits.tsx';
import { OrderEditor } from './order-editor.tsx';
import {
  contractsToCheck,
  isSelected,
  NO_SELECTION,
  toggleAll,
  toggleEditable,
  toggleSelected,
  type OrderSelection,
} from './orders-state.ts';

const INITIAL_FILTERS: OrderFilters = {
  status: [...DEFAULT_ORDER_STATUSES],
  paymentStatus: '',
  deliveryStatus: '',
  agentId: null,
  search: '',
};

const money = (rappen: number) => formatMoney(rappen);

/** Spec 2 and 9: open and pending orders first, 100 a page, newest change first; one row is edited at a time. */
export function OrdersTab({ manage }: { manage: boolean }) {
  const { t } = useTranslation(['common', 'finances', 'tables']);
  const [filters, setFilters] = useState<OrderFilters>(INITIAL_FILTERS);
  const [searchInput, setSearchInput] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  const [selection, setSelection] = useState<OrderSelection>(NO_SELECTION);
  const agents = useCommissionAgents(manage);
  const bulk = useCheckContracts();

  useEffect(() => {
    const timer = setTimeout(
      () => setFilters((f) => (f.search === searchInput.trim() ? f : { ...f, search: searchInput.trim() })),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [searchInput]);

  const columns = useMemo<DataTableColumn<OrderDto>[]>(() => {
    const all: DataTableColumn<OrderDto>[] = [
      {
        id: 'select',
        label: t('finances:orders.columns.select'),
        width: 76,
        alwaysVisible: true,
        render: (o) => (
          <Checkbox
            size="small"
            sx={{ p: 0.25 }}
            checked={isSelected(selection, o.id)}
            onClick={(e) => e.stopPropagation()}
            onChange={() => setSelection((s) => toggleSelected(s, o))}
            slotProps={{ input: { 'aria-label': t('finances:orders.selectRow', { id: o.id }), 'data-testid': 'order-select' } as object }}
          />
        ),
      },
      { id: 'id', label: t('finances:orders.columns.id'), width: 70, sortable: true, render: (o) => o.id },
      {
        id: 'created_at',
        label: t('finances:orders.columns.created'),
        width: 104,
        sortable: true,
        render: (o) => formatDate(o.created_at),
      },
      {
        id: 'client',
        label: t('finances:orders.columns.client'),
        width: 172,
        alwaysVisible: true,
        render: (o) => (
          <span title={[personName(o.client), o.client.city].filter(Boolean).join(', ')}>
            {personName(o.client)}
            {o.client.city ? (
              <Typography component="span" variant="body2" color="text.secondary">
                {` · ${o.client.city}`}
              </Typography>
            ) : null}
          </span>
        ),
      },
      { id: 'agent', label: t('finances:orders.columns.agent'), width: 140, render: (o) => personName(o.agent) },
      {
        id: 'contract_number',
        label: t('finances:orders.columns.contract'),
        width: 130,
        visible: false,
        render: (o) => o.contract_number ?? '–',
      },
      {
        id: 'status',
        label: t('finances:orders.columns.status'),
        width: 125,
        render: (o) => <StatusChip kind="order" status={o.status} />,
      },
      {
        id: 'payment_status',
        label: t('finances:orders.columns.payment'),
        width: 115,
        render: (o) => <StatusChip kind="payment" status={o.payment_status} />,
      },
      {
        id: 'delivery_status',
        label: t('finances:orders.columns.delivery'),
        width: 150,
        render: (o) => <StatusChip kind="delivery" status={o.delivery_status} />,
      },
      {
        id: 'payment_method',
        label: t('finances:orders.columns.method'),
        width: 110,
        visible: false,
        render: (o) => (o.payment_method ? t(`finances:paymentMethods.${o.payment_method}`, { defaultValue: o.payment_method }) : '–'),
      },
      { id: 'sum', label: t('finances:orders.columns.sum'), width: 118, align: 'right', visible: false, render: (o) => money(o.sum) },
      { id: 'paid', label: t('finances:orders.columns.paid'), width: 112, align: 'right', visible: false, render: (o) => money(o.paid) },
      {
        id: 'dept',
        label: t('finances:orders.columns.dept'),
        width: 130,
        align: 'right',
        render: (o) => (
          <Box component="span" sx={{ color: o.dept > 0 ? 'error.main' : 'success.main', fontWeight: 500 }} data-testid="order-dept">
            {money(o.dept)}
          </Box>
        ),
      },
      {
        id: 'last_delivery',
        label: t('finances:orders.columns.lastDelivery'),
        width: 120,
        visible: false,
        render: (o) => (o.lastDelivery ? formatDate(o.lastDelivery.delivered_at) : '–'),
      },
      {
        id: 'updated_at',
        label: t('finances:orders.columns.updated'),
        width: 150,
        sortable: true,
        visible: false,
        render: (o) => formatDateTime(o.updated_at),
      },
      {
        id: 'open',
        label: t('finances:orders.columns.open'),
        width: 76,
        alwaysVisible: true,
        align: 'center',
        render: (o) => (
          <Tooltip title={t(editing === o.id ? 'finances:orders.close' : manage ? 'finances:orders.edit' : 'finances:orders.show')}>
            <IconButton
              size="small"
              sx={{ p: 0.25 }}
              aria-expanded={editing === o.id}
              data-testid="order-open"
              onClick={(e) => {
                e.stopPropagation();
                setEditing((c) => toggleEditable(c, o.id));
              }}
            >
              {editing === o.id ? <ExpandLess fontSize="small" /> : <ExpandMore fontSize="small" />}
            </IconButton>
          </Tooltip>
        ),
      },
    ];
    // Selecting serves the bulk action, which only managers have.
    return manage ? all : all.filter((c) => c.id !== 'select');
  }, [t, selection, editing, manage]);
  const table = useDataTable({
    tableName: 'finances_orders',
    columns,
    pageSize: PAGE_SIZES.finances,
    pageSizes: DEFAULT_PAGE_SIZES,
    sort: { field: 'updated_at', direction: 'desc' },
  });

  // Another filter starts again on the first page.
  const filterKey = JSON.stringify(filters);
  const [shownFor, setShownFor] = useState(filterKey);
  if (shownFor !== filterKey) {
    setShownFor(filterKey);
    table.setPage(0);
  }
  const query = useOrders(filters, { ...table.query, offset: shownFor === filterKey ? table.query.offset : 0 });
  const rows = query.data?.data;

  const checkContracts = () => {
    const ids = contractsToCheck(selection, rows ?? []);
    // Spec 5: a bulk update with no selected rows does nothing.
    if (ids.length === 0) {
      return;
    }
    bulk.mutate(ids, {
      onSuccess: ({ done, refusal }) => {
        if (refusal) {
          snackbar.show(errorMessage(refusal, t));
        } else {
          snackbar.show(t('finances:orders.bulk.checked', { count: done }), 'success');
          setSelection(NO_SELECTION);
        }
      },
      onError: (err) => snackbar.show(errorMessage(err, t)),
    });
  };

  const filtered = JSON.stringify(filters) !== JSON.stringify(INITIAL_FILTERS);
  const sellers = (agents.data ?? []).filter((a) => a.role.code === 'sales_agent' || a.role.code === 'independent_agent');
  const pageRows = rows ?? [];
  const pageTicked = pageRows.length > 0 && pageRows.every((o) => isSelected(selection, o.id));

  return (
    <Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}>
        <SearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('finances:orders.filters.search')}
          testId="orders-search"
          sx={{ flex: '1 1 220px', maxWidth: 320, bgcolor: 'background.paper' }}
        />
        <TextField
          select
          size="small"
          label={t('finances:orders.filters.status')}
          value={filters.status}
          onChange={(e) => {
            const value = e.target.value as unknown as OrderStatus[] | string;
            setFilters((f) => ({ ...f, status: (typeof value === 'string' ? value.split(',') : value) as OrderStatus[] }));
          }}
          sx={{ minWidth: 200, maxWidth: 280, bgcolor: 'background.paper' }}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (v) =>
                (v as OrderStatus[]).length === 0
                  ? t('finances:orders.filters.all')
                  : (v as OrderStatus[]).map((s) => t(`finances:statuses.order.${s}`)).join(', '),
              displayEmpty: true,
              SelectDisplayProps: { 'data-testid': 'orders-status-filter' } as object,
            },
            inputLabel: { shrink: true },
          }}
        >
          {ORDER_STATUSES.map((s) => (
            <MenuItem key={s} value={s} data-value={s}>
              <Checkbox size="small" checked={filters.status.includes(s)} sx={{ p: 0.5, mr: 1 }} />
              <ListItemText primary={t(`finances:statuses.order.${s}`)} />
            </MenuItem>
          ))}
        </TextField>
        <FilterSelect
          label={t('finances:orders.filters.payment')}
          value={filters.paymentStatus}
          onChange={(v) => setFilters((f) => ({ ...f, paymentStatus: v as PaymentStatus | '' }))}
          allLabel={t('finances:orders.filters.all')}
          options={PAYMENT_STATUSES.map((s) => ({ value: s, label: t(`finances:statuses.payment.${s}`) }))}
          testId="orders-payment-filter"
          minWidth={150}
        />
        <FilterSelect
          label={t('finances:orders.filters.delivery')}
          value={filters.deliveryStatus}
          onChange={(v) => setFilters((f) => ({ ...f, deliveryStatus: v as DeliveryStatus | '' }))}
          allLabel={t('finances:orders.filters.all')}
          options={DELIVERY_STATUSES.map((s) => ({ value: s, label: t(`finances:statuses.delivery.${s}`) }))}
          testId="orders-delivery-filter"
          minWidth={170}
        />
        {manage && (
          <FilterSelect
            label={t('finances:orders.filters.agent')}
            value={filters.agentId === null ? '' : String(filters.agentId)}
            onChange={(v) => setFilters((f) => ({ ...f, agentId: v ? Number(v) : null }))}
            allLabel={t('finances:orders.filters.allAgents')}
            options={sellers.map((a) => ({ value: String(a.id), label: personName(a) }))}
            testId="orders-agent-filter"
            minWidth={180}
          />
        )}
        {filtered && (
          <Button
            size="small"
            onClick={() => {
              setSearchInput('');
              setFilters(INITIAL_FILTERS);
            }}
          >
            {t('finances:orders.filters.reset')}
          </Button>
        )}
      </Box>
      <DataTable
        table={table}
        label={t('finances:tabs.orders')}
        rows={rows}
        total={query.data?.total}
        rowKey={(o) => o.id}
        loading={!query.data && !query.isError}
        fetching={query.isFetching}
        error={query.isError ? query.error : undefined}
        onRetry={() => void query.refetch()}
        emptyText={t(filtered ? 'finances:orders.emptyFiltered' : 'finances:orders.empty')}
        toolbar={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            {manage && (
              <Checkbox
                size="small"
                checked={pageTicked}
                indeterminate={!pageTicked && pageRows.some((o) => isSelected(selection, o.id))}
                onChange={() => setSelection((s) => toggleAll(s, pageRows))}
                disabled={pageRows.length === 0}
                slotProps={{ input: { 'aria-label': t('finances:orders.selectPage'), 'data-testid': 'orders-select-page' } as object }}
              />
            )}
            <Typography variant="body2" color="text.secondary" data-testid="orders-total">
              {t('finances:orders.total', { count: query.data?.total ?? 0, shown: formatNumber(query.data?.total ?? 0) })}
            </Typography>
            {selection.rows.length > 0 && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                onDelete={() => setSelection(NO_SELECTION)}
                label={t('finances:orders.selection', { count: selection.rows.length, agent: personName(selection.agent) })}
                data-testid="orders-selection"
                data-agent-id={selection.agent?.id ?? ''}
              />
            )}
            {manage && (
              <Button
                size="small"
                variant="outlined"
                disabled={selection.rows.length === 0 || bulk.isPending}
                onClick={checkContracts}
                startIcon={bulk.isPending ? <CircularProgress size={14} /> : undefined}
                data-testid="orders-bulk-check-contract"
              >
                {t('finances:orders.bulk.checkContracts')}
              </Button>
            )}
          </Box>
        }
        onRowClick={(o) => setEditing((c) => toggleEditable(c, o.id))}
        isExpanded={(o) => editing === o.id}
        renderExpanded={(o) => <OrderEditor order={o} manage={manage} />}
        testIds={{ table: 'orders-table', row: 'order-row' }}
        rowAttributes={(o) => ({
          'data-order-id': o.id,
          'data-status': o.status,
          'data-payment-status': o.payment_status,
          'data-delivery-status': o.delivery_status,
          'data-agent-id': o.agent?.id ?? '',
        })}
      />
    </Box>
  );
}
