import { can, dashboardPath, formatDateTime, type ClientRecordDto, type EventDto, type EventListDto, type RoleCode } from '@bo/domain';
import { Box, Link, List, ListItem, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { http } from '../../app/http.ts';
import { EventStatusChip, personName } from '../events/event-bits.tsx';

/** Spec 2: the last presentation of a user is a screen of its own for these roles. */
const LAST_PRESENTATION_ROLES: readonly RoleCode[] = ['admin', 'sales_agent', 'independent_agent'];

function useClientEvents(clientId: number, kind: 'upcoming' | 'history', enabled: boolean) {
  const period = kind === 'upcoming' ? 'month' : 'past';
  return useQuery({
    queryKey: ['events', 'list', 'client', clientId, kind],
    queryFn: () => http<EventListDto>(`/api/events-${kind}?period=${period}&client_id=${clientId}&limit=10`),
    enabled,
    retry: false,
  });
}

/**
 * The client's presentations and services on their page: what is planned in the coming month, what took
 * place, and a link to the last presentation (spec 2 show-user/{userId}/last-presentation/{id}).
 */
export function ClientEventsPanel({ record, role }: { record: ClientRecordDto; role: RoleCode }) {
  const { t } = useTranslation(['client', 'events']);
  const enabled = can(role, 'events.read');
  const upcoming = useClientEvents(record.id, 'upcoming', enabled);
  const past = useClientEvents(record.id, 'history', enabled);
  if (!enabled) {
    return null;
  }
  const base = dashboardPath(role);
  const last = past.data?.data.find((e) => e.type === 'presentation' && e.status !== 'planned');
  const linkOf = (e: EventDto) =>
    e.type === 'presentation' && LAST_PRESENTATION_ROLES.includes(role)
      ? `${base}/show-user/${record.id}/last-presentation/${e.id}`
      : LAST_PRESENTATION_ROLES.includes(role)
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
