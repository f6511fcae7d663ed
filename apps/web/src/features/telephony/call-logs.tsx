import CallMadeIcon from '@mui/icons-material/CallMade';
import CallReceivedIcon from '@mui/icons-material/CallReceived';
import CloseIcon from '@mui/icons-material/Close';
import HistoryIcon from '@mui/icons-material/PhoneCallback';
import {
  Alert,
  Badge,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Drawer,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Stack,
  TextField,
  Toolbar,
  Tooltip,
  Typography,
} from '@mui/material';
import { displayPhone, formatDateTime, roleByCode, screenPath, SCREENS, type RoleCode } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Answer } from '../../app/api.ts';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useSocketEvent, type LiveStatus } from '../../app/socket.ts';
import { useAttachCall, useCallLogs, useClientChoices, useRefreshCallLogs } from './api.ts';
import { formatDuration } from './call-state.ts';
import { incomingCallLink } from './incoming-call-link.ts';

type CallLog = Answer<'get', '/api/account/aircall-logs'>['data'][number];

const CREATE_CLIENT = SCREENS.find((s) => s.id === 'createClient');

/** Puts an unmatched call in the contact history of a client the agent picks (by name or phone). */
function AttachDialog({ call, onClose }: { call: CallLog; onClose: () => void }) {
  const { t } = useTranslation(['telephony']);
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState(call.number ? displayPhone(call.number) : '');
  const choices = useClientChoices(search);
  const attach = useAttachCall();
  const clients = choices.data?.data ?? [];
  return (
    <Dialog open onClose={onClose} aria-labelledby="attach-call-title" fullWidth maxWidth="xs" data-testid="attach-call-dialog">
      <DialogTitle id="attach-call-title">{t('telephony:logs.attachTitle')}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          margin="dense"
          label={t('telephony:logs.attachSearch')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'attach-call-search' } }}
        />
        {choices.isFetching && clients.length === 0 && (
          <Box sx={{ display: 'grid', placeItems: 'center', p: 2 }}>
            <CircularProgress size={24} aria-label={t('telephony:logs.loading')} />
          </Box>
        )}
        <List dense aria-label={t('telephony:logs.attachClient')}>
          {clients.map(({ user }) => (
            <ListItem key={user.id} disablePadding>
              <ListItemButton
                disabled={attach.isPending}
                data-testid="attach-call-choice"
                onClick={() =>
                  attach.mutate(
                    { id: call.id, clientId: user.id },
                    {
                      onSuccess: () => {
                        snackbar.show(t('telephony:logs.attached', { name: `${user.name} ${user.surname}`.trim() }), 'success');
                        onClose();
                      },
                      onError: (err) => snackbar.show(errorMessage(err, tc)),
                    },
                  )
                }
              >
                <ListItemText
                  primary={`${user.name} ${user.surname}`.trim() || '–'}
                  secondary={[displayPhone(user.mobile_phone), displayPhone(user.phone), user.city].filter(Boolean).join(' · ')}
                />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('telephony:close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

function CallLogRow({ call, role, onNavigate, onAttach }: { call: CallLog; role: RoleCode; onNavigate: () => void; onAttach: () => void }) {
  const { t } = useTranslation(['telephony']);
  const base = `/${roleByCode(role).prefix}-dashboard`;
  const number = call.number ? displayPhone(call.number) : t('telephony:logs.unknownCaller');
  const direction = t(call.direction === 'outbound' ? 'telephony:logs.outbound' : 'telephony:logs.inbound');
  return (
    <ListItem
      divider
      data-testid="call-log"
      data-call-id={call.callId}
      data-client-id={call.clientId ?? ''}
      sx={{ alignItems: 'flex-start' }}
    >
      <ListItemIcon sx={{ minWidth: 36, mt: 0.75 }}>
        {call.direction === 'outbound' ? (
          <CallMadeIcon fontSize="small" titleAccess={direction} />
        ) : (
          <CallReceivedIcon fontSize="small" titleAccess={direction} />
        )}
      </ListItemIcon>
      <ListItemText
        disableTypography
        primary={
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography variant="body2" component="div" sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0 }}>
              {call.clientId !== null ? (
                <Link component={RouterLink} to={`${base}/show-user/${call.clientId}`} onClick={onNavigate}>
                  {call.clientName ?? number}
                </Link>
              ) : (
                number
              )}
            </Typography>
            <Chip size="small" label={t(`telephony:logs.outcomes.${call.outcome}`)} data-testid="call-log-outcome" />
          </Box>
        }
        secondary={
          <>
            <Typography variant="body2" color="text.secondary" component="div">
              {[
                formatDateTime(call.startedAt),
                call.clientId !== null && call.number ? number : null,
                call.duration !== null ? t('telephony:logs.duration', { duration: formatDuration(call.duration) }) : null,
              ]
                .filter(Boolean)
                .join(' · ')}
            </Typography>
            {call.clientId === null && call.outcome !== 'in_progress' && (
              <Stack direction="row" spacing={0.5} useFlexGap sx={{ mt: 0.5, ml: -0.75, flexWrap: 'wrap' }}>
                <Button size="small" onClick={onAttach} data-testid="call-log-attach">
                  {t('telephony:logs.attach')}
                </Button>
                {call.number && (
                  <Button size="small" component="a" href={incomingCallLink(role, call.number)} target="_blank" rel="noopener">
                    {t('telephony:openClients')}
                  </Button>
                )}
                {CREATE_CLIENT?.roles.includes(roleByCode(role).abbr) && (
                  <Button size="small" component={RouterLink} to={screenPath(role, CREATE_CLIENT)} onClick={onNavigate}>
                    {t('telephony:logs.createLead')}
                  </Button>
                )}
              </Stack>
            )}
          </>
        }
      />
    </ListItem>
  );
}

/**
 * The agent's calls (spec 7 `GET /api/account/aircall-logs`): fetched when the tab's socket connects, on
 * every reconnect and after a call ended; a button in the top bar opens the list. Calls without a client
 * can be put in a client's contact history.
 */
export function CallLogsButton({ role, live }: { role: RoleCode; live: LiveStatus }) {
  const { t } = useTranslation(['telephony']);
  const [open, setOpen] = useState(false);
  const [attaching, setAttaching] = useState<CallLog | null>(null);
  const logs = useCallLogs(live === 'connected');
  const refresh = useRefreshCallLogs();
  useSocketEvent('connect', refresh);
  const calls = logs.data?.data ?? [];
  const unmatched = calls.filter((c) => c.clientId === null && c.outcome !== 'in_progress').length;

  return (
    <>
      <Tooltip title={t('telephony:logs.open')}>
        <IconButton
          onClick={() => {
            setOpen(true);
            // What the provider told since (a call's final data comes after its end) shows when the list opens.
            refresh();
          }}
          // The name starts with the number the badge shows, so it can be spoken to as it reads (WCAG 2.5.3).
          aria-label={unmatched > 0 ? t('telephony:logs.openUnmatched', { count: unmatched }) : t('telephony:logs.open')}
          data-testid="call-logs-button"
        >
          {unmatched > 0 ? (
            <Badge badgeContent={unmatched} color="warning">
              <HistoryIcon />
            </Badge>
          ) : (
            <HistoryIcon />
          )}
        </IconButton>
      </Tooltip>
      <Drawer
        anchor="right"
        open={open}
        onClose={() => setOpen(false)}
        // Over the top bar (which sits over the side navigation).
        sx={{ zIndex: (theme) => theme.zIndex.modal }}
        slotProps={{ paper: { sx: { width: { xs: '100%', sm: 440 } } } }}
      >
        <Box role="region" aria-labelledby="call-logs-title" data-testid="call-logs">
          <Toolbar sx={{ gap: 1 }}>
            <Typography id="call-logs-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {t('telephony:logs.title')}
            </Typography>
            <IconButton onClick={() => setOpen(false)} aria-label={t('telephony:close')}>
              <CloseIcon />
            </IconButton>
          </Toolbar>
          {logs.isLoading && (
            <Box sx={{ display: 'grid', placeItems: 'center', p: 3 }}>
              <CircularProgress aria-label={t('telephony:logs.loading')} />
            </Box>
          )}
          {logs.isError && (
            <Alert severity="error" sx={{ m: 2 }}>
              {t('telephony:logs.error')}
            </Alert>
          )}
          {logs.isSuccess && calls.length === 0 && (
            <Typography sx={{ px: 2, color: 'text.secondary' }}>{t('telephony:logs.empty')}</Typography>
          )}
          <List dense>
            {calls.map((call) => (
              <CallLogRow key={call.id} call={call} role={role} onNavigate={() => setOpen(false)} onAttach={() => setAttaching(call)} />
            ))}
          </List>
        </Box>
      </Drawer>
      {attaching && <AttachDialog call={attaching} onClose={() => setAttaching(null)} />}
    </>
  );
}
