import EventAvailable from '@mui/icons-material/EventAvailable';
import Route from '@mui/icons-material/Route';
import { Box, Button, Typography } from '@mui/material';
import { can, type ClientRecordDto } from '@bo/domain';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarAnswer } from '../calendar/api.ts';
import { BookClientDialog } from '../calendar/book-client-dialog.tsx';
import { useCurrentUser } from '../../app/session.ts';
import { fullName, Section } from './lead-card.tsx';

// The planner brings Leaflet with it: loaded only when it opens.
const PlannerDialog = lazy(async () => ({ default: (await import('../planner/planner-dialog.tsx')).PlannerDialog }));

/**
 * The step after "reached, interested": the calendar dialog opens at once with the lead's data, so the
 * demo is booked while the caller is still on the phone. Closing it leaves the step to open it again.
 */
export function BookingStep({
  record,
  onBooked,
  onSkip,
}: {
  record: ClientRecordDto;
  onBooked: (answer: CalendarAnswer) => void;
  onSkip: () => void;
}) {
  const { t } = useTranslation(['calendar', 'planner']);
  const [open, setOpen] = useState(true);
  const [planner, setPlanner] = useState(false);
  const { data: me } = useCurrentUser();
  const mayPlan = me ? can(me.role.code, 'planner.use') : false;
  return (
    <Section title={t('calendar:booking.title')} testId="lead-flow-booking">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('calendar:booking.intro', { name: fullName(record) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<EventAvailable />} onClick={() => setOpen(true)} data-testid="lead-flow-book">
          {t('calendar:booking.open')}
        </Button>
        {mayPlan && (
          <Button
            variant="outlined"
            startIcon={<Route />}
            onClick={() => {
              setOpen(false);
              setPlanner(true);
            }}
            data-testid="lead-flow-planner"
          >
            {t('planner:open')}
          </Button>
        )}
        <Button onClick={onSkip} data-testid="lead-flow-skip-booking">
          {t('calendar:booking.skip')}
        </Button>
      </Box>
      {open && <BookClientDialog clientId={record.id} onClose={() => setOpen(false)} onBooked={onBooked} />}
      {planner && (
        <Suspense fallback={null}>
          <PlannerDialog
            clientId={record.id}
            clientName={fullName(record)}
            clientAddress={{ address: record.address, zipcode: record.zipcode, city: record.city }}
            onClose={() => setPlanner(false)}
            onBooked={onBooked}
          />
        </Suspense>
      )}
    </Section>
  );
}
