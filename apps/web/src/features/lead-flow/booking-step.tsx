import EventAvailable from '@mui/icons-material/EventAvailable';
import { Box, Button, Typography } from '@mui/material';
import type { ClientRecordDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CalendarAnswer } from '../calendar/api.ts';
import { BookClientDialog } from '../calendar/book-client-dialog.tsx';
import { fullName, Section } from './lead-card.tsx';

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
  const { t } = useTranslation(['calendar']);
  const [open, setOpen] = useState(true);
  return (
    <Section title={t('calendar:booking.title')} testId="lead-flow-booking">
      <Typography variant="body2" sx={{ mb: 2 }}>
        {t('calendar:booking.intro', { name: fullName(record) })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button variant="contained" startIcon={<EventAvailable />} onClick={() => setOpen(true)} data-testid="lead-flow-book">
          {t('calendar:booking.open')}
        </Button>
        <Button onClick={onSkip} data-testid="lead-flow-skip-booking">
          {t('calendar:booking.skip')}
        </Button>
      </Box>
      {open && <BookClientDialog clientId={record.id} onClose={() => setOpen(false)} onBooked={onBooked} />}
    </Section>
  );
}
