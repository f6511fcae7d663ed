import Add from '@mui/icons-material/Add';
import Search from '@mui/icons-material/Search';
import { Autocomplete, Box, Button, Chip, FormControlLabel, Paper, Stack, Switch, TextField, Typography } from '@mui/material';
import {
  CLIENT_STATUSES,
  clientTableFilters,
  emptyCustomFilter,
  MAKE_A_DEMO,
  MAKE_A_DEMO_CODE,
  type ClientPreset,
  type ClientTable,
  type LocationWithUsersDto,
  type StatusCatalogue,
} from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { colouredSx } from '../../ui/coloured.ts';
import { CustomFilterRow } from './custom-filter-row.tsx';
import { useStatusLabel } from './client-bits.tsx';
import type { ClientFilters } from './list-query.ts';

export function togglePreset(presets: readonly ClientPreset[], preset: ClientPreset): ClientPreset[] {
  return presets.includes(preset) ? presets.filter((p) => p !== preset) : [...presets, preset];
}

/**
 * What the panel changes is a draft: "Suchen" checks the custom filters (spec 5) and only then applies
 * the draft; "Zurücksetzen" goes back to the role's defaults.
 */
export function FilterPanel({
  table,
  draft,
  onDraft,
  catalogue,
  locations,
  onSearch,
  onReset,
}: {
  table: ClientTable;
  draft: ClientFilters;
  onDraft: (draft: ClientFilters) => void;
  catalogue: StatusCatalogue | undefined;
  locations: readonly LocationWithUsersDto[];
  onSearch: () => void;
  onReset: () => void;
}) {
  const { t } = useTranslation(['clients']);
  const statusLabel = useStatusLabel();
  const demoColour = catalogue?.make_a_demo.colour ?? MAKE_A_DEMO.colour;
  const options = [MAKE_A_DEMO_CODE, ...(catalogue?.client_statuses ?? CLIENT_STATUSES)];
  const set = (patch: Partial<ClientFilters>) => onDraft({ ...draft, ...patch });
  // The buyers' own presets are toggles above the table, not in the panel.
  const { statusFilter, panelPresets } = clientTableFilters(table);

  return (
    <Paper
      component="form"
      data-testid="clients-filter-panel"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch();
      }}
      sx={{ p: 2, mb: 1, display: 'grid', gap: 2 }}
    >
      {statusFilter && (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
          <Autocomplete
            multiple
            size="small"
            options={options}
            value={draft.statuses}
            onChange={(_e, value) => set({ statuses: value })}
            getOptionLabel={statusLabel}
            filterSelectedOptions
            renderOption={({ key, ...props }, option) => (
              <li key={key} {...props}>
                <Box
                  component="span"
                  sx={{
                    width: 10,
                    height: 10,
                    borderRadius: '50%',
                    mr: 1,
                    flexShrink: 0,
                    bgcolor: option === MAKE_A_DEMO_CODE ? demoColour : 'grey.400',
                  }}
                />
                {statusLabel(option)}
              </li>
            )}
            renderValue={(value, getItemProps) =>
              value.map((option, index) => {
                const { key, ...props } = getItemProps({ index });
                return (
                  <Chip
                    key={key}
                    size="small"
                    label={statusLabel(option)}
                    {...props}
                    sx={option === MAKE_A_DEMO_CODE ? colouredSx(demoColour) : undefined}
                  />
                );
              })
            }
            renderInput={(params) => (
              <TextField {...params} label={t('clients:filters.statuses')} placeholder={t('clients:filters.statusesPlaceholder')} />
            )}
            sx={{ flex: '1 1 320px' }}
            data-testid="status-select"
          />
          <FormControlLabel
            control={
              <Switch
                checked={draft.includeStatuses}
                onChange={(e) => set({ includeStatuses: e.target.checked })}
                slotProps={{ input: { 'aria-describedby': undefined } }}
                data-testid="include-statuses"
              />
            }
            label={draft.includeStatuses ? t('clients:filters.include') : t('clients:filters.exclude')}
            sx={{ minWidth: 240 }}
          />
        </Box>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        {panelPresets.length > 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }}>
            {t('clients:filters.presets')}
          </Typography>
        )}
        {panelPresets.map((p) => {
          const on = draft.presets.includes(p);
          return (
            <Chip
              key={p}
              label={t(`clients:presets.${p}`)}
              color={on ? 'primary' : 'default'}
              variant={on ? 'filled' : 'outlined'}
              onClick={() => set({ presets: togglePreset(draft.presets, p) })}
              aria-pressed={on}
              data-testid={`preset-${p}`}
            />
          );
        })}
        <TextField
          size="small"
          label={t('clients:fields.zipcode')}
          value={draft.zipcode}
          onChange={(e) => set({ zipcode: e.target.value })}
          slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 10, 'data-testid': 'zipcode-filter' } }}
          sx={{ width: 120, ml: { sm: 'auto' } }}
        />
      </Box>
      <Stack spacing={1.5}>
        <Typography variant="subtitle2">{t('clients:filters.custom')}</Typography>
        {draft.custom.map((filter, index) => (
          <CustomFilterRow
            // Rows have no id of their own; their position is who they are.
            key={index}
            filter={filter}
            index={index}
            locations={locations}
            onChange={(next) => set({ custom: draft.custom.map((f, i) => (i === index ? next : f)) })}
            onRemove={() => set({ custom: draft.custom.filter((_f, i) => i !== index) })}
          />
        ))}
        <Box>
          <Button
            size="small"
            startIcon={<Add />}
            onClick={() => set({ custom: [...draft.custom, emptyCustomFilter()] })}
            data-testid="add-custom-filter"
          >
            {t('clients:filters.addCustom')}
          </Button>
        </Box>
      </Stack>
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button onClick={onReset} data-testid="reset-filters">
          {t('clients:filters.reset')}
        </Button>
        <Button type="submit" variant="contained" startIcon={<Search />} data-testid="run-search">
          {t('clients:filters.search')}
        </Button>
      </Box>
    </Paper>
  );
}
