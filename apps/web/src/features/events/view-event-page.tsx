import ArrowBack from '@mui/icons-material/ArrowBack';
import PlayArrow from '@mui/icons-material/PlayArrow';
import ReceiptLong from '@mui/icons-material/ReceiptLong';
import { Alert, Box, Button, CircularProgress, Paper, Typography } from '@mui/material';
import { dashboardPath, formatDateTime, type EventDetailDto, type EventType, type RoleCode } from '@bo/domain';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { useCurrentUser } from '../../app/session.ts';
import { useEventDetail } from './api.ts';
import { EventStatusChip, eventLinks, personName } from './event-bits.tsx';
import {
  AnswersSection,
  DocumentsSection,
  FollowUpSection,
  OrderTermsSection,
  OverviewSection,
  ProductsSection,
} from './view-sections.tsx';

/**
 * The read-only views of spec 2: events-history/view-presentation/{id}, events-history/view-service/{id}
 * and show-user/{userId}/last-presentation/{id}. They read GET /api/event/{id}?eventType=….
 */
export function ViewEventPage() {
  const params = useParams();
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  const type: EventType = params.serviceId !== undefined ? 'service' : 'presentation';
  const id = Number(params.serviceId ?? params.presentationId);
  const clientId = params.userId === undefined ? null : Number(params.userId);
  return <ViewEvent key={`${type}-${id}`} id={id} type={type} clientId={clientId} role={user.role.code} />;
}

function ViewEvent({ id, type, clientId, role }: { id: number; type: EventType; clientId: number | null; role: RoleCode }) {
  const { t } = useTranslation(['events']);
  const { t: tc } = useTranslation();
  const query = useEventDetail(id, type);
  const links = useMemo(() => eventLinks(role), [role]);
  // Back to where the page was opened from: the client's page or the events history.
  const back = clientId !== null ? links.client(clientId) : `${dashboardPath(role)}/events-history`;
  const backLabel = clientId !== null ? t('events:view.backToClient') : t('events:view.backToHistory');

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <Paper sx={{ p: 3, display: 'grid', gap: 2, justifyItems: 'start', maxWidth: 640 }} data-testid="event-not-found">
        <Typography variant="h5" component="h1">
          {t('events:view.notFound')}
        </Typography>
        <Typography>{t('events:view.notFoundText')}</Typography>
        <Button component={RouterLink} to={back} variant="contained">
          {backLabel}
        </Button>
      </Paper>
    );
  }
  if (query.error) {
    return <Alert severity="error">{errorMessage(query.error, tc)}</Alert>;
  }
  if (!query.data) {
    return <CircularProgress aria-label={t('events:loading')} />;
  }
  const event: EventDetailDto = query.data;
  const title = tc(
    clientId !== null ? 'screens.lastPresentation' : type === 'service' ? 'screens.viewService' : 'screens.viewPresentation',
  );
  const receipt = links.receipt?.(event) ?? null;
  const hasOrderPart = event.presentation_products.length > 0 || event.payment_method !== null || event.contract_number !== null;

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 1200 }} data-testid="view-event" data-event-id={event.id} data-type={event.type}>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={back} startIcon={<ArrowBack />} size="small">
          {backLabel}
        </Button>
        <Box sx={{ flex: 1 }} />
        {event.can_perform && (
          <Button component={RouterLink} to={links.perform(event)} variant="contained" startIcon={<PlayArrow />} data-testid="view-perform">
            {t('events:actions.perform')}
          </Button>
        )}
        {receipt && (
          <Button component={RouterLink} to={receipt} variant="outlined" startIcon={<ReceiptLong />} data-testid="view-receipt">
            {t('events:actions.receipt')}
          </Button>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1">
          {title}
        </Typography>
        <EventStatusChip status={event.status} />
        <Typography color="text.secondary" data-testid="view-heading-detail">
          {formatDateTime(event.date)} · {personName(event.client)}
        </Typography>
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, alignItems: 'start' }}>
        <OverviewSection event={event} links={links} />
        <AnswersSection event={event} />
      </Box>
      {hasOrderPart && <ProductsSection event={event} />}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 380px), 1fr))', alignItems: 'start' }}>
        {hasOrderPart && <OrderTermsSection event={event} />}
        <FollowUpSection event={event} links={links} />
        <DocumentsSection event={event} />
      </Box>
    </Box>
  );
}
