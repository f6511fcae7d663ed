import Check from '@mui/icons-material/Check';
import Close from '@mui/icons-material/Close';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Edit from '@mui/icons-material/Edit';
import Lock from '@mui/icons-material/Lock';
import { Box, IconButton, TextField, Tooltip } from '@mui/material';
import type { LocationDto } from '@bo/domain';
import { createContext, useContext, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LocationFields, LocationRow } from './edit-mode.ts';

/**
 * What the cells of a row may do. The page provides it, so the table's columns stay the same array
 * from render to render (a new array would be new columns to the data table).
 */
export interface LocationRowActions {
  /** What the server says may be done with each saved location, by id. */
  records: ReadonlyMap<number, LocationDto>;
  saving: boolean;
  edit: (row: LocationRow) => void;
  cancel: (row: LocationRow) => void;
  change: (row: LocationRow, patch: Partial<LocationFields>) => void;
  save: (row: LocationRow) => void;
  remove: (row: LocationRow) => void;
}

export const LocationRowActionsContext = createContext<LocationRowActions | null>(null);

function useRowActions(): LocationRowActions {
  const actions = useContext(LocationRowActionsContext);
  if (!actions) {
    throw new Error('Location cells are rendered outside the locations table');
  }
  return actions;
}

export const EDITABLE_FIELDS = ['code', 'display_name', 'city', 'index'] as const;
export type EditableField = (typeof EDITABLE_FIELDS)[number];

/** One field of a row in edit mode; Enter saves the row, Escape discards its changes. */
export function LocationField({ row, field }: { row: LocationRow; field: EditableField }) {
  const { t } = useTranslation(['locations', 'common']);
  const { t: tc } = useTranslation();
  const actions = useRowActions();
  const error = row.errors[field];
  const keys = (e: KeyboardEvent) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      actions.save(row);
    } else if (e.key === 'Escape') {
      actions.cancel(row);
    }
  };
  return (
    <TextField
      size="small"
      fullWidth
      // The code is the first field an admin fills in.
      autoFocus={field === 'code'}
      value={row.draft[field]}
      onChange={(e) => actions.change(row, { [field]: e.target.value })}
      onKeyDown={keys}
      error={Boolean(error)}
      helperText={error ? tc(`validation.${error}`) : undefined}
      placeholder={t(`locations:placeholders.${field}`)}
      slotProps={{
        htmlInput: {
          'aria-label': t(`locations:columns.${field}`),
          name: field,
          inputMode: field === 'index' ? 'numeric' : undefined,
        },
      }}
    />
  );
}

/** Save and cancel in edit mode; edit (or the lock of the fixed location) and delete in view mode. */
export function LocationActions({ row }: { row: LocationRow }) {
  const { t } = useTranslation(['locations', 'common']);
  const actions = useRowActions();
  const onSave = () => actions.save(row);
  const onCancel = () => actions.cancel(row);
  const onEdit = () => actions.edit(row);
  const onDelete = () => actions.remove(row);
  const saving = actions.saving;
  // The added row has no record yet.
  const record = row.id === null ? undefined : actions.records.get(row.id);

  if (row.mode === 'edit') {
    return (
      <Box sx={{ whiteSpace: 'nowrap' }}>
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
      </Box>
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
    <Box sx={{ whiteSpace: 'nowrap' }}>
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
    </Box>
  );
}
