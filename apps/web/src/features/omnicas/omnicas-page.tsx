import Add from '@mui/icons-material/Add';
import Refresh from '@mui/icons-material/Refresh';
import SwapHoriz from '@mui/icons-material/SwapHoriz';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Menu,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { formatDateTime, formatMoney, OMNICAS_STATUSES, type OmnicasStatus, type OmnicasApplicationDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useOmnicas, useRefreshOmnicas, useSetOmnicasStatus } from './api.ts';
import { NewApplicationDialog } from './new-application-dialog.tsx';
import { paginationLabels } from '../../ui/data-table/pagination-labels.ts';
import { compactCells } from '../../ui/table-cells.ts';

/** The application's number: left out below 1200 px, where the order and the client name the row. */
const ID_CELL = { display: { xs: 'none', lg: 'table-cell' } } as const;
/** The provider's reference: left out on a tablet, where the status says what the provider decided. */
const REFERENCE_CELL = { display: { xs: 'none', md: 'table-cell' } } as const;

const STATUS_COLOUR: Record<OmnicasStatus, 'info' | 'success' | 'error'> = {
  in_examination: 'info',
  accepted: 'success',
  rejected: 'error',
};

const PAGE_SIZES = [25, 50, 100];

function OmnicasStatusChip({ status }: { status: OmnicasStatus }) {
  const { t } = useTranslation('omnicas');
  return (
    <Chip
      size="small"
      color={STATUS_COLOUR[status]}
      label={t(`omnicas:status.${status}`)}
      data-testid="omnicas-status"
      data-status={status}
    />
  );
}

/** Financing applications with the provider: newest first, their status, a new one for an order paid through it. */
export function OmnicasPage() {
  const { t } = useTranslation('omnicas');
  const { t: tc } = useTranslation();
  const [status, setStatus] = useState<OmnicasStatus | ''>('');
  const [page, setPage] = useState({ index: 0, size: 25 });
  const [creating, setCreating] = useState(false);
  const query = useOmnicas({ limit: page.size, offset: page.index * page.size, status });
  const rows = query.data?.data;
  const canAsk = query.data?.provider === 'http';

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.omnicas')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t(canAsk ? 'omnicas:introProvider' : 'omnicas:introLocal')}
      </Typography>
      <Paper>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, p: 1, flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            label={t('omnicas:columns.status')}
            value={status}
            onChange={(e) => {
              setStatus(e.target.value as OmnicasStatus | '');
              setPage((p) => ({ ...p, index: 0 }));
            }}
            sx={{ minWidth: 200 }}
            slotProps={{
              inputLabel: { shrink: true },
              select: { displayEmpty: true, SelectDisplayProps: { 'data-testid': 'omnicas-filter' } as object },
            }}
          >
            <MenuItem value="">{t('omnicas:allStatuses')}</MenuItem>
            {OMNICAS_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                {t(`omnicas:status.${s}`)}
              </MenuItem>
            ))}
          </TextField>
          <Box sx={{ flexGrow: 1 }} />
          <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} data-testid="omnicas-new">
            {t('omnicas:new')}
          </Button>
        </Box>
        <LinearProgress sx={{ height: 2, visibility: query.isFetching && rows ? 'visible' : 'hidden' }} />
        {query.error ? (
          <Alert severity="error" sx={{ m: 1 }}>
            {errorMessage(query.error, tc)}
          </Alert>
        ) : (
          <TableContainer>
            <Table size="small" aria-label={tc('screens.omnicas')} data-testid="omnicas-table" sx={compactCells}>
              <TableHead>
                <TableRow>
                  {(['id', 'created', 'order', 'client', 'agent', 'amount', 'reference', 'status', 'actions'] as const).map((c) => (
                    <TableCell
                      key={c}
                      sx={{ fontWeight: 600, ...(c === 'id' && ID_CELL), ...(c === 'reference' && REFERENCE_CELL) }}
                      align={c === 'amount' ? 'right' : c === 'actions' ? 'center' : undefined}
                    >
                      {t(`omnicas:columns.${c}`)}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows?.map((a) => (
                  <ApplicationRow key={a.id} application={a} canAsk={canAsk} />
                ))}
                {rows?.length === 0 && (
                  <TableRow>
                    <TableCell colSpan={9}>
                      <Typography color="text.secondary" sx={{ py: 2 }}>
                        {status ? t('omnicas:emptyFiltered') : t('omnicas:empty')}
                      </Typography>
                    </TableCell>
                  </TableRow>
                )}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page.index}
          rowsPerPage={page.size}
          rowsPerPageOptions={PAGE_SIZES}
          onPageChange={(_e, index) => setPage((p) => ({ ...p, index }))}
          onRowsPerPageChange={(e) => setPage({ index: 0, size: Number(e.target.value) })}
          {...paginationLabels(tc)}
        />
      </Paper>
      {creating && <NewApplicationDialog onClose={() => setCreating(false)} />}
    </Box>
  );
}

function ApplicationRow({ application: a, canAsk }: { application: OmnicasApplicationDto; canAsk: boolean }) {
  const { t } = useTranslation('omnicas');
  const { t: tc } = useTranslation();
  const setStatus = useSetOmnicasStatus();
  const refresh = useRefreshOmnicas();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const change = (status: OmnicasStatus) =>
    setStatus.mutate(
      { id: a.id, status },
      {
        onSuccess: () => snackbar.show(t('omnicas:statusSaved', { id: a.id, status: t(`omnicas:status.${status}`) }), 'success'),
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  return (
    <TableRow hover data-testid="omnicas-row" data-application-id={a.id} data-order-id={a.order_id}>
      <TableCell sx={ID_CELL}>{a.id}</TableCell>
      <TableCell>{formatDateTime(a.created_at)}</TableCell>
      <TableCell>{a.contract_number ?? `#${a.order_id}`}</TableCell>
      <TableCell>{`${a.client.name} ${a.client.surname}`}</TableCell>
      <TableCell>{a.agent ? `${a.agent.name} ${a.agent.surname}` : '–'}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {formatMoney(a.amount)}
      </TableCell>
      <TableCell sx={REFERENCE_CELL}>{a.reference || '–'}</TableCell>
      <TableCell>
        <OmnicasStatusChip status={a.status} />
      </TableCell>
      {/* The two buttons stand one above the other when the row is short of room. */}
      <TableCell>
        <Tooltip title={t('omnicas:changeStatus', { id: a.id })}>
          <span>
            <IconButton
              size="small"
              aria-label={t('omnicas:changeStatus', { id: a.id })}
              aria-haspopup="menu"
              disabled={setStatus.isPending}
              onClick={(e) => setMenu(e.currentTarget)}
              data-testid="omnicas-status-change"
            >
              <SwapHoriz fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
        <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
          {OMNICAS_STATUSES.map((s) => (
            <MenuItem
              key={s}
              selected={s === a.status}
              onClick={() => {
                setMenu(null);
                if (s !== a.status) {
                  change(s);
                }
              }}
            >
              {t(`omnicas:status.${s}`)}
            </MenuItem>
          ))}
        </Menu>
        {canAsk && (
          <Tooltip title={t('omnicas:ask')}>
            <span>
              <IconButton
                size="small"
                aria-label={t('omnicas:ask')}
                disabled={refresh.isPending}
                onClick={() =>
                  refresh.mutate(a.id, {
                    onSuccess: (answer) => snackbar.show(t('omnicas:asked', { status: t(`omnicas:status.${answer.data.status}`) }), 'info'),
                    onError: (err) => snackbar.show(errorMessage(err, tc)),
                  })
                }
                data-testid="omnicas-refresh"
              >
                <Refresh fontSize="small" />
              </IconButton>
            </span>
          </Tooltip>
        )}
      </TableCell>
    </TableRow>
  );
}
