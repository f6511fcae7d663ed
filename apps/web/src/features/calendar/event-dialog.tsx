import { Dialog } from '@mui/material';
import type { EventDto } from '@bo/domain';
import { useIsMutating } from '@tanstack/react-query';
import { CALENDAR_MUTATION_KEY, type CalendarAnswer } from './api.ts';
import { MoveEventForm, UpdateEventForm } from './change-forms.tsx';
import { CreateEventForm } from './create-form.tsx';

/** Spec 2 "Calendar dialog: create, update and move events, with a mode". */
export type CalendarDialogState =
  | { mode: 'create'; start: Date | null; agentId: number | null; clientId: number | null }
  | { mode: 'update'; event: EventDto }
  | { mode: 'move'; event: EventDto; date: Date; revert: () => void };

/**
 * The calendar dialog. Spec 4: create, update and move set loading (the dialog cannot be closed while a
 * call runs); success, error or close resets it (each opening starts with fresh state).
 */
export function CalendarEventDialog({
  state,
  onClose,
  onSaved,
}: {
  state: CalendarDialogState;
  onClose: () => void;
  onSaved?: (answer: CalendarAnswer) => void;
}) {
  const pending = useIsMutating({ mutationKey: CALENDAR_MUTATION_KEY }) > 0;
  // Closing a move without saving puts the dragged event back where it was.
  const cancel = () => {
    if (state.mode === 'move') {
      state.revert();
    }
    onClose();
  };
  return (
    <Dialog
      open
      onClose={pending ? undefined : cancel}
      fullWidth
      maxWidth={state.mode === 'create' ? 'lg' : 'sm'}
      data-testid="event-dialog"
      data-mode={state.mode}
    >
      {state.mode === 'create' && (
        <CreateEventForm start={state.start} agentId={state.agentId} clientId={state.clientId} onClose={onClose} onSaved={onSaved} />
      )}
      {state.mode === 'update' && <UpdateEventForm event={state.event} onClose={onClose} />}
      {state.mode === 'move' && (
        <MoveEventForm event={state.event} date={state.date} revert={state.revert} onDone={onClose} onCancel={cancel} />
      )}
    </Dialog>
  );
}
