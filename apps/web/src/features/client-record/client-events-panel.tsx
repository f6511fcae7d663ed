import { dashboardPath, formatDateTime, screensFor, type ClientRecordDto, type EventDto, type RoleCode } from '@bo/domain';
import { Box, Link, List, ListItem, Paper, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useClientEvents } from './api.ts';
import { EventStatusChip, personName } from '../events/event-bits.tsx';

/**
 * The client's presentations and services on their page: what is planned in the coming month, what took
 * place, and a link to the last presentation (spec 2 show-user/{userId}/last-presentation/{id}).
 */
export function ClientEventsPanel({ record, role }: { record: ClientRecordDto; role: RoleCode }) {
  const { t } = useTranslation(['client', 'events']);
  const enabled = record.can_see_events;
  const upcoming = useClientEvents(record.id, 'upcoming', enabled);
  const past = useClientEvents(record.id, 'history', enabled);
  if (!enabled) {
    return null;
  }
  const base = dashboardPath(role);
  // The last presentation and the events' own pages are screens of the role's dashboard (spec 2).
  const opensEvents = screensFor(role).some((s) => s.id === 'lastPresentation');
  const last = past.data?.data.find((e) => e.type === 'presentation' && e.status !== 'planned');
  const linkOf = (e: EventDto) =>
    e.type === 'presentation' && opensEvents
      ? `${base}/show-user/${record.id}/last-presentation/${e.id}`
      : opensEvents
        ? `${base}/events-history/view-${e.type}/${e.id}`
        : null;
  const rows = [...(upcoming.data?.data ?? []), ...(past.data?.data ?? [])];
  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid="client-events">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h6" component="h2">
          {t('client:events.title')}
        </Typography>
        {last && linkOf(last) && (
          <Link component={RouterLink} to={linkOf(last)!} data-testid="last-presentation-link">
            {t('client:events.lastPresentation', { date: formatDateTime(last.date) })}
          </Link>
        )}
      </Box>
      {rows.length === 0 ? (
        <Typography color="text.secondary">{t('client:events.none')}</Typography>
      ) : (
        <List dense>
          {rows.map((e) => {
            const to = linkOf(e);
            const label = `${formatDateTime(e.date)} · ${t(`events:types.${e.type}`)} · ${personName(e.agent)}`;
            return (
              <ListItem key={e.id} disableGutters sx={{ gap: 1 }} data-testid="client-event">
                <EventStatusChip status={e.status} />
                {to ? (
                  <Link component={RouterLink} to={to}>
                    {label}
                  </Link>
                ) : (
                  <Typography>{label}</Typography>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
    </Paper>
  );
}
