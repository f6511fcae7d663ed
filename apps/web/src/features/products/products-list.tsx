import { Box, MenuItem, TextField, Typography } from '@mui/material';
import {
  DEBOUNCE_MS,
  formatDateTime,
  formatMoney,
  isOneOf,
  PRODUCT_ORDER_FIELDS,
  PRODUCT_STATUSES,
  PRODUCT_TYPES,
  type ProductDto,
  type ProductOrderField,
  type ProductStatus,
  type ProductType,
} from '@bo/domain';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useCategories, useProducts, type ProductsParams } from './api.ts';
import { ProductStatusChip, ProductThumbnail } from './product-bits.tsx';
import { SearchField } from '../../ui/search-field.tsx';

/** The filters live in the address, so going back from a product finds the list as it was. */
function useListFilters() {
  const [params, setParams] = useSearchParams();
  const type = params.get('type');
  const status = params.get('status');
  const category = params.get('category');
  const set = useCallback(
    (key: 'type' | 'status' | 'category' | 'search', value: string) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value) {
            next.set(key, value);
          } else {
            next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  return {
    type: isOneOf<ProductType>(PRODUCT_TYPES, type) ? type : undefined,
    status: isOneOf<ProductStatus>(PRODUCT_STATUSES, status) ? status : undefined,
    category: category === 'none' ? ('none' as const) : category && /^\d+$/.test(category) ? Number(category) : undefined,
    search: params.get('search') ?? '',
    set,
  };
}

function FilterSelect({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  options: { value: string; label: string }[];
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
      sx={{ minWidth: 150 }}
    >
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The products tab: a data table with filters by type, status, category and a search over code and name. */
export function ProductsList() {
  const { t } = useTranslation(['products', 'common']);
  const navigate = useNavigate();
  const filters = useListFilters();
  const categories = useCategories();
  const [searchInput, setSearchInput] = useState(filters.search);

  const columns = useMemo<DataTableColumn<ProductDto>[]>(
    () => [
      { id: 'image', label: t('products:fields.image'), width: 72, render: (p) => <ProductThumbnail image={p.image} /> },
      { id: 'code', label: t('products:fields.code'), width: 120, sortable: true, render: (p) => p.code },
      { id: 'name', label: t('products:fields.name'), width: 220, sortable: true, alwaysVisible: true, render: (p) => p.name },
      { id: 'type', label: t('products:fields.type'), width: 150, render: (p) => t(`products:types.${p.type}`) },
      {
        id: 'default_price',
        label: t('products:fields.price'),
        width: 130,
        align: 'right',
        sortable: true,
        render: (p) => formatMoney(p.default_price),
      },
      { id: 'status', label: t('products:fields.status'), width: 110, render: (p) => <ProductStatusChip status={p.status} /> },
      { id: 'category', label: t('products:fields.category'), width: 160, render: (p) => p.category?.name ?? '–' },
      {
        id: 'updated_at',
        label: t('products:fields.updated_at'),
        width: 140,
        sortable: true,
        visible: false,
        render: (p) => formatDateTime(p.updated_at),
      },
    ],
    [t],
  );
  const table = useDataTable({ tableName: 'products', columns, pageSize: 100, sort: { field: 'updated_at', direction: 'desc' } });
  const { setPage } = table;

  const { search: appliedSearch, set: setFilter } = filters;
  useEffect(() => {
    const timer = setTimeout(() => {
      const next = searchInput.trim();
      if (next !== appliedSearch) {
        setFilter('search', next);
        setPage(0);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, appliedSearch, setFilter, setPage]);

  const sort = table.query.sort;
  const params: ProductsParams = {
    limit: table.query.limit,
    offset: table.query.offset,
    type: filters.type,
    status: filters.status,
    category: filters.category,
    search: filters.search || undefined,
    ...(sort && isOneOf<ProductOrderField>(PRODUCT_ORDER_FIELDS, sort.field) ? { orderBy: sort.field, orderMethod: sort.direction } : {}),
  };
  const query = useProducts(params);

  const change = (key: 'type' | 'status' | 'category') => (value: string) => {
    filters.set(key, value);
    setPage(0);
  };
  const filtered = Boolean(filters.type ?? filters.status ?? filters.category ?? filters.search);

  const toolbar = (
    <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center', py: 1 }}>
      <SearchField
        value={searchInput}
        onChange={setSearchInput}
        label={t('products:filters.search')}
        testId="products-search"
        sx={{ width: { xs: '100%', sm: 260 } }}
      />
      <FilterSelect
        label={t('products:fields.type')}
        value={filters.type ?? ''}
        onChange={change('type')}
        options={[
          { value: '', label: t('products:filters.all') },
          ...PRODUCT_TYPES.map((v) => ({ value: v, label: t(`products:types.${v}`) })),
        ]}
      />
      <FilterSelect
        label={t('products:fields.status')}
        value={filters.status ?? ''}
        onChange={change('status')}
        options={[
          { value: '', label: t('products:filters.all') },
          ...PRODUCT_STATUSES.map((v) => ({ value: v, label: t(`products:statuses.${v}`) })),
        ]}
      />
      <FilterSelect
        label={t('products:fields.category')}
        value={filters.category === undefined ? '' : String(filters.category)}
        onChange={change('category')}
        options={[
          { value: '', label: t('products:filters.all') },
          { value: 'none', label: t('products:noCategory') },
          ...(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name })),
        ]}
      />
    </Box>
  );

  return (
    <DataTable
      table={table}
      label={t('products:tabs.products')}
      rows={query.data?.data}
      total={query.data?.total}
      rowKey={(p) => p.id}
      loading={query.isPending}
      fetching={query.isFetching}
      error={query.error}
      onRetry={() => void query.refetch()}
      emptyText={
        filtered ? (
          <Typography component="span" color="text.secondary">
            {t('products:emptyFiltered')}
          </Typography>
        ) : (
          t('products:empty')
        )
      }
      toolbar={toolbar}
      onRowClick={(p) => void navigate(`${p.id}/show`)}
      testIds={{ table: 'products-table', row: 'product-row' }}
    />
  );
}
