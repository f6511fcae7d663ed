import { Box, Checkbox, FormControlLabel, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import {
  CLIENT_STATUSES,
  CLIENT_TYPES,
  GENDERS,
  LANGUAGES,
  LEAD_SOURCES,
  PERSONS_AT_HOME,
  PETS,
  RELATIONS,
  TIMES_TO_CALL,
  WORKING_STATUSES,
} from '@bo/domain';
import type { Dispatch, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeadLocations } from '../clients/api.ts';
import { useStatusLabel } from '../clients/client-bits.tsx';
import { draftValue, type DraftPath, type UserPageAction, type UserPageState } from './page-state.ts';

export interface DraftProps {
  state: UserPageState;
  dispatch: Dispatch<UserPageAction>;
}

export type Option = { value: string; label: string };

/** Two columns from a tablet's width on, one on a phone. */
export const FIELD_GRID = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' } as const;

function useFieldError(state: UserPageState, field: DraftPath): string | undefined {
  const { t } = useTranslation();
  const key = state.errors[field];
  return key ? t(`validation.${key}`, { defaultValue: key }) : undefined;
}

/** A text of the draft; its error (the form's or the server's) shows under it. */
export function DraftText({
  state,
  dispatch,
  field,
  helperText,
  ...props
}: DraftProps & { field: DraftPath } & Omit<TextFieldProps, 'value' | 'onChange'>) {
  const error = useFieldError(state, field);
  const value = draftValue(state.draft, field);
  return (
    <TextField
      {...props}
      id={props.id ?? field.replace('.', '-')}
      fullWidth
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => dispatch({ type: 'change', field, value: e.target.value })}
      error={Boolean(error)}
      helperText={error ?? helperText}
    />
  );
}

/** A choice of the draft; `nullable` offers "not specified" (''). */
export function DraftSelect({
  state,
  dispatch,
  field,
  label,
  options,
  nullable = false,
  testId,
}: DraftProps & { field: DraftPath; label: string; options: readonly Option[]; nullable?: boolean; testId?: string }) {
  const { t } = useTranslation();
  const error = useFieldError(state, field);
  const value = draftValue(state.draft, field);
  return (
    <TextField
      select
      fullWidth
      id={field.replace('.', '-')}
      label={label}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => dispatch({ type: 'change', field, value: e.target.value })}
      error={Boolean(error)}
      helperText={error}
      slotProps={{ htmlInput: { 'data-testid': testId ?? `field-${field}` } }}
    >
      {nullable && (
        <MenuItem value="">
          <em>{t('common.none')}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}

/** The translated choices of the client's fields. */
export function useChoices() {
  const { t } = useTranslation(['common', 'client', 'tables']);
  const statusLabel = useStatusLabel();
  const common = (field: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`options.${field}.${v}`) }));
  const own = (group: string, values: readonly string[]) => values.map((v) => ({ value: v, label: t(`client:${group}.${v}`) }));
  return {
    gender: common('gender', GENDERS),
    relations: common('relations', RELATIONS),
    working_status: common('working_status', WORKING_STATUSES),
    persons_at_home: common('persons_at_home', PERSONS_AT_HOME),
    locale: common('locale', LANGUAGES),
    pet: own('pets', PETS),
    yesNo: own('yesNo', ['true', 'false']),
    type: CLIENT_TYPES.map((v) => ({ value: v, label: v })),
    time_to_call: own('timesToCall', TIMES_TO_CALL),
    lead_source: LEAD_SOURCES.map((v) => ({ value: v, label: t(`tables:leadSources.${v}`, { defaultValue: v }) })),
    status: CLIENT_STATUSES.map((v) => ({ value: v, label: statusLabel(v) })),
  };
}

/** Lead source and, for events and malls, the location the lead was met at. */
export function LeadSourceFields({ state, dispatch }: DraftProps) {
  const { t } = useTranslation(['client']);
  const choices = useChoices();
  const source = state.draft.lead_source;
  const atLocation = source === 'event' || source === 'mall';
  const locations = useLeadLocations(atLocation);
  const options = (locations.data ?? [])
    .filter((l) => l.type === source)
    .map((l) => ({ value: String(l.id), label: `${l.display_name} (${l.code})` }));
  const current = state.draft.lead_location_id;
  if (current && !options.some((o) => o.value === current)) {
    // The saved location stays choosable even while the list loads or it is of another type.
    options.unshift({ value: current, label: t('client:fields.locationNo', { id: current }) });
  }
  return (
    <>
      <DraftSelect
        state={state}
        dispatch={dispatch}
        field="lead_source"
        label={t('client:fields.lead_source')}
        options={choices.lead_source}
        nullable
      />
      {atLocation && (
        <DraftSelect
          state={state}
          dispatch={dispatch}
          field="lead_location_id"
          label={t('client:fields.lead_location')}
          options={options}
          nullable
        />
      )}
    </>
  );
}

export function DraftCheckbox({ state, dispatch, field, label }: DraftProps & { field: 'has_onboarding_sms'; label: string }) {
  return (
    <FormControlLabel
      control={
        <Checkbox
          checked={state.draft[field]}
          onChange={(e) => dispatch({ type: 'change', field, value: e.target.checked })}
          slotProps={{ input: { 'aria-label': label } }}
        />
      }
      label={label}
    />
  );
}

/** A read-only value with its label, as the view mode shows a field. */
export function Shown({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Box data-testid={testId}>
      <Box component="dt" sx={{ typography: 'caption', color: 'text.secondary' }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, typography: 'body1', overflowWrap: 'anywhere' }}>
        {children === '' || children === null || children === undefined ? '–' : children}
      </Box>
    </Box>
  );
}
