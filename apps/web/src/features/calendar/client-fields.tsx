import ExpandLess from '@mui/icons-material/ExpandLess';
import ExpandMore from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, MenuItem, TextField } from '@mui/material';
import {
  GENDERS,
  LEAD_SOURCES,
  PERSONS_AT_HOME,
  RELATIONS,
  WORKING_STATUSES,
  type calendarEventCreateBody,
  type ClientRecordDto,
} from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';

type UserData = z.input<typeof calendarEventCreateBody>['userData'];

/** The client fields of a booking (spec 3 "Calendar event" userData) as the form holds them: text. */
export interface ClientForm {
  name: string;
  surname: string;
  phone: string;
  mobile_phone: string;
  address: string;
  zipcode: string;
  city: string;
  age: string;
  lead_source: string;
  working_status: string;
  relations: string;
  persons_at_home: string;
  promotional_gift: string;
}

export const EMPTY_CLIENT: ClientForm = {
  name: '',
  surname: '',
  phone: '',
  mobile_phone: '',
  address: '',
  zipcode: '',
  city: '',
  age: '',
  lead_source: '',
  working_status: '',
  relations: '',
  persons_at_home: '',
  promotional_gift: '',
};

/** Picks the booking's fields from the client (spec 3), so the caller checks them on the phone. */
export function clientFormOf(r: ClientRecordDto): ClientForm {
  return {
    name: r.name,
    surname: r.surname,
    phone: r.phone ?? '',
    mobile_phone: r.mobile_phone ?? '',
    address: r.address ?? '',
    zipcode: r.zipcode ?? '',
    city: r.city ?? '',
    age: r.age === null ? '' : String(r.age),
    lead_source: r.lead_source ?? '',
    working_status: r.working_status ?? '',
    relations: r.relations ?? '',
    persons_at_home: r.persons_at_home ?? '',
    promotional_gift: r.promotional_gift ?? '',
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;

/** The userData of the create payload; the second person goes with it unchanged when the client has one. */
export function userDataOf(form: ClientForm, record: ClientRecordDto | null): UserData {
  const age = form.age.trim();
  const sub = record?.sub_user;
  return {
    name: form.name,
    surname: form.surname,
    phone: form.phone,
    mobile_phone: form.mobile_phone,
    address: form.address,
    zipcode: form.zipcode,
    city: form.city,
    age: age === '' ? null : Number(age),
    lead_source: oneOf(LEAD_SOURCES, form.lead_source),
    working_status: oneOf(WORKING_STATUSES, form.working_status),
    relations: oneOf(RELATIONS, form.relations),
    persons_at_home: oneOf(PERSONS_AT_HOME, form.persons_at_home),
    promotional_gift: form.promotional_gift,
    ...(sub && sub.name
      ? {
          sub_user: {
            name: sub.name,
            surname: sub.surname,
            age: sub.age,
            gender: oneOf(GENDERS, sub.gender),
            phone: sub.phone ?? '',
            email: sub.email ?? '',
          },
        }
      : {}),
  };
}

const GRID = { display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, alignItems: 'start' } as const;

export function ClientFields({
  value,
  onChange,
  errors,
  disabled = false,
}: {
  value: ClientForm;
  onChange: (next: ClientForm) => void;
  errors: Record<string, string>;
  disabled?: boolean;
}) {
  const { t } = useTranslation(['calendar', 'tables']);
  const { t: tc } = useTranslation();
  const [more, setMore] = useState(false);
  const errorOf = (field: keyof ClientForm) => {
    const key = errors[field];
    return key ? tc(`validation.${key}`, { defaultValue: tc('validation.invalid_value') }) : undefined;
  };
  const text = (field: keyof ClientForm, label: string, extra: { type?: string; inputMode?: 'numeric' | 'tel' } = {}) => (
    <TextField
      key={field}
      size="small"
      fullWidth
      label={label}
      type={extra.type}
      value={value[field]}
      onChange={(e) => onChange({ ...value, [field]: e.target.value })}
      disabled={disabled}
      error={Boolean(errors[field])}
      helperText={errorOf(field)}
      slotProps={{ htmlInput: { 'data-testid': `client-${field}`, inputMode: extra.inputMode } }}
    />
  );
  const choice = (field: keyof ClientForm, label: string, options: readonly string[], optionLabel: (o: string) => string) => (
    <TextField
      key={field}
      select
      size="small"
      fullWidth
      label={label}
      value={value[field]}
      onChange={(e) => onChange({ ...value, [field]: e.target.value })}
      disabled={disabled}
      error={Boolean(errors[field])}
      helperText={errorOf(field)}
    >
      <MenuItem value="">
        <em>{tc('common.none')}</em>
      </MenuItem>
      {options.map((o) => (
        <MenuItem key={o} value={o}>
          {optionLabel(o)}
        </MenuItem>
      ))}
    </TextField>
  );
  // Details only count once the main fields are open: keep them shut unless one of them is wrong.
  const hiddenError = (['age', 'lead_source', 'working_status', 'relations', 'persons_at_home', 'promotional_gift'] as const).some(
    (f) => errors[f],
  );

  return (
    <Box data-testid="client-fields">
      <Box sx={GRID}>
        {text('name', tc('fields.name'))}
        {text('surname', tc('fields.surname'))}
        {text('phone', tc('fields.phone'), { inputMode: 'tel' })}
        {text('mobile_phone', tc('fields.mobile_phone'), { inputMode: 'tel' })}
        {text('address', tc('fields.address'))}
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: '96px 1fr' }}>
          {text('zipcode', tc('fields.zipcode'), { inputMode: 'numeric' })}
          {text('city', tc('fields.city'))}
        </Box>
      </Box>
      <Button
        size="small"
        onClick={() => setMore((m) => !m)}
        endIcon={more || hiddenError ? <ExpandLess /> : <ExpandMore />}
        sx={{ mt: 1 }}
        aria-expanded={more || hiddenError}
      >
        {t('calendar:dialog.moreFields')}
      </Button>
      <Collapse in={more || hiddenError}>
        <Box sx={{ ...GRID, mt: 1 }}>
          {text('age', t('calendar:fields.age'), { type: 'number', inputMode: 'numeric' })}
          {choice('lead_source', t('calendar:fields.lead_source'), LEAD_SOURCES, (o) => t(`tables:leadSources.${o}`, { defaultValue: o }))}
          {choice('working_status', tc('fields.working_status'), WORKING_STATUSES, (o) => tc(`options.working_status.${o}`))}
          {choice('relations', tc('fields.relations'), RELATIONS, (o) => tc(`options.relations.${o}`))}
          {choice('persons_at_home', tc('fields.persons_at_home'), PERSONS_AT_HOME, (o) => tc(`options.persons_at_home.${o}`))}
          {text('promotional_gift', t('calendar:fields.promotional_gift'))}
        </Box>
      </Collapse>
    </Box>
  );
}
