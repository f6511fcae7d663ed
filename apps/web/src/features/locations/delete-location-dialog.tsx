import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { LocationRow } from './edit-mode.ts';

/** Says what is lost before a location is deleted. */
export function DeleteLocationDialog({
  row,
  deleting,
  onConfirm,
  onClose,
}: {
  row: LocationRow | null;
  deleting: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['locations', 'common']);
  return (
    <Dialog open={row !== null} onClose={onClose} aria-labelledby="delete-location-title" data-testid="delete-location-dialog">
      <DialogTitle id="delete-location-title">{t('locations:deleteDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {row && t('locations:deleteDialog.text', { name: row.saved.display_name, code: row.saved.code })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('locations:actions.cancel')}</Button>
        <Button color="error" variant="contained" onClick={onConfirm} disabled={deleting} data-testid="confirm-delete-location">
          {t('locations:deleteDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
