import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { LICENCE_STATUSES, formatDate, type LicenceDto, type LicenceStatus } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DateField } from '../../ui/date-fields.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useActivateLicence, useIndependentAgents, useLicences, useRequestLicence, useSimulateRenewal } from './api.ts';
import { LicenceStatusChip } from './licence-status.tsx';
import { compactCells } from '../../ui/table-cells.ts';

const PAGE = 50;

function RequestDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation(['licences', 'common']);
  const { t: tc } = useTranslation();
  const agents = useIndependentAgents();
  const request = useRequestLicence();
  const [agentId, setAgentId] = useState('');
  const [flow, setFlow] = useState<'single' | 'obligation'>('single');
  const [validUntil, setValidUntil] = useState('');
  const fields: Record<string, string> = request.error instanceof HttpError ? (request.error.body.field_validation ?? {}) : {};
  const submit = () =>
    request.mutate(
      { agent_id: Number(agentId), flow, ...(validUntil ? { valid_until: validUntil } : {}) },
      {
        onSuccess: () => {
          snackbar.show(t('licences:admin.requested'), 'success');
          onClose();
        },
      },
    );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('licences:admin.request')}</DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        <TextField
          select
          required
          label={t('licences:fields.agent')}
          value={agentId}
          onChange={(e) => setAgentId(e.target.value)}
          error={Boolean(fields.agent_id)}
          helperText={fields.agent_id ? tc(`validation.${fields.agent_id}`) : ' '}
          slotProps={{ htmlInput: { 'data-testid': 'licence-request-agent' } }}
        >
          {(agents.data ?? []).map((a) => (
            <MenuItem key={a.id} value={String(a.id)}>
              {a.name} {a.surname}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          required
          label={t('licences:fields.flow')}
          value={flow}
          onChange={(e) => setFlow(e.target.value as 'single' | 'obligation')}
        >
          <MenuItem value="single">{t('licences:flow.single')}</MenuItem>
          <MenuItem value="obligation">{t('licences:flow.obligation')}</MenuItem>
        </TextField>
        <DateField
          required={flow === 'single'}
          label={t('licences:fields.validUntil')}
          value={validUntil}
          onChange={setValidUntil}
          error={Boolean(fields.valid_until)}
          helperText={fields.valid_until ? tc(`validation.${fields.valid_until}`) : t('licences:admin.validUntilHint')}
          testId="licence-request-valid-until"
        />
        {request.isError && Object.keys(fields).length === 0 && <Alert severity="error">{errorMessage(request.error, tc)}</Alert>}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{tc('common.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={request.isPending || agentId === ''} data-testid="licence-request-submit">
          {t('licences:admin.request')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Actions({ licence }: { licence: LicenceDto }) {
  const { t } = useTranslation(['licences', 'common']);
  const { t: tc } = useTranslation();
  const activate = useActivateLicence();
  const simulate = useSimulateRenewal();
  const onError = (err: unknown) => snackbar.show(errorMessage(err, tc));
  if (licence.can_activate) {
    return (
      <Button size="small" variant="outlined" onClick={() => activate.mutate(licence.id, { onError })} disabled={activate.isPending}>
        {t('licences:admin.activate')}
      </Button>
    );
  }
  if (licence.flow !== 'recurrent' || licence.provider_status === null || licence.provider_status === 'canceled') {
    return null;
  }
  return (
    <TextField
      select
      size="small"
      value=""
      label={t('licences:admin.simulate')}
      sx={{ minWidth: 200 }}
      onChange={(e) =>
        simulate.mutate(
          { id: licence.id, outcome: e.target.value as 'renewal_paid' | 'renewal_failed' | 'unpaid' | 'canceled' },
          { onSuccess: () => snackbar.show(t('licences:admin.simulated'), 'success'), onError },
        )
      }
    >
      {(['renewal_paid', 'renewal_failed', 'unpaid', 'canceled'] as const).map((o) => (
        <MenuItem key={o} value={o}>
          {t(`licences:admin.outcomes.${o}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The admin's list of every independent agent's current licence, with the requests to activate. */
export function LicencesAdminPage() {
  const { t } = useTranslation(['licences', 'common']);
  const { t: tc } = useTranslation();
  const [status, setStatus] = useState<LicenceStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [requesting, setRequesting] = useState(false);
  const list = useLicences({ ...(status ? { status } : {}), limit: PAGE, offset });
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {tc('screens.licences')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField
          select
          size="small"
          label={t('licences:fields.status')}
          value={status}
          onChange={(e) => {
            setStatus(e.target.value as LicenceStatus | '');
            setOffset(0);
          }}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('licences:admin.allStatuses')}</MenuItem>
          {LICENCE_STATUSES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`licences:status.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button variant="contained" onClick={() => setRequesting(true)} data-testid="licence-request">
          {t('licences:admin.request')}
        </Button>
      </Box>
      {list.isPending && <Loading />}
      {list.isError && <Alert severity="error">{errorMessage(list.error, tc)}</Alert>}
      {list.data && (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={tc('screens.licences')} sx={compactCells}>
            <TableHead>
              <TableRow>
                <TableCell>{t('licences:fields.agent')}</TableCell>
                <TableCell>{t('licences:fields.status')}</TableCell>
                <TableCell>{t('licences:fields.flow')}</TableCell>
                <TableCell>{t('licences:fields.providerStatus')}</TableCell>
                <TableCell>{t('licences:fields.until')}</TableCell>
                <TableCell>{t('licences:fields.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.data.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={6}>{t('licences:admin.empty')}</TableCell>
                </TableRow>
              )}
              {list.data.data.map((l) => (
                <TableRow key={l.id} data-testid="licence-row">
                  <TableCell>
                    {l.agent.name} {l.agent.surname}
                  </TableCell>
                  <TableCell>
                    <LicenceStatusChip licence={l} />
                    {l.restricted && ` ${t('licences:admin.restricted')}`}
                  </TableCell>
                  <TableCell>{t(`licences:flow.${l.flow}`)}</TableCell>
                  <TableCell>
                    {l.provider_status
                      ? t(`licences:provider.${l.provider_status}`)
                      : l.activation
                        ? t(`licences:activation.${l.activation}`)
                        : '–'}
                  </TableCell>
                  <TableCell>{formatDate(l.paid_until ?? l.valid_until)}</TableCell>
                  <TableCell>
                    <Actions licence={l} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <Box sx={{ display: 'flex', gap: 1, p: 1, justifyContent: 'flex-end', alignItems: 'center' }}>
            <Typography variant="body2">
              {t('licences:admin.range', {
                from: list.data.total === 0 ? 0 : offset + 1,
                to: Math.min(offset + PAGE, list.data.total),
                total: list.data.total,
              })}
            </Typography>
            <Button size="small" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE))}>
              {t('licences:admin.previous')}
            </Button>
            <Button size="small" disabled={offset + PAGE >= list.data.total} onClick={() => setOffset(offset + PAGE)}>
              {t('licences:admin.next')}
            </Button>
          </Box>
        </TableContainer>
      )}
      {requesting && <RequestDialog open onClose={() => setRequesting(false)} />}
    </Box>
  );
}
