import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Asks before something is lost for good, and says what. */
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
  const { t } = useTranslation(['products']);
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
          {t('products:cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="confirm-delete"
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
