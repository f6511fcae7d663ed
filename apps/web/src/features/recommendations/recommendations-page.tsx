import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import { Box, Button, IconButton, MenuItem, TextField, Tooltip, Typography } from '@mui/material';
import {
  DEBOUNCE_MS,
  DEFAULT_PAGE_SIZES,
  formatDate,
  PAGE_SIZES,
  RECOMMENDATION_STATUSES,
  type RecommendationItemDto,
  type RecommendationStatus,
} from '@bo/domain';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import {
  useDeleteRecommendation,
  useRecommendationCounters,
  useRecommendations,
  useSaveRecommendation,
  type RecommendationFilter,
} from './api.ts';
import { DeleteRecommendationDialog, RecommendationCounters, StatusSelect, useRecommendationPaths } from './recommendation-bits.tsx';
import { SearchField } from '../../ui/search-field.tsx';

const fullName = (r: { name: string; surname: string }) => `${r.name} ${r.surname}`.trim();

/**
 * A client's recommendations (spec 2): the client's own at /user-dashboard/recommendations, or those
 * of one client for staff at …/show-user/{userId}/recommendations, where staff also move the status on.
 */
export function RecommendationsPage() {
  const { t } = useTranslation(['recommendations', 'common']);
  const { t: tc } = useTranslation();
  const paths = useRecommendationPaths();
  const [filter, setFilter] = useState<RecommendationFilter>({ status: '', search: '' });
  const [searchInput, setSearchInput] = useState('');
  const [toDelete, setToDelete] = useState<RecommendationItemDto | null>(null);
  const save = useSaveRecommendation();
  const remove = useDeleteRecommendation();

  const changeStatus = (rec: RecommendationItemDto, status: RecommendationStatus) => {
    if (status === rec.status) {
      return;
    }
    save.mutate(
      { id: rec.id, body: { status } },
      {
        onSuccess: ({ lead }) => {
          const name = fullName(rec);
          snackbar.show(
            lead
              ? t(lead.created ? 'recommendations:leadCreated' : 'recommendations:leadLinked', { name })
              : t('recommendations:statusChanged', { name }),
            'success',
          );
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  };

  const columns = useMemo<DataTableColumn<RecommendationItemDto>[]>(
    () => [
      {
        id: 'name',
        label: t('recommendations:columns.name'),
        width: 160,
        sortable: true,
        alwaysVisible: true,
        render: (r) => (
          <Box component="span" sx={{ fontWeight: 500 }} data-testid="rec-name">
            {fullName(r)}
          </Box>
        ),
      },
      {
        id: 'contact',
        label: t('recommendations:columns.contact'),
        width: 185,
        render: (r) => (
          <Box sx={{ display: 'grid', minWidth: 0 }}>
            <span>{r.phone ?? ''}</span>
            <Box component="span" sx={{ color: 'text.secondary', overflow: 'hidden', textOverflow: 'ellipsis' }}>
              {r.email ?? ''}
            </Box>
          </Box>
        ),
      },
      { id: 'city', label: t('recommendations:columns.city'), width: 115, render: (r) => [r.zipcode, r.city].filter(Boolean).join(' ') },
      {
        id: 'status',
        label: t('recommendations:columns.status'),
        // Staff choose the next status in the cell; clients only see the chip.
        width: paths.staff ? 180 : 150,
        sortable: true,
        render: (r) => (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <StatusSelect rec={r} disabled={save.isPending} onChange={(s) => changeStatus(r, s)} />
            {r.paid_at && (
              <Typography variant="caption" color="success.main" data-testid="rec-paid">
                {t('recommendations:paidOn', { date: formatDate(r.paid_at) })}
              </Typography>
            )}
          </Box>
        ),
      },
      { id: 'comment', label: t('recommendations:columns.comment'), width: 115, render: (r) => r.comment },
      {
        id: 'created_at',
        label: t('recommendations:columns.created_at'),
        width: 115,
        sortable: true,
        render: (r) => formatDate(r.created_at),
      },
      {
        id: 'actions',
        label: t('recommendations:columns.actions'),
        width: 110,
        align: 'right',
        alwaysVisible: true,
        render: (r) => (
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            {r.actions.edit && (
              <Tooltip title={t('recommendations:actions.edit')}>
                <IconButton
                  component={RouterLink}
                  to={`${paths.editBase}/${r.id}`}
                  aria-label={t('recommendations:actions.editNamed', { name: fullName(r) })}
                  data-testid="edit-rec"
                >
                  <EditOutlined fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
            {r.actions.delete && (
              <Tooltip title={t('recommendations:actions.delete')}>
                <IconButton
                  onClick={() => setToDelete(r)}
                  aria-label={t('recommendations:actions.deleteNamed', { name: fullName(r) })}
                  data-testid="delete-rec"
                >
                  <DeleteOutline fontSize="small" />
                </IconButton>
              </Tooltip>
            )}
          </Box>
        ),
      },
    ],
    // `save.mutate` is stable; the columns follow the pending state to disable the status choice.
    [t, paths.editBase, paths.staff, save.isPending],
  );
  const table = useDataTable({
    tableName: 'recommendations',
    columns,
    pageSize: PAGE_SIZES.recommendations,
    pageSizes: DEFAULT_PAGE_SIZES,
    sort: { field: 'created_at', direction: 'desc' },
  });
  const { setPage } = table;
  const query = useRecommendations(paths.userId, filter, table.query);
  const counters = useRecommendationCounters(paths.userId);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter((f) => {
        const search = searchInput.trim();
        if (f.search === search) {
          return f;
        }
        setPage(0);
        return { ...f, search };
      });
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [searchInput, setPage]);

  const confirmDelete = () => {
    const rec = toDelete;
    if (!rec) {
      return;
    }
    remove.mutate(rec.id, {
      onSuccess: () => {
        setToDelete(null);
        snackbar.show(t('recommendations:deleted', { name: fullName(rec) }), 'success');
      },
      onError: (err) => {
        setToDelete(null);
        snackbar.show(errorMessage(err, tc));
      },
    });
  };

  const page = query.data;
  const recommender = page?.data[0]?.recommender;
  const title = paths.staff ? tc('screens.userRecommendationsOfClient') : tc('screens.userRecommendations');
  const toolbar = (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, py: 1, alignItems: 'center', flexGrow: 1 }}>
      <SearchField
        value={searchInput}
        onChange={setSearchInput}
        label={t('recommendations:search')}
        testId="rec-search"
        sx={{ flex: '1 1 220px', maxWidth: 360 }}
      />
      <TextField
        select
        size="small"
        label={t('recommendations:columns.status')}
        value={filter.status}
        onChange={(e) => {
          setFilter((f) => ({ ...f, status: e.target.value as RecommendationFilter['status'] }));
          setPage(0);
        }}
        sx={{ minWidth: 170 }}
        slotProps={{ htmlInput: { 'data-testid': 'rec-status-filter' } }}
      >
        <MenuItem value="">{t('recommendations:allStatuses')}</MenuItem>
        {RECOMMENDATION_STATUSES.map((s) => (
          <MenuItem key={s} value={s}>
            {t(`recommendations:statuses.${s}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ flexGrow: 1 }} />
      <Button variant="contained" startIcon={<Add />} component={RouterLink} to={paths.createPath} data-testid="add-rec">
        {tc(paths.staff ? 'screens.addRecommendation' : 'screens.userCreateRecommendation')}
      </Button>
    </Box>
  );

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {paths.staff
          ? recommender
            ? t('recommendations:introStaffNamed', { name: fullName(recommender) })
            : t('recommendations:introStaff')
          : t('recommendations:introOwn')}
      </Typography>
      <RecommendationCounters counters={counters.data} />
      <DataTable
        table={table}
        label={title}
        rows={page?.data}
        total={page?.total}
        rowKey={(r) => r.id}
        loading={!page}
        fetching={query.isFetching}
        error={query.error ?? counters.error}
        onRetry={() => {
          void query.refetch();
          void counters.refetch();
        }}
        emptyText={
          filter.search || filter.status
            ? t('recommendations:noMatch')
            : paths.staff
              ? t('recommendations:emptyStaff')
              : t('recommendations:emptyOwn')
        }
        toolbar={toolbar}
        testIds={{ table: 'recommendations-table' }}
        rowAttributes={(r) => ({ 'data-testid': 'rec-row', 'data-rec-id': r.id, 'data-status': r.status })}
      />
      <DeleteRecommendationDialog rec={toDelete} deleting={remove.isPending} onConfirm={confirmDelete} onClose={() => setToDelete(null)} />
    </Box>
  );
}
