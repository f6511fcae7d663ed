import Edit from '@mui/icons-material/Edit';
import Lock from '@mui/icons-material/Lock';
import LockOpen from '@mui/icons-material/LockOpen';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Link,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { agentName, dashboardPath, DEBOUNCE_MS, PAGE_SIZES, STAFF_ROLE_CODES, type AccountDto } from '@bo/domain';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DataTable } from '../../ui/data-table/data-table.tsx';
import { useDataTable, type DataTableColumn } from '../../ui/data-table/use-data-table.ts';
import { useAccounts, useSetBlocked, type AccountsParams } from './api.ts';

const ADMIN = dashboardPath('admin');

/** Asks before blocking, and says what the user loses: every session ends at once. */
function BlockDialog({ account, onCancel, onConfirm }: { account: AccountDto | null; onCancel: () => void; onConfirm: () => void }) {
  const { t } = useTranslation(['staff', 'common']);
  const name = account ? agentName(account.user.name, account.user.surname) : '';
  return (
    <Dialog open={account !== null} onClose={onCancel} aria-labelledby="block-account-title">
      <DialogTitle id="block-account-title">{t('staff:block.title', { name })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('staff:block.text', { name })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{t('staff:actions.cancel')}</Button>
        <Button onClick={onConfirm} color="error" variant="contained" data-testid="confirm-block">
          {t('staff:actions.block')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function AccountName({ account }: { account: AccountDto }) {
  const { user } = account;
  return (
    <>
      <Link component={RouterLink} to={`${ADMIN}/accounts-settings/edit-account/${account.id}`} underline="hover" sx={{ fontWeight: 500 }}>
        {`${user.surname} ${user.name}`.trim() || user.email}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
        {user.email}
      </Typography>
    </>
  );
}

function AccountActions({
  account,
  onBlock,
  onUnblock,
  busy,
}: {
  account: AccountDto;
  onBlock: () => void;
  onUnblock: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation(['staff', 'common']);
  return (
    <>
      {account.user.is_active ? (
        <Button
          size="small"
          color="error"
          startIcon={<Lock />}
          onClick={onBlock}
          disabled={!account.can_block || busy}
          title={account.can_block ? undefined : t('staff:block.notSelf')}
          data-testid="block-account"
        >
          {t('staff:actions.block')}
        </Button>
      ) : (
        <Button
          size="small"
          startIcon={<LockOpen />}
          onClick={onUnblock}
          disabled={!account.can_block || busy}
          data-testid="unblock-account"
        >
          {t('staff:actions.unblock')}
        </Button>
      )}
      <Tooltip title={t('staff:actions.edit')}>
        <IconButton
          component={RouterLink}
          to={`${ADMIN}/accounts-settings/edit-account/${account.id}`}
          aria-label={t('staff:actions.edit')}
          data-testid="edit-account"
        >
          <Edit fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}

/** `/admin-dashboard/accounts-settings`: staff accounts with their access to clients, telephony and blocking. */
export function AccountsPage() {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const [typed, setTyped] = useState('');
  const [filter, setFilter] = useState<Pick<AccountsParams, 'role' | 'status' | 'search'>>({ role: '', status: '', search: '' });
  const [toBlock, setToBlock] = useState<AccountDto | null>(null);
  const setBlocked = useSetBlocked();
  const busy = setBlocked.isPending;
  // Kept in a ref so the columns stay one stable array while the actions see the current mutation.
  const actions = useRef({ block: (_a: AccountDto) => undefined as void, unblock: (_a: AccountDto) => undefined as void, busy });

  const columns = useMemo<DataTableColumn<AccountDto>[]>(
    () => [
      { id: 'name', label: t('staff:columns.name'), width: 220, alwaysVisible: true, render: (a) => <AccountName account={a} /> },
      { id: 'role', label: t('staff:fields.role'), width: 140, render: (a) => tc(`roles.${a.user.role.code}`) },
      {
        id: 'access',
        label: t('staff:fields.access'),
        width: 120,
        render: (a) => (
          <Tooltip title={t(`staff:accessHelp.${a.access_to_clients}`)}>
            <span>{t(`staff:accessShort.${a.access_to_clients}`)}</span>
          </Tooltip>
        ),
      },
      {
        id: 'telephony',
        label: t('staff:columns.telephony'),
        width: 160,
        render: (a) => (
          <>
            {a.telephony_number ?? '–'}
            {a.telephony_user_id && (
              <Typography variant="body2" color="text.secondary">
                {t('staff:columns.telephonyId', { id: a.telephony_user_id })}
              </Typography>
            )}
          </>
        ),
      },
      {
        id: 'status',
        label: t('staff:fields.status'),
        width: 120,
        render: (a) => (
          <Chip
            size="small"
            color={a.user.is_active ? 'success' : 'default'}
            label={a.user.is_active ? t('staff:status.active') : t('staff:status.blocked')}
            data-testid="account-status"
          />
        ),
      },
      {
        id: 'actions',
        label: t('staff:columns.actions'),
        width: 200,
        alwaysVisible: true,
        align: 'right',
        render: (a) => (
          <AccountActions
            account={a}
            busy={actions.current.busy}
            onBlock={() => actions.current.block(a)}
            onUnblock={() => actions.current.unblock(a)}
          />
        ),
      },
    ],
    [t, tc],
  );
  const table = useDataTable({ tableName: 'accounts', columns, pageSize: PAGE_SIZES.users, pageSizes: [25, 50, 100] });
  const params: AccountsParams = { ...filter, limit: table.query.limit, offset: table.query.offset };
  const accounts = useAccounts(params);

  useEffect(() => {
    const timer = setTimeout(() => {
      if (filter.search !== typed.trim()) {
        setFilter((f) => ({ ...f, search: typed.trim() }));
        table.setPage(0);
      }
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, filter.search, table]);

  const change = (account: AccountDto, blocked: boolean) =>
    setBlocked.mutate(
      { userId: account.user.id, blocked },
      {
        onSuccess: () => {
          const name = agentName(account.user.name, account.user.surname);
          snackbar.show(blocked ? t('staff:block.done', { name }) : t('staff:unblock.done', { name }), 'success');
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );

  actions.current = { block: (a) => setToBlock(a), unblock: (a) => change(a, false), busy };
  const filtered = Boolean(filter.search || filter.role || filter.status);
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.accountsSettings')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('staff:accounts.intro')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 2, alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('staff:filters.search')}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{ htmlInput: { 'data-testid': 'accounts-search' } }}
        />
        <TextField
          select
          size="small"
          label={t('staff:fields.role')}
          value={filter.role}
          onChange={(e) => {
            setFilter((f) => ({ ...f, role: e.target.value as AccountsParams['role'] }));
            table.setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 220 } }}
          id="accounts-role"
        >
          <MenuItem value="">{t('staff:filters.allRoles')}</MenuItem>
          {STAFF_ROLE_CODES.map((r) => (
            <MenuItem key={r} value={r}>
              {tc(`roles.${r}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('staff:fields.status')}
          value={filter.status}
          onChange={(e) => {
            setFilter((f) => ({ ...f, status: e.target.value as AccountsParams['status'] }));
            table.setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 180 } }}
          id="accounts-status"
        >
          <MenuItem value="">{t('staff:filters.allStatuses')}</MenuItem>
          <MenuItem value="active">{t('staff:status.active')}</MenuItem>
          <MenuItem value="blocked">{t('staff:status.blocked')}</MenuItem>
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button component={RouterLink} to={`${ADMIN}/create-agent`} variant="outlined">
          {tc('screens.createAgent')}
        </Button>
      </Box>
      <DataTable
        table={table}
        label={tc('screens.accountsSettings')}
        rows={accounts.data?.data}
        total={accounts.data?.total}
        rowKey={(a) => a.id}
        rowAttributes={(a) => ({ 'data-user-id': a.user.id })}
        loading={accounts.isPending}
        fetching={accounts.isFetching}
        error={accounts.error}
        onRetry={() => void accounts.refetch()}
        emptyText={filtered ? t('staff:accounts.emptyFiltered') : t('staff:accounts.empty')}
        testIds={{ table: 'accounts-table', row: 'account-row' }}
      />
      <BlockDialog
        account={toBlock}
        onCancel={() => setToBlock(null)}
        onConfirm={() => {
          if (toBlock) {
            change(toBlock, true);
          }
          setToBlock(null);
        }}
      />
    </Box>
  );
}
