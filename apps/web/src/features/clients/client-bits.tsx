import { Button, Chip, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { MAKE_A_DEMO, MAKE_A_DEMO_CODE, type ClientSummaryDto } from '@bo/domain';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const isMakeADemo = (status: string | null) =>
  status === MAKE_A_DEMO_CODE || (MAKE_A_DEMO.statuses as readonly (string | null)[]).includes(status);

/** A status as its translated name; `make_a_demo` is the group of five statuses. */
export function useStatusLabel(): (status: string) => string {
  const { t } = useTranslation(['clients', 'tables']);
  return (status) =>
    status === MAKE_A_DEMO_CODE ? t('clients:statuses.make_a_demo') : t(`tables:clientStatuses.${status}`, { defaultValue: status });
}

/** Spec 4: the make-a-demo statuses show in their colour (#00bcd4); the others in grey. */
export function StatusChip({ status, colour = MAKE_A_DEMO.colour }: { status: string | null; colour?: string }) {
  const label = useStatusLabel();
  if (!status) {
    return '–';
  }
  const demo = isMakeADemo(status);
  return (
    <Chip
      size="small"
      label={label(status)}
      data-status={status}
      sx={demo ? { bgcolor: colour, color: '#fff', fontWeight: 500 } : undefined}
    />
  );
}

/** "Surname, Name" as lists show a client. */
export function clientName(user: Pick<ClientSummaryDto, 'name' | 'surname'>): string {
  return [user.surname, user.name].filter(Boolean).join(', ') || '–';
}

/** Asks before something is lost, and says what. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirm,
  pending,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  text: string;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['clients']);
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid="confirm-dialog"
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('clients:cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-action"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
