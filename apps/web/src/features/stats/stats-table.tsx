import {
  Box,
  Button,
  ButtonGroup,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import FileDownload from '@mui/icons-material/FileDownload';
import { formatDateTime, formatMoney, formatNumber, formatPercent, type CellKind } from '@bo/domain';
import { useTranslation } from 'react-i18next';

/** The totals row reads like the rows above it, in bold (a table footer is smaller and grey by default). */
const FOOTER = { fontWeight: 600, color: 'text.primary', fontSize: '0.875rem' } as const;

/** A figure as the statistics screens show it: de-CH numbers, CHF from Rappen, percent with one decimal, "–" for none. */
export function shownFigure(kind: CellKind, value: unknown): string {
  if (value === null || value === undefined) {
    return '–';
  }
  if (kind === 'text') {
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  const n = Number(value);
  return kind === 'money' ? formatMoney(n) : kind === 'percent' ? formatPercent(n) : formatNumber(n);
}

export interface StatsColumn {
  key: string;
  label: string;
  kind: CellKind;
}

export interface StatsRow {
  key: string | number;
  /** The first cell (an agent's name, a source): text, or an element (a button that narrows). */
  label: React.ReactNode;
  values: Record<string, unknown>;
  onClick?: () => void;
}

/**
 * The table of the statistics screens: a first column of names, a right-aligned column per figure and
 * the totals row; wider than a tablet it scrolls, and a keyboard reaches it to scroll it.
 */
export function StatsTable(props: {
  id: string;
  title: string;
  subtitle?: React.ReactNode;
  firstLabel: string;
  columns: StatsColumn[];
  rows: StatsRow[];
  total?: { label: string; values: Record<string, unknown> };
  rowTestId?: string;
  totalTestId?: string;
  actions?: React.ReactNode;
}) {
  return (
    <Paper>
      <Box sx={{ p: 2, pb: 0, display: 'flex', gap: 2, alignItems: 'flex-start', justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Box>
          <Typography variant="h6" component="h2" id={`${props.id}-title`}>
            {props.title}
          </Typography>
          {props.subtitle}
        </Box>
        {props.actions}
      </Box>
      <TableContainer tabIndex={0} role="region" aria-labelledby={`${props.id}-title`}>
        <Table size="small" data-testid={props.id}>
          <TableHead>
            <TableRow>
              <TableCell>{props.firstLabel}</TableCell>
              {props.columns.map((c) => (
                <TableCell key={c.key} align="right">
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows.map((row) => (
              <TableRow
                key={row.key}
                hover={Boolean(row.onClick)}
                onClick={row.onClick}
                sx={row.onClick ? { cursor: 'pointer' } : undefined}
                data-testid={props.rowTestId}
              >
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{row.label}</TableCell>
                {props.columns.map((c) => (
                  <TableCell key={c.key} align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {shownFigure(c.kind, row.values[c.key])}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
          {props.total && (
            <TableFooter>
              <TableRow data-testid={props.totalTestId}>
                <TableCell sx={FOOTER}>{props.total.label}</TableCell>
                {props.columns.map((c) => (
                  <TableCell key={c.key} align="right" sx={{ ...FOOTER, whiteSpace: 'nowrap' }}>
                    {shownFigure(c.kind, props.total!.values[c.key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
    </Paper>
  );
}

/** The headline figures above a chart: one card each. */
export function FigureCards(props: { id: string; cards: { key: string; label: string; kind: CellKind; value: unknown }[] }) {
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'repeat(2, 1fr)', sm: 'repeat(3, 1fr)', lg: 'repeat(5, 1fr)' } }}
      data-testid={props.id}
    >
      {props.cards.map((c) => (
        <Paper key={c.key} sx={{ p: 2 }} data-testid={`${props.id.replace(/s$/, '')}-${c.key}`}>
          <Typography variant="body2" color="text.secondary">
            {c.label}
          </Typography>
          <Typography variant="h6" component="p">
            {shownFigure(c.kind, c.value)}
          </Typography>
        </Paper>
      ))}
    </Box>
  );
}

/** "Computed on …": the instant the figures were computed (at most a minute old). */
export function ComputedAt(props: { at: string; testId: string; extra?: string }) {
  const { t } = useTranslation('totalstats');
  return (
    <Typography variant="body2" color="text.secondary" data-testid={props.testId}>
      {t('totalstats:computedAt', { at: formatDateTime(props.at) })}
      {props.extra ? ` · ${props.extra}` : ''}
    </Typography>
  );
}

/**
 * Download buttons for a statistics table: the server writes the file from the same figures
 * (docs/statistics.md "Export"); `url(format)` is its export address with the screen's filters.
 */
export function ExportButtons(props: {
  id: string;
  formats: readonly ('csv' | 'xlsx' | 'pdf')[];
  url: (format: 'csv' | 'xlsx' | 'pdf') => string;
}) {
  const { t } = useTranslation('totalstats');
  return (
    <ButtonGroup size="small" variant="outlined" aria-label={t('totalstats:export.group')} data-testid={props.id}>
      {props.formats.map((format) => (
        <Button key={format} href={props.url(format)} download startIcon={<FileDownload />} data-testid={`${props.id}-${format}`}>
          {t(`totalstats:export.${format}`)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
