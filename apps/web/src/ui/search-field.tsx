import Search from '@mui/icons-material/Search';
import { InputAdornment, TextField, type SxProps, type Theme } from '@mui/material';

export interface SearchFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** Placeholder and accessible name. */
  label: string;
  testId?: string;
  sx?: SxProps<Theme>;
}

/** The toolbar search of a list: a small field with a magnifier, named by its placeholder. */
export function SearchField({ value, onChange, label, testId, sx }: SearchFieldProps) {
  return (
    <TextField
      size="small"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder={label}
      sx={sx}
      slotProps={{
        htmlInput: { 'aria-label': label, 'data-testid': testId },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <Search fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
