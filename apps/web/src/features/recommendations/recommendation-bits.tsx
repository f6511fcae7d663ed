import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import {
  dashboardPath,
  RECOMMENDATION_COUNTER_KEYS,
  RECOMMENDATION_STATUS_COLOURS,
  type RecommendationCountersDto,
  type RecommendationItemDto,
  type RecommendationStatus,
} from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useCurrentUser } from '../../app/session.ts';

/**
 * Where the pages of one client's recommendations live: the client's own pages (/user-dashboard/…), or
 * a staff member's pages under /{role}-dashboard/show-user/{userId}/recommendations.
 */
export function useRecommendationPaths() {
  const params = useParams();
  const me = useCurrentUser().data;
  const role = me?.role.code ?? 'user';
  const staff = params.userId !== undefined;
  const userId = staff ? Number(params.userId) : me?.id;
  const base = dashboardPath(role);
  const list = staff ? `${base}/show-user/${params.userId}/recommendations` : `${base}/recommendations`;
  return {
    staff,
    role,
    userId: userId !== undefined && Number.isInteger(userId) && userId > 0 ? userId : undefined,
    editRecId: params.editRecId === undefined ? undefined : Number(params.editRecId),
    listPath: list,
    createPath: staff ? `${list}/add-rec` : `${base}/create-recommendation`,
    /** Followed by `/{id}`. */
    editBase: staff ? `${list}/edit-rec` : `${base}/edit-recommendation`,
  };
}

export function StatusChip({ status }: { status: RecommendationStatus }) {
  const { t } = useTranslation(['recommendations', 'common']);
  return (
    <Chip
      size="small"
      color={RECOMMENDATION_STATUS_COLOURS[status]}
      variant={status === 'unconfirmed' ? 'outlined' : 'filled'}
      label={t(`recommendations:statuses.${status}`)}
      data-testid="rec-status"
      data-status={status}
    />
  );
}

/** Staff move a recommendation on: the current status and those it may go to next. */
export function StatusSelect({
  rec,
  disabled,
  onChange,
}: {
  rec: RecommendationItemDto;
  disabled: boolean;
  onChange: (status: RecommendationStatus) => void;
}) {
  const { t } = useTranslation(['recommendations', 'common']);
  if (rec.actions.statuses.length === 0) {
    return <StatusChip status={rec.status} />;
  }
  return (
    <TextField
      select
      size="small"
      value={rec.status}
      disabled={disabled}
      onChange={(e) => onChange(e.target.value as RecommendationStatus)}
      sx={{ minWidth: 148 }}
      slotProps={{
        htmlInput: {
          'aria-label': t('recommendations:changeStatus', { name: `${rec.name} ${rec.surname}`.trim() }),
          'data-testid': 'rec-status-select',
        },
      }}
    >
      {[rec.status, ...rec.actions.statuses].map((s) => (
        <MenuItem key={s} value={s} data-testid={`rec-status-option-${s}`}>
          {s === rec.status ? t(`recommendations:statuses.${s}`) : t(`recommendations:moveTo.${s}`)}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** Spec 3: the seven counters of a client, in German first. */
export function RecommendationCounters({ counters }: { counters: RecommendationCountersDto | undefined }) {
  const { t } = useTranslation(['recommendations', 'common']);
  return (
    <Box
      component="dl"
      aria-label={t('recommendations:counters.label')}
      sx={{
        display: 'grid',
        gap: 1.5,
        gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(4, 1fr)', lg: 'repeat(7, 1fr)' },
        m: 0,
        mb: 2,
      }}
    >
      {RECOMMENDATION_COUNTER_KEYS.map((key) => (
        <Paper key={key} variant="outlined" sx={{ p: 1.5 }} data-testid={`rec-counter-${key}`}>
          <Typography component="dt" variant="body2" color="text.secondary" noWrap title={t(`recommendations:counters.${key}`)}>
            {t(`recommendations:counters.${key}`)}
          </Typography>
          <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 600 }} data-testid="rec-counter-value">
            {counters ? counters[key] : '–'}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** Says what is lost before a recommendation is deleted. */
export function DeleteRecommendationDialog({
  rec,
  deleting,
  onConfirm,
  onClose,
}: {
  rec: RecommendationItemDto | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['recommendations', 'common']);
  return (
    <Dialog open={rec !== null} onClose={onClose} aria-labelledby="delete-rec-title" data-testid="delete-rec-dialog">
      <DialogTitle id="delete-rec-title">{t('recommendations:deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {rec && t('recommendations:deleteDialog.text', { name: `${rec.name} ${rec.surname}`.trim() })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('recommendations:actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={deleting} data-testid="confirm-delete-rec">
          {t('recommendations:deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
