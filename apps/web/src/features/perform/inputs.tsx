import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import Remove from '@mui/icons-material/Remove';
import { Box, IconButton, TextField, ToggleButton, Typography, type TextFieldProps } from '@mui/material';
import { francsToRappen, rappenToFrancs } from '@bo/domain';
import { useId, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec: the flow is used with fingers on a tablet; nothing to tap is smaller than this. */
export const TOUCH = 48;

const choiceSx = {
  minHeight: 56,
  justifyContent: 'flex-start',
  textAlign: 'left',
  textTransform: 'none',
  fontSize: '1rem',
  px: 2,
  gap: 1,
  color: 'text.primary',
  borderRadius: 2,
  '&.Mui-selected': { bgcolor: 'primary.main', color: 'primary.contrastText', borderColor: 'primary.main' },
  '&.Mui-selected:hover': { bgcolor: 'primary.dark' },
} as const;

/** The question of a step, as its heading; the choices below are labelled by it. */
export function Question({ title, hint, sub = false, children }: { title: string; hint?: string; sub?: boolean; children: ReactNode }) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} sx={{ display: 'grid', gap: 2 }}>
      <Box>
        <Typography id={labelId} variant={sub ? 'h6' : 'h5'} component={sub ? 'h3' : 'h2'} sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        {hint && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            {hint}
          </Typography>
        )}
      </Box>
      {children}
    </Box>
  );
}

export interface Choice<T extends string | number | boolean> {
  value: T;
  label: string;
}

/** One answer out of a few, as large buttons (one column on a phone, two from a tablet's width on). */
export function ChoiceGrid<T extends string | number | boolean>({
  choices,
  value,
  onChange,
  testId,
  columns = 2,
}: {
  choices: readonly Choice<T>[];
  value: T | null;
  onChange: (value: T) => void;
  testId: string;
  columns?: 1 | 2 | 3;
}) {
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: `repeat(${columns}, 1fr)` } }}
      role="radiogroup"
      data-testid={testId}
    >
      {choices.map((c) => {
        const selected = c.value === value;
        return (
          <ToggleButton
            key={String(c.value)}
            value={String(c.value)}
            selected={selected}
            onChange={() => onChange(c.value)}
            role="radio"
            aria-checked={selected}
            // A radio says "checked", not "pressed".
            aria-pressed={undefined}
            data-testid={`${testId}-${String(c.value)}`}
            sx={choiceSx}
          >
            {selected && <Check fontSize="small" />}
            {c.label}
          </ToggleButton>
        );
      })}
    </Box>
  );
}

export function YesNo({ value, onChange, testId }: { value: boolean | null; onChange: (v: boolean) => void; testId: string }) {
  const { t } = useTranslation(['perform']);
  return (
    <ChoiceGrid
      choices={[
        { value: true, label: t('perform:yes') },
        { value: false, label: t('perform:no') },
      ]}
      value={value}
      onChange={onChange}
      testId={testId}
    />
  );
}

/** Any number of answers (reasons), each a large toggle. */
export function MultiChoice<T extends string>({
  choices,
  values,
  onChange,
  testId,
}: {
  choices: readonly Choice<T>[];
  values: readonly T[];
  onChange: (values: T[]) => void;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid={testId}>
      {choices.map((c) => {
        const selected = values.includes(c.value);
        return (
          <ToggleButton
            key={c.value}
            value={c.value}
            selected={selected}
            onChange={() => onChange(selected ? values.filter((v) => v !== c.value) : [...values, c.value])}
            data-testid={`${testId}-${c.value}`}
            sx={{ ...choiceSx, minHeight: TOUCH }}
          >
            {selected && <Check fontSize="small" />}
            {c.label}
          </ToggleButton>
        );
      })}
    </Box>
  );
}

type BaseField = Omit<TextFieldProps, 'value' | 'onChange' | 'error'> & { error?: string; testId?: string };

/**
 * An amount in francs held as integer Rappen: null when empty, NaN while the text is not an amount
 * (the flow then refuses to go on and says why under the field).
 */
export function MoneyField({
  value,
  onChange,
  error,
  testId,
  helperText,
  ...props
}: BaseField & { value: number | null; onChange: (v: number | null) => void }) {
  const { t } = useTranslation(['perform']);
  const shown = (v: number | null) => (v === null || !Number.isFinite(v) ? '' : rappenToFrancs(v));
  const [text, setText] = useState(() => shown(value));
  const [typedFor, setTypedFor] = useState(value);
  // A change from outside (the terms cleared with the last main product) replaces what is typed.
  if (!Object.is(typedFor, value)) {
    setTypedFor(value);
    setText(shown(value));
  }
  const invalid = value !== null && !Number.isFinite(value);
  return (
    <TextField
      {...props}
      fullWidth
      value={text}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const rappen = next.trim() === '' ? null : (francsToRappen(next) ?? Number.NaN);
        setTypedFor(rappen);
        onChange(rappen);
      }}
      error={invalid || Boolean(error)}
      helperText={invalid ? t('perform:need.amount') : (error ?? helperText)}
      slotProps={{
        htmlInput: { inputMode: 'decimal', 'data-testid': testId },
        input: { startAdornment: <Typography sx={{ mr: 1, color: 'text.secondary' }}>CHF</Typography> },
      }}
    />
  );
}

/** A whole number within bounds; null when empty, NaN while it is not one. */
export function IntField({
  value,
  onChange,
  min,
  max,
  error,
  testId,
  helperText,
  ...props
}: BaseField & { value: number | null; onChange: (v: number | null) => void; min: number; max: number }) {
  const { t } = useTranslation(['perform']);
  const shown = (v: number | null) => (v === null || !Number.isFinite(v) ? '' : String(v));
  const [text, setText] = useState(() => shown(value));
  const [typedFor, setTypedFor] = useState(value);
  if (!Object.is(typedFor, value)) {
    setTypedFor(value);
    setText(shown(value));
  }
  const invalid = value !== null && !Number.isFinite(value);
  return (
    <TextField
      {...props}
      fullWidth
      value={text}
      onChange={(e) => {
        const next = e.target.value.trim();
        setText(e.target.value);
        const n = Number(next);
        const parsed = next === '' ? null : /^\d+$/.test(next) && n >= min && n <= max ? n : Number.NaN;
        setTypedFor(parsed);
        onChange(parsed);
      }}
      error={invalid || Boolean(error)}
      helperText={invalid ? t('perform:need.number', { min, max }) : (error ?? helperText)}
      slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': testId } }}
    />
  );
}

/** − n + with buttons a finger can hit. */
export function Stepper({
  value,
  onChange,
  min,
  max,
  label,
  testId,
}: {
  value: number;
  onChange: (v: number) => void;
  min: number;
  max: number;
  label: string;
  testId: string;
}) {
  const { t } = useTranslation(['perform']);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }} role="group" aria-label={label}>
      <IconButton
        onClick={() => onChange(Math.max(min, value - 1))}
        disabled={value <= min}
        aria-label={t('perform:less')}
        sx={{ width: TOUCH, height: TOUCH, border: 1, borderColor: 'divider' }}
      >
        <Remove />
      </IconButton>
      <Typography sx={{ minWidth: 40, textAlign: 'center', fontSize: '1.25rem' }} data-testid={testId} aria-live="polite">
        {value}
      </Typography>
      <IconButton
        onClick={() => onChange(Math.min(max, value + 1))}
        disabled={value >= max}
        aria-label={t('perform:more')}
        sx={{ width: TOUCH, height: TOUCH, border: 1, borderColor: 'divider' }}
      >
        <Add />
      </IconButton>
    </Box>
  );
}
