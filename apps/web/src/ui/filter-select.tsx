import { MenuItem, TextField } from '@mui/material';

export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A list toolbar's filter: one of the options, or every one (the empty value, labelled `allLabel`).
 * `testId` names the visible box, which browser tests click to open the menu.
 */
export function FilterSelect({
  label,
  value,
  onChange,
  allLabel,
  options,
  testId,
  minWidth = 160,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  allLabel: string;
  options: readonly FilterOption[];
  testId: string;
  minWidth?: number;
}) {
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(e) => onChange(e.target.value)}
      sx={{ minWidth, bgcolor: 'background.paper' }}
      slotProps={{ select: { SelectDisplayProps: { 'data-testid': testId } as object } }}
    >
      <MenuItem value="">{allLabel}</MenuItem>
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value} data-value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
