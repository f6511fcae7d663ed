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
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fitColumns } from '../../ui/data-table/fit-columns.ts';
import { useBoxWidth } from '../../ui/data-table/use-box-width.ts';
import { stickyFirstCell } from '../../ui/table-cells.ts';

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
 * the totals row. It fits its box: the figures on the right that do not fit are left out (named under the
 * table, in the exports and one click away); shown anyway, the table scrolls with the names kept in view.
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
  const { t } = useTranslation(['tables']);
  const [boxRef, boxWidth] = useBoxWidth();
  const [showAll, setShowAll] = useState(false);
  // Each column's narrowest width (headers wrapped, figures on one line), measured with every column drawn, again
  // whenever what the columns hold changes (another language, period or agent); the measuring render is never painted.
  const signature = JSON.stringify([
    props.firstLabel,
    props.columns.map((c) => [c.key, c.label]),
    props.rows.map((r) => [r.key, typeof r.label === 'string' ? r.label : '', r.values]),
    props.total?.values ?? null,
  ]);
  const [minWidths, setMinWidths] = useState<{ signature: string; widths: number[] } | null>(null);
  const measured = minWidths?.signature === signature ? minWidths.widths : null;
  const tableRef = useRef<HTMLTableElement>(null);
  useLayoutEffect(() => {
    if (measured || !tableRef.current) {
      return;
    }
    const cells = tableRef.current.querySelectorAll('thead tr:first-of-type th');
    setMinWidths({ signature, widths: Array.from(cells, (cell) => Math.ceil(cell.getBoundingClientRect().width)) });
  }, [measured, signature]);
  const fitted =
    measured && !showAll
      ? fitColumns(
          [{ key: '', label: props.firstLabel }, ...props.columns].map((c, i) => ({
            id: i === 0 ? '#first' : c.key,
            width: measured[i] ?? 0,
            minWidth: measured[i] ?? 0,
            alwaysVisible: i === 0,
          })),
          boxWidth,
        )
      : null;
  const hidden = new Set(fitted?.hidden ?? []);
  const columns = props.columns.filter((c) => !hidden.has(c.key));
  const scrolls = showAll || fitted?.scrolls === true;
  const first = scrolls ? stickyFirstCell : {};
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
      <TableContainer ref={boxRef} tabIndex={0} role="region" aria-labelledby={`${props.id}-title`}>
        <Table ref={tableRef} size="small" data-testid={props.id} sx={measured ? undefined : { width: 'min-content' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={first}>{props.firstLabel}</TableCell>
              {columns.map((c) => (
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
                <TableCell sx={{ whiteSpace: 'nowrap', ...first }}>{row.label}</TableCell>
                {columns.map((c) => (
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
                <TableCell sx={{ ...FOOTER, ...first }}>{props.total.label}</TableCell>
                {columns.map((c) => (
                  <TableCell key={c.key} align="right" sx={{ ...FOOTER, whiteSpace: 'nowrap' }}>
                    {shownFigure(c.kind, props.total!.values[c.key])}
                  </TableCell>
                ))}
              </TableRow>
            </TableFooter>
          )}
        </Table>
      </TableContainer>
      {(hidden.size > 0 || showAll) && (
        <Box sx={{ px: 2, py: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid={`${props.id}-hidden`}>
          {hidden.size > 0 && (
            <Typography variant="body2" color="text.secondary">
              {t('tables:hiddenColumns', {
                columns: props.columns
                  .filter((c) => hidden.has(c.key))
                  .map((c) => c.label)
                  .join(', '),
              })}
            </Typography>
          )}
          <Button size="small" onClick={() => setShowAll(!showAll)} aria-pressed={showAll} data-testid={`${props.id}-show-all`}>
            {showAll ? t('tables:fitColumns') : t('tables:showAllColumns')}
          </Button>
        </Box>
      )}
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
