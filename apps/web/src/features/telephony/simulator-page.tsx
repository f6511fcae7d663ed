import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormControlLabel,
  FormLabel,
  List,
  ListItem,
  ListItemText,
  MenuItem,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { displayPhone, formatDateTime, normalisePhone } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useRefreshCallLogs, useRunningCallsOf, useSimulateCall, useTelephonyAgents } from './api.ts';
import { afterStep, carryOn, NO_SIM_CALL, SIM_STEPS, stepAllowed, type SimCall, type SimStep } from './simulator-state.ts';

type Direction = 'inbound' | 'outbound';

const PHASE_COLOUR = { idle: 'default', ringing: 'primary', answered: 'success', hungup: 'warning', ended: 'default' } as const;

/**
 * The local telephony provider's admin screen: plays a call for a staff member, step by step, through
 * the same path as the provider's webhooks (`POST /api/telephony/simulate`), and shows the call's id
 * and state.
 */
export function SimulatorPage() {
  const { t } = useTranslation(['telephony', 'common']);
  const { t: tc } = useTranslation();
  const agents = useTelephonyAgents();
  const simulate = useSimulateCall();
  const [agentId, setAgentId] = useState('');
  const [direction, setDirection] = useState<Direction>('inbound');
  const [number, setNumber] = useState('');
  const [duration, setDuration] = useState('60');
  const [call, setCall] = useState<SimCall>(NO_SIM_CALL);
  const [errors, setErrors] = useState<{ agent?: string; number?: string; duration?: string }>({});

  const running = call.phase !== 'idle' && call.phase !== 'ended';
  const runningCalls = useRunningCallsOf(agentId ? Number(agentId) : null);
  const refreshLogs = useRefreshCallLogs();

  const send = (step: SimStep) => {
    const problems: typeof errors = {};
    if (!agentId) {
      problems.agent = t('telephony:simulator.agentRequired');
    }
    if (!normalisePhone(number)) {
      problems.number = t('telephony:simulator.numberInvalid');
    }
    const seconds = Number(duration);
    const timed = step === 'hangup' || step === 'end';
    if (timed && (!/^\d+$/.test(duration.trim()) || seconds > 86_400)) {
      problems.duration = t('telephony:simulator.durationInvalid');
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      return;
    }
    simulate.mutate(
      {
        agentId: Number(agentId),
        direction,
        number: number.trim(),
        step,
        ...(step !== 'ring' && call.callId ? { callId: call.callId } : {}),
        ...(timed ? { duration: seconds } : {}),
      },
      {
        onSuccess: ({ callId }) => {
          setCall((c) => afterStep(c, step, callId, new Date().toISOString()));
          refreshLogs();
        },
        onError: (err) => snackbar.show(t('telephony:simulator.failed', { reason: errorMessage(err, tc) })),
      },
    );
  };

  const accounts = agents.data?.data ?? [];
  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.telephony')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('telephony:simulator.intro')}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' }}>
        <Paper component="section" aria-labelledby="simulator-form-title" sx={{ p: 2 }} data-testid="simulator-form">
          <Typography id="simulator-form-title" variant="h6" component="h2" gutterBottom>
            {t('telephony:simulator.title')}
          </Typography>
          <Stack spacing={2}>
            <TextField
              select
              label={t('telephony:simulator.agent')}
              value={agentId}
              onChange={(e) => {
                setAgentId(e.target.value);
                setErrors(({ agent: _gone, ...rest }) => rest);
              }}
              disabled={running}
              error={Boolean(errors.agent)}
              helperText={errors.agent}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 360 } } } } } }}
              data-testid="simulator-agent"
            >
              {accounts.map((account) => (
                <MenuItem
                  key={account.user.id}
                  value={String(account.user.id)}
                  // Calls reach an agent through their telephony user: without one there is nobody to ring.
                  disabled={!account.telephony_user_id}
                  data-email={account.user.email ?? ''}
                >
                  <ListItemText
                    primary={`${account.user.name} ${account.user.surname}`.trim()}
                    secondary={[
                      tc(`roles.${account.user.role.code}`),
                      account.telephony_user_id ? displayPhone(account.telephony_number) : t('telephony:simulator.noTelephony'),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                    sx={{ my: 0 }}
                  />
                </MenuItem>
              ))}
            </TextField>
            <FormControl disabled={running}>
              <FormLabel id="simulator-direction">{t('telephony:simulator.direction')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="simulator-direction"
                value={direction}
                onChange={(e) => setDirection(e.target.value as Direction)}
              >
                <FormControlLabel value="inbound" control={<Radio />} label={t('telephony:simulator.inbound')} />
                <FormControlLabel value="outbound" control={<Radio />} label={t('telephony:simulator.outbound')} />
              </RadioGroup>
            </FormControl>
            <TextField
              label={t('telephony:simulator.number')}
              value={number}
              onChange={(e) => {
                setNumber(e.target.value);
                setErrors(({ number: _gone, ...rest }) => rest);
              }}
              disabled={running}
              error={Boolean(errors.number)}
              helperText={errors.number ?? t('telephony:simulator.numberHelp')}
              slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off', 'data-testid': 'simulator-number' } }}
            />
            <TextField
              label={t('telephony:simulator.duration')}
              value={duration}
              onChange={(e) => setDuration(e.target.value)}
              error={Boolean(errors.duration)}
              helperText={errors.duration}
              slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'simulator-duration' } }}
              sx={{ maxWidth: 280 }}
            />
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {SIM_STEPS.map((step) => (
                <Button
                  key={step}
                  variant={step === 'ring' ? 'contained' : 'outlined'}
                  onClick={() => send(step)}
                  disabled={simulate.isPending || !stepAllowed(call.phase, step)}
                  data-testid={`simulator-${step}`}
                >
                  {t(`telephony:simulator.steps.${step}`)}
                </Button>
              ))}
              {call.phase !== 'idle' && (
                <Button onClick={() => setCall(NO_SIM_CALL)} disabled={simulate.isPending} data-testid="simulator-new">
                  {t('telephony:simulator.newCall')}
                </Button>
              )}
            </Stack>
          </Stack>
          {agentId && (runningCalls.data?.length ?? 0) > 0 && (
            <Box component="section" aria-labelledby="simulator-running-title" sx={{ mt: 3 }} data-testid="simulator-running">
              <Typography id="simulator-running-title" variant="subtitle1" component="h3">
                {t('telephony:simulator.running')}
              </Typography>
              <List dense>
                {runningCalls.data?.map((log) => (
                  <ListItem
                    key={log.id}
                    divider
                    disableGutters
                    data-testid="simulator-running-call"
                    data-call-id={log.callId}
                    secondaryAction={
                      <Button
                        size="small"
                        disabled={running || !log.number || log.callId === call.callId}
                        onClick={() => {
                          setDirection(log.direction === 'outbound' ? 'outbound' : 'inbound');
                          setNumber(log.number ?? '');
                          setErrors({});
                          setCall(carryOn(log.callId, log.answeredAt !== null));
                        }}
                        data-testid="simulator-carry-on"
                      >
                        {t('telephony:simulator.carryOn')}
                      </Button>
                    }
                  >
                    <ListItemText
                      primary={`${t(log.direction === 'outbound' ? 'telephony:simulator.outbound' : 'telephony:simulator.inbound')} · ${
                        log.clientName ?? displayPhone(log.number)
                      }`}
                      secondary={[displayPhone(log.number), formatDateTime(log.startedAt)].filter(Boolean).join(' · ')}
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          )}
        </Paper>
        <Paper
          component="section"
          aria-labelledby="simulator-call-title"
          sx={{ p: 2 }}
          data-testid="simulator-call"
          data-phase={call.phase}
        >
          <Typography id="simulator-call-title" variant="h6" component="h2" gutterBottom>
            {t('telephony:simulator.call')}
          </Typography>
          <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0, mb: 2 }}>
            <Typography component="dt" color="text.secondary">
              {t('telephony:simulator.state')}
            </Typography>
            <Box component="dd" sx={{ m: 0 }}>
              <Chip
                size="small"
                color={PHASE_COLOUR[call.phase]}
                label={t(`telephony:simulator.states.${call.phase}`)}
                data-testid="simulator-state"
              />
            </Box>
            <Typography component="dt" color="text.secondary">
              {t('telephony:simulator.callId')}
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }} data-testid="simulator-call-id">
              {call.callId ?? '–'}
            </Typography>
          </Box>
          <Typography variant="subtitle2" component="h3">
            {t('telephony:simulator.history')}
          </Typography>
          {call.history.length === 0 ? (
            <Alert severity="info" variant="outlined" sx={{ mt: 1 }}>
              {t('telephony:simulator.historyEmpty')}
            </Alert>
          ) : (
            <List dense data-testid="simulator-history">
              {call.history.map((entry) => (
                <ListItem key={`${entry.step}-${entry.at}`} disableGutters divider>
                  <ListItemText primary={t(`telephony:simulator.steps.${entry.step}`)} secondary={formatDateTime(entry.at)} />
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      </Box>
    </Box>
  );
}
