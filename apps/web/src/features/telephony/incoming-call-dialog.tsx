import CallIcon from '@mui/icons-material/Call';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import PhoneInTalkIcon from '@mui/icons-material/PhoneInTalk';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { displayPhone, formatDateTime, roleByCode, type RoleCode } from '@bo/domain';
import { useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { snackbar } from '../../app/snackbar.tsx';
import { useSocketEvent } from '../../app/socket.ts';
import { StatusChip } from '../clients/client-bits.tsx';
import {
  callReducer,
  endsShownCall,
  formatDuration,
  NO_CALL,
  type CallAction,
  type CallAnsweredEvent,
  type CallEndedEvent,
  type CallEvent,
  type CallState,
} from './call-state.ts';
import { useRefreshCallLogs } from './api.ts';
import { incomingCallLink } from './incoming-call-link.ts';
import { visuallyHidden } from '../../ui/visually-hidden.ts';

/**
 * The incoming-call dialog (spec 4): mounted once in the signed-in layout, opened by the socket's `call`
 * event for this agent, moved on by `call.answered`, closed by the close action or by `call.ended`
 * (which a message then tells, with the call's duration).
 */
export function IncomingCallDialog({ role }: { role: RoleCode }) {
  const { t } = useTranslation(['telephony', 'common']);
  const [state, dispatch] = useReducer(callReducer, NO_CALL);
  // The handlers see the state of the last render; events that come in one batch see each other's effect.
  const latest = useRef<CallState>(state);
  latest.current = state;
  const refreshLogs = useRefreshCallLogs();

  const apply = (action: CallAction) => {
    const before = latest.current;
    latest.current = callReducer(before, action);
    dispatch(action);
    if (endsShownCall(before, action) && action.type === 'ended') {
      const shown = before.open;
      const client = shown?.clients.find((c) => c.id === action.event.clientId);
      const who = client ? `${client.name} ${client.surname}`.trim() : displayPhone(shown?.number);
      const { duration } = action.event;
      snackbar.show(
        duration === null ? t('telephony:callEndedShort', { who }) : t('telephony:callEnded', { who, duration: formatDuration(duration) }),
        'info',
      );
    }
  };

  useSocketEvent<CallEvent>('call', (event) => apply({ type: 'call', event }));
  useSocketEvent<CallAnsweredEvent>('call.answered', (event) => apply({ type: 'answered', event }));
  useSocketEvent<CallEndedEvent>('call.ended', (event) => {
    apply({ type: 'ended', event });
    // The call is in the agent's call log now.
    refreshLogs();
  });

  const call = state.open;
  const base = `/${roleByCode(role).prefix}-dashboard`;
  const close = () => apply({ type: 'close' });
  return (
    <Dialog
      open={call !== null}
      onClose={close}
      aria-labelledby="incoming-call-title"
      aria-describedby="incoming-call-number"
      fullWidth
      maxWidth="sm"
      data-testid="incoming-call-dialog"
      data-call-id={call?.callId}
      data-phase={call?.phase}
    >
      {call && (
        <>
          <DialogTitle id="incoming-call-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            {call.phase === 'ringing' ? <CallIcon color="primary" /> : <PhoneInTalkIcon color="success" />}
            <Box component="span" sx={{ flexGrow: 1 }}>
              {t('telephony:incomingCall')}
            </Box>
            <Chip
              size="small"
              color={call.phase === 'ringing' ? 'primary' : 'success'}
              label={t(`telephony:phase.${call.phase}`)}
              data-testid="incoming-call-phase"
            />
          </DialogTitle>
          <DialogContent>
            <Typography
              id="incoming-call-number"
              variant="h5"
              component="p"
              sx={{ fontVariantNumeric: 'tabular-nums', mb: 1 }}
              data-testid="incoming-call-number"
            >
              {displayPhone(call.number)}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="incoming-call-count">
              {call.clientCount === 0 ? t('telephony:noClient') : t('telephony:clientCount', { count: call.clientCount })}
            </Typography>
            {call.clients.length > 0 && (
              <List dense aria-label={t('telephony:matchedClients')} data-testid="incoming-call-clients">
                {call.clients.map((client, i) => (
                  <ListItem
                    key={client.id}
                    disableGutters
                    divider={i < call.clients.length - 1}
                    data-testid="incoming-call-client"
                    data-client-id={client.id}
                  >
                    <ListItemText
                      primary={
                        <Link component={RouterLink} to={`${base}/show-user/${client.id}`} onClick={close}>
                          {`${client.name} ${client.surname}`.trim() || '–'}
                        </Link>
                      }
                      secondary={
                        client.lastContactAt
                          ? t('telephony:lastContact', { when: formatDateTime(client.lastContactAt) })
                          : t('telephony:noContactYet')
                      }
                    />
                    <StatusChip status={client.status} />
                  </ListItem>
                ))}
              </List>
            )}
            {call.clientCount > call.clients.length && (
              <Typography variant="body2" color="text.secondary">
                {t('telephony:moreClients', { count: call.clientCount - call.clients.length })}
              </Typography>
            )}
          </DialogContent>
          <DialogActions>
            <Stack direction="row" spacing={1} sx={{ flexGrow: 1, justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
              <Button
                component="a"
                href={incomingCallLink(role, call.number)}
                target="_blank"
                rel="noopener"
                endIcon={<OpenInNewIcon />}
                data-testid="incoming-call-link"
              >
                {t('telephony:openClients')}
                <Box component="span" sx={visuallyHidden}>
                  {` (${t('telephony:newTab')})`}
                </Box>
              </Button>
              <Button variant="contained" onClick={close} data-testid="incoming-call-close">
                {t('telephony:close')}
              </Button>
            </Stack>
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
