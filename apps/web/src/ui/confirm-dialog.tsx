import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will be lost, in words. */
  text: ReactNode;
  confirm: string;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  testIds?: { dialog?: string; confirm?: string };
}

/** Asks before something is lost for good, and says what. */
export function ConfirmDialog({ open, title, text, confirm, pending, onConfirm, onClose, testIds }: ConfirmDialogProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={testIds?.dialog ?? 'confirm-dialog'}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText id={`${id}-text`}>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {t('common.cancel')}
        </Button>
        <Button
          color="error"
          variant="contained"
          onClick={onConfirm}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid={testIds?.confirm ?? 'confirm-action'}
        >
          {confirm}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
