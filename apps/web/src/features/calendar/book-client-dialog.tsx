import { Backdrop, CircularProgress } from '@mui/material';
import { lazy, Suspense } from 'react';
import type { CalendarAnswer } from './api.ts';

// The dialog brings FullCalendar with it: the clients list and the lead flow load it only when a booking starts.
const CalendarEventDialog = lazy(async () => ({ default: (await import('./event-dialog.tsx')).CalendarEventDialog }));

/**
 * Books a demo or service for an existing client: the calendar dialog in create mode with the client's
 * data picked (and, from the planner, the agent and the time it suggested).
 */
export function BookClientDialog({
  clientId,
  start = null,
  agentId = null,
  onClose,
  onBooked,
}: {
  clientId: number;
  start?: Date | null;
  agentId?: number | null;
  onClose: () => void;
  onBooked?: (answer: CalendarAnswer) => void;
}) {
  return (
    <Suspense
      fallback={
        <Backdrop open sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress color="inherit" />
        </Backdrop>
      }
    >
      <CalendarEventDialog state={{ mode: 'create', start, agentId, clientId }} onClose={onClose} onSaved={onBooked} />
    </Suspense>
  );
}
