import Close from '@mui/icons-material/Close';
import {
  Alert,
  AppBar,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  FormControlLabel,
  IconButton,
  MenuItem,
  Switch,
  Tab,
  Tabs,
  TextField,
  Toolbar,
  Typography,
} from '@mui/material';
import {
  ADDRESS_EMPTY,
  formatDate,
  formatDateTime,
  formatNumber,
  initialPlannerState,
  plannerReducer,
  zurichClock,
  type PlannerState,
} from '@bo/domain';
import { lazy, Suspense, useEffect, useMemo, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { DateField } from '../../ui/date-fields.tsx';
import type { CalendarAnswer } from '../calendar/api.ts';
import { BookClientDialog } from '../calendar/book-client-dialog.tsx';
import {
  usePlannerBlockedDates,
  usePlannerDetails,
  usePlannerPreview,
  type DraftAddress,
  type PlannerSuggestion,
  type PreviewParams,
} from './api.ts';

// Leaflet loads only when a day's route is shown.
const RouteMap = lazy(async () => ({ default: (await import('./route-map.tsx')).RouteMap }));

const pad = (n: number) => String(n).padStart(2, '0');
const todayInZurich = () => {
  const c = zurichClock(new Date());
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
};
const km = (m: number | null) => (m === null ? '–' : formatNumber(Math.round(m / 100) / 10));
const minutes = (s: number | null) => (s === null ? '–' : String(Math.round(s / 60)));

const DRAFT_FIELDS = ['address', 'zipcode', 'city'] as const;

/** The edited address while the edit mode is on (spec 3 `userDrafts`), else none. */
function draftOf(s: PlannerState): DraftAddress | null {
  if (!s.editMode) {
    return null;
  }
  return { address: s.userDrafts.address ?? '', zipcode: s.userDrafts.zipcode ?? '', city: s.userDrafts.city ?? '' };
}

function paramsOf(clientId: number, s: PlannerState): PreviewParams {
  return {
    clientId,
    draft: draftOf(s),
    startDate: s.period.startDate,
    endDate: s.period.endDate,
    startTime: s.period.startTime,
    endTime: s.period.endTime,
    lessThan50: s.filters.lessThan50,
    from50to100: s.filters.from50to100,
    availableForAgent: s.filters.availableForAgent,
  };
}

/**
 * The visit planner (spec 2 "Planner: preview, details and blocked dates, with steps"; spec 4): the ranked
 * suggestions for a new visit at the client's home, one agent's day as a route on a map, the month's
 * blocked dates. Booking opens the calendar dialog with the agent, the time and the client filled in.
 * Opened from the booking step of the lead flow (docs/planner.md).
 */
export function PlannerDialog({
  clientId,
  clientName,
  clientAddress,
  onClose,
  onBooked,
}: {
  clientId: number;
  clientName: string;
  /** The address saved on the client: shown, and the edit mode starts from it. */
  clientAddress: { address: string | null; zipcode: string | null; city: string | null };
  onClose: () => void;
  onBooked?: (answer: CalendarAnswer) => void;
}) {
  const { t } = useTranslation(['planner']);
  const { t: tc } = useTranslation();
  // Spec 8: an async error is shown and loading stops; a client without an address gets the spec's key.
  const problem = (err: unknown) =>
    err instanceof HttpError && err.body.message === ADDRESS_EMPTY ? t('planner:addressEmpty') : errorMessage(err, tc);
  const today = useMemo(todayInZurich, []);
  const [state, dispatch] = useReducer(
    (s: PlannerState, a: Parameters<typeof plannerReducer>[1]) => plannerReducer(s, a, today),
    undefined,
    () => plannerReducer(initialPlannerState(today), { type: 'open', userId: clientId }, today),
  );
  // The preview is asked for the period last applied: a changed period only marks it stale (spec 4).
  const [applied, setApplied] = useState<PreviewParams>(() => paramsOf(clientId, state));
  const [tab, setTab] = useState<'preview' | 'details' | 'blocked'>('preview');
  const [selected, setSelected] = useState<PlannerSuggestion | null>(null);
  const [booking, setBooking] = useState<PlannerSuggestion | null>(null);
  const [month, setMonth] = useState(today.slice(0, 7));
  const preview = usePlannerPreview({
    ...applied,
    lessThan50: state.filters.lessThan50,
    from50to100: state.filters.from50to100,
    availableForAgent: state.filters.availableForAgent,
  });
  const details = usePlannerDetails(clientId, selected?.agent.id ?? null, selected?.start ?? null, applied.draft);
  // The server's objections to an edited address go under its fields (spec 3 `userErrors`).
  const previewError = preview.error;
  useEffect(() => {
    const fields = previewError instanceof HttpError ? previewError.body.field_validation : undefined;
    if (!fields) {
      return;
    }
    for (const field of DRAFT_FIELDS) {
      const key = (fields as Record<string, string>)[field];
      if (key) {
        dispatch({ type: 'fieldError', field, message: key });
      }
    }
  }, [previewError]);
  const blocked = usePlannerBlockedDates(clientId, month, state.filters.availableForAgent);
  const agents = useMemo(() => {
    const seen = new Map<number, string>();
    for (const s of preview.data?.suggestions ?? []) {
      seen.set(s.agent.id, `${s.agent.name} ${s.agent.surname}`.trim());
    }
    return [...seen.entries()];
  }, [preview.data]);

  const close = () => {
    dispatch({ type: 'close' });
    onClose();
  };
  const recalculate = () => {
    setApplied(paramsOf(clientId, state));
    dispatch({ type: 'previewLoaded' });
  };
  /** Spec 4: leaving the edit mode clears the drafts and errors; the preview is then for the saved address. */
  const setEditMode = (on: boolean) => {
    dispatch({ type: 'setEditMode', editMode: on });
    if (on) {
      for (const field of DRAFT_FIELDS) {
        dispatch({ type: 'draft', field, value: clientAddress[field] ?? '' });
      }
    } else {
      setApplied((a) => ({ ...a, draft: null }));
    }
  };
  const savedAddress = [clientAddress.address, [clientAddress.zipcode, clientAddress.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  const plannedAt = applied.draft
    ? [applied.draft.address, [applied.draft.zipcode, applied.draft.city].filter(Boolean).join(' ')].filter(Boolean).join(', ')
    : savedAddress;
  const showRoute = (s: PlannerSuggestion) => {
    setSelected(s);
    dispatch({ type: 'showDetails', agentId: s.agent.id, selectedDate: s.date });
    setTab('details');
  };

  return (
    <Dialog open fullScreen onClose={close} data-testid="planner" data-step={tab} aria-labelledby="planner-title">
      <AppBar position="sticky" color="default" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Typography id="planner-title" variant="h6" component="h2" sx={{ flex: 1 }}>
            {t('planner:title', { name: clientName })}
          </Typography>
          <IconButton edge="end" onClick={close} aria-label={t('planner:close')} data-testid="planner-close">
            <Close />
          </IconButton>
        </Toolbar>
        <Tabs value={tab} onChange={(_, v: typeof tab) => setTab(v)} variant="scrollable" aria-label={t('planner:steps')}>
          <Tab value="preview" label={t('planner:tabs.preview')} data-testid="planner-tab-preview" />
          <Tab value="details" label={t('planner:tabs.details')} disabled={!selected} data-testid="planner-tab-details" />
          <Tab value="blocked" label={t('planner:tabs.blocked')} data-testid="planner-tab-blocked" />
        </Tabs>
      </AppBar>
      <Box sx={{ p: { xs: 2, md: 3 }, maxWidth: 1400, width: '100%', mx: 'auto' }}>
        {tab === 'preview' && (
          <Box>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }} data-testid="planner-period">
              <DateField
                label={t('planner:period.startDate')}
                value={state.period.startDate}
                onChange={(v) => dispatch({ type: 'setPeriod', period: { startDate: v } })}
                fullWidth={false}
                min={today}
                sx={{ width: 170 }}
                testId="planner-start-date"
              />
              <DateField
                label={t('planner:period.endDate')}
                value={state.period.endDate}
                onChange={(v) => dispatch({ type: 'setPeriod', period: { endDate: v } })}
                fullWidth={false}
                min={today}
                sx={{ width: 170 }}
                testId="planner-end-date"
              />
              <TextField
                type="time"
                size="small"
                label={t('planner:period.startTime')}
                value={state.period.startTime}
                onChange={(e) => dispatch({ type: 'setPeriod', period: { startTime: e.target.value } })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <TextField
                type="time"
                size="small"
                label={t('planner:period.endTime')}
                value={state.period.endTime}
                onChange={(e) => dispatch({ type: 'setPeriod', period: { endTime: e.target.value } })}
                slotProps={{ inputLabel: { shrink: true } }}
              />
              <Button variant="outlined" onClick={recalculate} data-testid="planner-recalculate">
                {t('planner:period.recalculate')}
              </Button>
            </Box>
            <Box sx={{ mb: 2 }} data-testid="planner-address">
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
                <Typography variant="body2" data-testid="planner-address-text">
                  {t(applied.draft ? 'planner:address.draft' : 'planner:address.saved', { address: plannedAt || '–' })}
                </Typography>
                <FormControlLabel
                  control={
                    <Switch
                      checked={state.editMode}
                      onChange={(e) => setEditMode(e.target.checked)}
                      slotProps={{ input: { 'data-testid': 'planner-edit-mode' } as object }}
                    />
                  }
                  label={t('planner:address.edit')}
                />
              </Box>
              {state.editMode && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'flex-start', mt: 1 }}>
                  {DRAFT_FIELDS.map((field) => (
                    <TextField
                      key={field}
                      size="small"
                      label={t(`planner:address.${field}`)}
                      value={state.userDrafts[field] ?? ''}
                      onChange={(e) => dispatch({ type: 'draft', field, value: e.target.value })}
                      error={Boolean(state.userErrors[field])}
                      helperText={state.userErrors[field] ? tc(`validation.${state.userErrors[field]}`) : t('planner:address.notSaved')}
                      sx={{ minWidth: field === 'address' ? 260 : field === 'zipcode' ? 120 : 200 }}
                      slotProps={{ htmlInput: { 'data-testid': `planner-draft-${field}` } }}
                    />
                  ))}
                  <Button variant="contained" onClick={recalculate} data-testid="planner-draft-apply">
                    {t('planner:address.apply')}
                  </Button>
                </Box>
              )}
            </Box>
            {state.previewStale && (
              <Alert severity="info" sx={{ mb: 2 }} data-testid="planner-stale">
                {t('planner:period.stale')}
              </Alert>
            )}
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state.filters.lessThan50}
                    onChange={(e) => dispatch({ type: 'setFilter', filter: 'lessThan50', value: e.target.checked })}
                    slotProps={{ input: { 'data-testid': 'planner-filter-50' } as object }}
                  />
                }
                label={t('planner:filters.lessThan50')}
              />
              <FormControlLabel
                control={
                  <Checkbox
                    checked={state.filters.from50to100}
                    onChange={(e) => dispatch({ type: 'setFilter', filter: 'from50to100', value: e.target.checked })}
                  />
                }
                label={t('planner:filters.from50to100')}
              />
              <TextField
                select
                size="small"
                sx={{ minWidth: 220 }}
                label={t('planner:filters.availableForAgent')}
                value={state.filters.availableForAgent ?? ''}
                onChange={(e) =>
                  dispatch({ type: 'setFilter', filter: 'availableForAgent', value: e.target.value === '' ? null : Number(e.target.value) })
                }
              >
                <MenuItem value="">{t('planner:filters.anyAgent')}</MenuItem>
                {agents.map(([id, name]) => (
                  <MenuItem key={id} value={id}>
                    {name}
                  </MenuItem>
                ))}
              </TextField>
            </Box>
            {preview.isError && (
              <Alert severity="error" data-testid="planner-error">
                {problem(preview.error)}
              </Alert>
            )}
            {preview.isPending && <CircularProgress aria-label={t('planner:loading')} />}
            {preview.data?.partial && (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {t('planner:partial')}
              </Alert>
            )}
            {preview.data && preview.data.suggestions.length === 0 && <Alert severity="info">{t('planner:none')}</Alert>}
            <Box
              component="ol"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
              data-testid="planner-suggestions"
              data-loading={preview.isFetching}
            >
              {preview.data?.suggestions.map((s) => (
                <Box component="li" key={`${s.agent.id}-${s.start}`}>
                  <SuggestionCard suggestion={s} onRoute={() => showRoute(s)} onBook={() => setBooking(s)} />
                </Box>
              ))}
            </Box>
          </Box>
        )}
        {tab === 'details' && selected && (
          <Box data-testid="planner-details">
            <Typography variant="subtitle1" component="h3" sx={{ mb: 1 }}>
              {t('planner:details.heading', {
                agent: `${selected.agent.name} ${selected.agent.surname}`,
                date: formatDate(selected.start),
              })}
            </Typography>
            {details.isError && <Alert severity="error">{problem(details.error)}</Alert>}
            {details.isPending && <CircularProgress aria-label={t('planner:loading')} />}
            {details.data && (
              <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' } }}>
                <Suspense fallback={<CircularProgress aria-label={t('planner:loading')} />}>
                  <RouteMap details={details.data} label={t('planner:details.map')} />
                </Suspense>
                <Box>
                  <Box component="ol" sx={{ pl: 3, m: 0 }} data-testid="planner-stops">
                    {details.data.destinations.map((d, i) => (
                      <li key={i} data-testid="planner-stop" data-type={d.type} data-new={d.isNew} data-route={d.route.status}>
                        <Typography variant="body2" sx={{ fontWeight: d.isNew ? 700 : 400 }}>
                          {t(`planner:destinations.${d.isNew ? 'new' : d.type}`)}
                          {d.type !== 'home' && ` · ${formatDateTime(d.arrival_time)}`}
                        </Typography>
                        <Typography variant="caption" color={d.route.status === 'OK' ? 'text.secondary' : 'error'}>
                          {d.route.status === 'OK'
                            ? t('planner:details.leg', { km: km(d.route.distance), minutes: minutes(d.route.duration) })
                            : t('planner:details.notFound')}
                          {d.spare !== null && ` · ${t('planner:details.spare', { minutes: minutes(d.spare) })}`}
                        </Typography>
                      </li>
                    ))}
                  </Box>
                  <Typography variant="body2" sx={{ mt: 2 }}>
                    {t('planner:details.total', {
                      km: km(details.data.distance),
                      minutes: minutes(details.data.duration),
                      coefficient: formatNumber(details.data.coefficient),
                    })}
                  </Typography>
                  <Button variant="contained" sx={{ mt: 2 }} onClick={() => setBooking(selected)} data-testid="planner-details-book">
                    {t('planner:book')}
                  </Button>
                </Box>
              </Box>
            )}
          </Box>
        )}
        {tab === 'blocked' && (
          <Box data-testid="planner-blocked">
            <TextField
              type="month"
              size="small"
              label={t('planner:blocked.month')}
              value={month}
              onChange={(e) => setMonth(e.target.value)}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'planner-month' } }}
              sx={{ mb: 2 }}
            />
            {blocked.isError && <Alert severity="error">{problem(blocked.error)}</Alert>}
            <Box
              component="ul"
              sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, p: 0, listStyle: 'none' }}
              data-testid="planner-blocked-days"
            >
              {blocked.data?.days.map((d) => (
                <li key={d.date}>
                  <Chip
                    label={`${formatDate(d.date)} · ${t(`planner:blocked.reasons.${d.reason}`)}`}
                    data-testid="planner-blocked-day"
                    data-date={d.date}
                    data-reason={d.reason}
                  />
                </li>
              ))}
            </Box>
          </Box>
        )}
      </Box>
      {booking && (
        <BookClientDialog
          clientId={clientId}
          start={new Date(booking.start)}
          agentId={booking.agent.id}
          onClose={() => setBooking(null)}
          onBooked={(answer) => {
            setBooking(null);
            onBooked?.(answer);
            close();
          }}
        />
      )}
    </Dialog>
  );
}

function SuggestionCard({ suggestion: s, onRoute, onBook }: { suggestion: PlannerSuggestion; onRoute: () => void; onBook: () => void }) {
  const { t } = useTranslation(['planner']);
  const agent = `${s.agent.name} ${s.agent.surname}`.trim();
  return (
    <Card
      variant="outlined"
      data-testid="planner-suggestion"
      data-rank={s.rank}
      data-agent-id={s.agent.id}
      data-start={s.start}
      data-band={s.band}
    >
      <CardContent>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h3">
            {t('planner:suggestion.heading', { rank: s.rank, agent })}
          </Typography>
          <Chip size="small" label={t(`planner:bands.${s.band}`)} />
        </Box>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {formatDateTime(s.start)} · {t('planner:suggestion.coefficient', { value: formatNumber(s.coefficient) })}
        </Typography>
        <Box component="ul" sx={{ m: 0, pl: 2 }} data-testid="planner-reasons">
          {s.reasons.map((r, i) => (
            <Typography component="li" variant="body2" key={i} data-reason={r.key}>
              {t(`planner:reasons.${r.key}`, { ...(r.values ?? {}), points: r.points === undefined ? '' : formatNumber(r.points) })}
            </Typography>
          ))}
        </Box>
      </CardContent>
      <CardActions>
        <Button onClick={onRoute} data-testid="planner-show-route">
          {t('planner:suggestion.route')}
        </Button>
        <Button variant="contained" onClick={onBook} data-testid="planner-book">
          {t('planner:book')}
        </Button>
      </CardActions>
    </Card>
  );
}
