import Phone from '@mui/icons-material/Phone';
import Place from '@mui/icons-material/Place';
import Schedule from '@mui/icons-material/Schedule';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import { dashboardPath, formatDateTime, type EventDetailDto, type RoleCode } from '@bo/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';

const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;

/** Who and where: the client's name, address and phones, and when the visit is booked. */
export function EventHeader({ event }: { event: EventDetailDto }) {
  const { t } = useTranslation(['perform']);
  const c = event.client;
  const place = c ? [c.address, [c.zipcode, c.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') : '';
  const phones = c ? [c.mobile_phone, c.phone].filter((p): p is string => Boolean(p)) : [];
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="perform-client">
      <Typography variant="h6" component="p" data-testid="perform-client-name">
        {c ? `${c.name} ${c.surname}`.trim() : '–'}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 1, color: 'text.secondary' }}>
        <Line icon={<Schedule fontSize="small" />}>{formatDateTime(event.date)}</Line>
        {place && <Line icon={<Place fontSize="small" />}>{place}</Line>}
        {phones.map((p) => (
          <Line key={p} icon={<Phone fontSize="small" />}>
            <Link href={telHref(p)} sx={{ display: 'inline-flex', minHeight: 48, alignItems: 'center' }}>
              {p}
            </Link>
          </Line>
        ))}
      </Box>
      {event.comment && (
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('perform:bookingComment')}:{' '}
          </Box>
          {event.comment}
        </Typography>
      )}
    </Paper>
  );
}

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, minWidth: 0, overflowWrap: 'anywhere' }}>
      {icon}
      {children}
    </Box>
  );
}

/** Why the page cannot show the flow (not found, not planned any more, not allowed), with the way back. */
export function PerformProblem({ role, error, notPerformable }: { role: RoleCode; error?: unknown; notPerformable?: boolean }) {
  const { t } = useTranslation(['perform']);
  const { t: tc } = useTranslation();
  let text: string;
  if (notPerformable) {
    text = t('perform:notPerformable');
  } else if (error instanceof HttpError && (error.status === 404 || error.status === 403)) {
    text = t('perform:notFound');
  } else {
    text = errorMessage(error, tc);
  }
  return (
    <Alert
      severity="warning"
      data-testid="perform-problem"
      action={
        <Button color="inherit" component={RouterLink} to={`${dashboardPath(role)}/events-upcoming`} sx={{ minHeight: 48 }}>
          {t('perform:toUpcoming')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
