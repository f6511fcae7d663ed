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
import { agentName, dashboardPath, DEBOUNCE_MS, PAGE_SIZES, STAFF_ROLE_CODES, type AccountDto, type RoleCode } from '@bo/domain';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
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

function AccountRow({
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
  const { t: tc } = useTranslation();
  const { user } = account;
  return (
    <TableRow hover data-testid="account-row" data-user-id={user.id}>
      <TableCell>
        <Link
          component={RouterLink}
          to={`${ADMIN}/accounts-settings/edit-account/${account.id}`}
          underline="hover"
          sx={{ fontWeight: 500 }}
        >
          {`${user.surname} ${user.name}`.trim() || user.email}
        </Link>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
          {user.email}
        </Typography>
      </TableCell>
      <TableCell>{tc(`roles.${user.role.code}`)}</TableCell>
      <TableCell>
        <Tooltip title={t(`staff:accessHelp.${account.access_to_clients}`)}>
          <span>{t(`staff:accessShort.${account.access_to_clients}`)}</span>
        </Tooltip>
      </TableCell>
      <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' }, whiteSpace: 'nowrap' }}>
        {account.telephony_number ?? '–'}
        {account.telephony_user_id && (
          <Typography variant="body2" color="text.secondary">
            {t('staff:columns.telephonyId', { id: account.telephony_user_id })}
          </Typography>
        )}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={user.is_active ? 'success' : 'default'}
          label={user.is_active ? t('staff:status.active') : t('staff:status.blocked')}
          data-testid="account-status"
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {user.is_active ? (
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
      </TableCell>
    </TableRow>
  );
}

/** `/admin-dashboard/accounts-settings`: staff accounts with their access to clients, telephony and blocking. */
export function AccountsPage() {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const [typed, setTyped] = useState('');
  const [params, setParams] = useState<AccountsParams>({ role: '', status: '', search: '', limit: PAGE_SIZES.users, offset: 0 });
  const [toBlock, setToBlock] = useState<AccountDto | null>(null);
  const accounts = useAccounts(params);
  const setBlocked = useSetBlocked();

  useEffect(() => {
    const timer = setTimeout(
      () => setParams((p) => (p.search === typed.trim() ? p : { ...p, search: typed.trim(), offset: 0 })),
      DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [typed]);

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

  const rows = accounts.data?.data ?? [];
  const filtered = Boolean(params.search || params.role || params.status);
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
          value={params.role}
          onChange={(e) => setParams((p) => ({ ...p, role: e.target.value as RoleCode | '', offset: 0 }))}
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
          value={params.status}
          onChange={(e) => setParams((p) => ({ ...p, status: e.target.value as AccountsParams['status'], offset: 0 }))}
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
      <Paper>
        <TableContainer>
          <Table size="small" data-testid="accounts-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('staff:columns.name')}</TableCell>
                <TableCell>{t('staff:fields.role')}</TableCell>
                <TableCell>{t('staff:fields.access')}</TableCell>
                <TableCell sx={{ display: { xs: 'none', lg: 'table-cell' } }}>{t('staff:columns.telephony')}</TableCell>
                <TableCell>{t('staff:fields.status')}</TableCell>
                <TableCell align="right">{t('staff:columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {accounts.isError && (
                <TableRow>
                  <TableCell colSpan={6}>{errorMessage(accounts.error, tc)}</TableCell>
                </TableRow>
              )}
              {accounts.isSuccess && rows.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{filtered ? t('staff:accounts.emptyFiltered') : t('staff:accounts.empty')}</TableCell>
                </TableRow>
              )}
              {rows.map((account) => (
                <AccountRow
                  key={account.id}
                  account={account}
                  busy={setBlocked.isPending}
                  onBlock={() => setToBlock(account)}
                  onUnblock={() => change(account, false)}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={accounts.data?.total ?? 0}
          page={Math.floor(params.offset / params.limit)}
          rowsPerPage={params.limit}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_e, page) => setParams((p) => ({ ...p, offset: page * p.limit }))}
          onRowsPerPageChange={(e) => setParams((p) => ({ ...p, limit: Number(e.target.value), offset: 0 }))}
          labelRowsPerPage={tc('common.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) => tc('common.displayedRows', { from, to, count })}
        />
      </Paper>
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
