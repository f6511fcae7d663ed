import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import { Box, IconButton, ListSubheader, MenuItem, TextField } from '@mui/material';
import {
  CLIENT_FILTER_FIELDS,
  CLIENT_FILTER_OPTIONS,
  chooseFilterField,
  LEAD_SOURCES,
  type ClientFilterField,
  type CustomFilter,
  type LocationWithUsersDto,
} from '@bo/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../ui/date-fields.tsx';

const FIELDS = Object.keys(CLIENT_FILTER_FIELDS) as ClientFilterField[];
type Part = 'value' | 'from' | 'to';

/** Typing in a field clears its error (spec 5: a draft error goes once its field is edited). */
function edit(filter: CustomFilter, part: Part, value: string): CustomFilter {
  const errors = { ...filter.errors };
  delete errors[part];
  if (part !== 'value') {
    // from and to are one range: fixing one end settles the other's "one is required" too.
    delete errors.from;
    delete errors.to;
  }
  return { ...filter, [part]: value, errors };
}

/** One custom filter: the field, then an input that fits its type (spec 3 "Client filter fields and types"). */
export function CustomFilterRow({
  filter,
  index,
  locations,
  onChange,
  onRemove,
}: {
  filter: CustomFilter;
  index: number;
  locations: readonly LocationWithUsersDto[];
  onChange: (filter: CustomFilter) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation(['clients', 'tables']);
  const { t: tc } = useTranslation();
  const helper = (part: 'name' | Part) => {
    const key = filter.errors[part];
    return key ? { error: true, helperText: tc(`validation.${key}`) } : {};
  };
  const text = (part: Part, label: string, type: 'text' | 'number' | 'date' = 'text') =>
    type === 'date' ? (
      <DateField
        label={label}
        value={filter[part]}
        onChange={(value) => onChange(edit(filter, part, value))}
        error={Boolean(filter.errors[part])}
        helperText={helper(part).helperText}
        fullWidth={false}
        testId={`custom-filter-${part}`}
        sx={{ flex: '1 1 150px', minWidth: 140 }}
      />
    ) : (
      <TextField
        size="small"
        type={type}
        label={label}
        value={filter[part]}
        onChange={(e) => onChange(edit(filter, part, e.target.value))}
        {...helper(part)}
        slotProps={{
          htmlInput: { 'data-testid': `custom-filter-${part}`, ...(type === 'number' ? { inputMode: 'numeric' } : {}) },
        }}
        sx={{ flex: '1 1 150px', minWidth: 140 }}
      />
    );
  const select = (label: string, options: ReactNode) => (
    <TextField
      select
      size="small"
      label={label}
      value={filter.value}
      onChange={(e) => onChange(edit(filter, 'value', e.target.value))}
      {...helper('value')}
      slotProps={{ htmlInput: { 'data-testid': 'custom-filter-value' } }}
      sx={{ flex: '2 1 240px', minWidth: 180 }}
    >
      {options}
    </TextField>
  );

  const input = (): ReactNode => {
    const name = filter.name;
    if (name === '') {
      return null;
    }
    switch (CLIENT_FILTER_FIELDS[name]) {
      case 'text':
        return <Box sx={{ flex: '2 1 240px', display: 'flex' }}>{text('value', t('clients:filters.value'))}</Box>;
      case 'number':
        return (
          <>
            {text('from', t('clients:filters.from'), 'number')}
            {text('to', t('clients:filters.to'), 'number')}
          </>
        );
      case 'date':
        return (
          <>
            {text('from', t('clients:filters.dateFrom'), 'date')}
            {text('to', t('clients:filters.dateTo'), 'date')}
          </>
        );
      case 'enum': {
        const field = name as keyof typeof CLIENT_FILTER_OPTIONS;
        return select(
          t('clients:filters.value'),
          CLIENT_FILTER_OPTIONS[field].map((v) => (
            <MenuItem key={v} value={v}>
              {tc(`options.${field}.${v}`)}
            </MenuItem>
          )),
        );
      }
      case 'bool':
        return select(t('clients:filters.value'), [
          <MenuItem key="true" value="true">
            {t('clients:filters.yes')}
          </MenuItem>,
          <MenuItem key="false" value="false">
            {t('clients:filters.no')}
          </MenuItem>,
        ]);
      case 'reference':
        return select(t('clients:fields.lead_source'), [
          <ListSubheader key="sources">{t('clients:filters.leadSources')}</ListSubheader>,
          ...LEAD_SOURCES.map((s) => (
            <MenuItem key={s} value={s}>
              {t(`tables:leadSources.${s}`)}
            </MenuItem>
          )),
          <ListSubheader key="locations">{t('clients:filters.locations')}</ListSubheader>,
          ...locations.map((l) => (
            <MenuItem key={l.id} value={`location:${l.id}`}>
              {l.display_name} · {l.city}
            </MenuItem>
          )),
        ]);
    }
  };

  return (
    <Box data-testid="custom-filter" data-index={index} sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        select
        size="small"
        label={t('clients:filters.field')}
        value={filter.name}
        onChange={(e) => onChange(chooseFilterField(filter, e.target.value as ClientFilterField))}
        {...helper('name')}
        slotProps={{ htmlInput: { 'data-testid': 'custom-filter-field' } }}
        sx={{ flex: '1 1 200px', minWidth: 180, maxWidth: 260 }}
      >
        {FIELDS.map((f) => (
          <MenuItem key={f} value={f}>
            {t(`clients:fields.${f}`)}
          </MenuItem>
        ))}
      </TextField>
      {input()}
      <IconButton onClick={onRemove} aria-label={t('clients:filters.remove')} data-testid="custom-filter-remove" sx={{ mt: 0.25 }}>
        <DeleteOutline fontSize="small" />
      </IconButton>
    </Box>
  );
}
