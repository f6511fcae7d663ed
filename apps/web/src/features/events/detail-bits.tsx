import { Box, Chip, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A titled card of a read-only page. */
export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper component="section" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start', minWidth: 0 }} data-testid={testId}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** Label–value pairs; a row whose value is absent is left out. */
export function Facts({ rows }: { rows: readonly (readonly [string, ReactNode, string?])[] }) {
  const shown = rows.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <Box component="dl" sx={{ display: 'grid', gridTemplateColumns: 'fit-content(45%) minmax(0, 1fr)', columnGap: 2, rowGap: 0.75, m: 0 }}>
      {shown.map(([label, value, testId]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, minWidth: 0, overflowWrap: 'anywhere' }} data-testid={testId}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

/** Yes, no, or a dash when the question was not asked. */
export function useYesNo(): (value: boolean | null | undefined) => string {
  const { t } = useTranslation(['events']);
  return (value) => (value === null || value === undefined ? '–' : t(value ? 'events:yes' : 'events:no'));
}

/** Reason codes of a domain list (spec 4), as translated chips. */
export function ReasonChips({ list, codes, testId }: { list: string; codes: readonly string[]; testId?: string }) {
  const { t } = useTranslation(['events']);
  if (codes.length === 0) {
    return null;
  }
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexWrap: 'wrap', gap: 0.5 }} data-testid={testId}>
      {codes.map((code) => (
        <Chip
          key={code}
          size="small"
          variant="outlined"
          label={t(`events:reasons.${list}.${code}`, { defaultValue: code })}
          data-reason={code}
        />
      ))}
    </Box>
  );
}
