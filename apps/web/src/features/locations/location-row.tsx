import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Lock from '@mui/icons-material/Lock';
import { Box, IconButton, TableCell, TableRow, TextField, Tooltip } from '@mui/material';
import type { LocationDto, LocationFields, LocationRow } from '@bo/domain';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface LocationRowProps {
  row: LocationRow;
  /** What the server says may be done with the saved location; absent for the added row. */
  record: LocationDto | undefined;
  saving: boolean;
  onEdit: () => void;
  onCancel: () => void;
  onChange: (patch: Partial<LocationFields>) => void;
  onSave: () => void;
  onDelete: () => void;
}

const EDITABLE = ['code', 'display_name', 'city', 'index'] as const;

/** A location in view mode (text and actions) or in edit mode (fields, save and cancel). */
export function LocationTableRow({ row, record, saving, onEdit, onCancel, onChange, onSave, onDelete }: LocationRowProps) {
  const { t } = useTranslation(['locations', 'common']);
  const { t: tc } = useTranslation();
  const label = (field: (typeof EDITABLE)[number]) => t(`locations:columns.${field}`);

  if (row.mode === 'edit') {
    const keys = (e: KeyboardEvent) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        onSave();
      } else if (e.key === 'Escape') {
        onCancel();
      }
    };
    return (
      <TableRow data-testid={`location-row-${row.key}`} data-mode="edit" sx={{ bgcolor: 'action.hover', verticalAlign: 'top' }}>
        {EDITABLE.map((field, i) => {
          const error = row.errors[field];
          return (
            <TableCell key={field} sx={{ py: 1 }}>
              <TextField
                size="small"
                fullWidth
                autoFocus={i === 0}
                value={row.draft[field]}
                onChange={(e) => onChange({ [field]: e.target.value })}
                onKeyDown={keys}
                error={Boolean(error)}
                helperText={error ? tc(`validation.${error}`) : undefined}
                placeholder={t(`locations:placeholders.${field}`)}
                slotProps={{ htmlInput: { 'aria-label': label(field), name: field, inputMode: field === 'index' ? 'numeric' : undefined } }}
              />
            </TableCell>
          );
        })}
        <TableCell align="right" sx={{ pt: 2 }}>
          {row.users}
        </TableCell>
        <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 1 }}>
          <Tooltip title={t('locations:actions.save')}>
            <span>
              <IconButton
                color="primary"
                onClick={onSave}
                disabled={saving}
                aria-label={t('locations:actions.save')}
                data-testid="save-location"
              >
                <Check />
              </IconButton>
            </span>
          </Tooltip>
          <Tooltip title={t('locations:actions.cancel')}>
            <IconButton onClick={onCancel} aria-label={t('locations:actions.cancel')} data-testid="cancel-location">
              <Close />
            </IconButton>
          </Tooltip>
        </TableCell>
      </TableRow>
    );
  }

  const canChange = record?.can_change ?? false;
  const canDelete = record?.can_delete ?? false;
  const deleteHint = !canChange
    ? t('locations:fixed')
    : canDelete
      ? t('locations:actions.delete')
      : t('locations:inUse', { count: row.users });
  return (
    <TableRow hover data-testid={`location-row-${row.key}`} data-mode="view">
      <TableCell sx={{ fontFamily: 'monospace', fontWeight: 500, overflowWrap: 'anywhere' }}>{row.saved.code}</TableCell>
      <TableCell>{row.saved.display_name}</TableCell>
      <TableCell>{row.saved.city}</TableCell>
      <TableCell>{row.saved.index}</TableCell>
      <TableCell align="right">{row.users}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {canChange ? (
          <Tooltip title={t('locations:actions.edit')}>
            <IconButton onClick={onEdit} aria-label={t('locations:actions.edit')} data-testid="edit-location">
              <Edit />
            </IconButton>
          </Tooltip>
        ) : (
          <Tooltip title={t('locations:fixed')}>
            <Box component="span" sx={{ display: 'inline-flex', p: 1, color: 'text.disabled' }} aria-label={t('locations:fixed')}>
              <Lock />
            </Box>
          </Tooltip>
        )}
        <Tooltip title={deleteHint}>
          <span>
            <IconButton onClick={onDelete} disabled={!canDelete} aria-label={t('locations:actions.delete')} data-testid="delete-location">
              <DeleteOutlined />
            </IconButton>
          </span>
        </Tooltip>
      </TableCell>
    </TableRow>
  );
}
