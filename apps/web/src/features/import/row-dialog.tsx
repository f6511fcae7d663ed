import { Alert, Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { IMPORT_FIELDS, type ImportField, type ImportRowData, type ImportRowDto } from '@bo/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useUpdateRecord } from './api.ts';
import { FieldImage, rowErrorText } from './row-bits.tsx';
import { failureText } from './failure.ts';

type Draft = Record<ImportField, string>;

const draftOf = (data: ImportRowData): Draft => Object.fromEntries(IMPORT_FIELDS.map((f) => [f, data[f] ?? ''])) as Draft;

/** Fields changed in the draft, as the row's data (an emptied field is null). */
function changes(draft: Draft, data: ImportRowData): Partial<ImportRowData> {
  const out: Partial<ImportRowData> = {};
  for (const f of IMPORT_FIELDS) {
    const value = draft[f].trim();
    if (value !== (data[f] ?? '')) {
      out[f] = value === '' ? null : value;
    }
  }
  return out;
}

function RowForm({
  id,
  row,
  onClose,
  onSaved,
}: {
  id: string;
  row: ImportRowDto;
  onClose: () => void;
  onSaved: (row: ImportRowDto) => void;
}) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const [draft, setDraft] = useState<Draft>(() => draftOf(row.data));
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const update = useUpdateRecord();
  const errors = { ...row.errors, ...serverErrors };

  const save = (reviewed: boolean) => {
    const data = changes(draft, row.data);
    update.mutate(
      { id: row.id, data, ...(reviewed ? { reviewed: true } : {}) },
      {
        onSuccess: (answer) => {
          setServerErrors({});
          setDraft(draftOf(answer.data));
          snackbar.show(t('import:messages.rowSaved', { row: answer.row_no }), 'success');
          onSaved(answer);
        },
        onError: (err) => {
          const fields = fieldErrors(err);
          setServerErrors(fields);
          if (Object.keys(fields).length === 0) {
            snackbar.show(failureText(err, t, tc));
          }
        },
      },
    );
  };

  const remaining = Object.keys(row.errors).length;
  return (
    <>
      <DialogTitle id={`${id}-title`}>{t('import:edit.title', { row: row.row_no, file: row.file_name })}</DialogTitle>
      <DialogContent dividers>
        {remaining > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }} role="status">
            {t('import:edit.stillWrong', { count: remaining })}
          </Alert>
        )}
        <Box
          component="form"
          id={`${id}-form`}
          onSubmit={(e) => {
            e.preventDefault();
            save(false);
          }}
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2, pt: 1 }}
        >
          {IMPORT_FIELDS.map((f) => {
            const error = errors[f];
            return (
              <Box key={f} sx={{ gridColumn: f === 'note' || f === 'address' ? '1 / -1' : undefined }}>
                <TextField
                  label={t(`import:fields.${f}`)}
                  value={draft[f]}
                  onChange={(e) => setDraft((d) => ({ ...d, [f]: e.target.value }))}
                  error={Boolean(error)}
                  helperText={error ? rowErrorText(error, t) : undefined}
                  fullWidth
                  size="small"
                  multiline={f === 'note'}
                  slotProps={{ htmlInput: { 'data-testid': `import-edit-${f}` } }}
                />
                <Box sx={{ mt: 0.5 }}>
                  <FieldImage row={row} field={f} />
                </Box>
              </Box>
            );
          })}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={update.isPending}>
          {tc('common.cancel')}
        </Button>
        <Button onClick={() => save(true)} disabled={update.isPending} data-testid="import-edit-save-reviewed">
          {t('import:edit.saveReviewed')}
        </Button>
        <Button
          type="submit"
          form={`${id}-form`}
          variant="contained"
          disabled={update.isPending}
          startIcon={update.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="import-edit-save"
        >
          {t('import:edit.save')}
        </Button>
      </DialogActions>
    </>
  );
}

/** Corrects a row; the server checks it again and its answer replaces the row. */
export function RowDialog({
  row,
  onClose,
  onSaved,
}: {
  row: ImportRowDto | null;
  onClose: () => void;
  onSaved: (row: ImportRowDto) => void;
}) {
  const id = useId();
  return (
    <Dialog open={row !== null} onClose={onClose} maxWidth="md" fullWidth aria-labelledby={`${id}-title`} data-testid="import-edit-dialog">
      {row && <RowForm key={row.id} id={id} row={row} onClose={onClose} onSaved={onSaved} />}
    </Dialog>
  );
}
