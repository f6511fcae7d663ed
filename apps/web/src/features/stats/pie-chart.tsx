import { Box, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { formatNumber, formatPercent, pieSlices, sharesOf } from '@bo/domain';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface PieEntry {
  key: string;
  label: string;
  count: number;
  colour: string;
}

/** A heading row of the legend for entries that belong together (the make-a-demo statuses). */
export interface PieGroup {
  label: string;
  colour: string;
  /** Keys of the entries of the group; they follow the heading. */
  keys: readonly string[];
}

const SIZE = 240;
const GEOMETRY = { cx: SIZE / 2, cy: SIZE / 2, r: SIZE / 2 - 4 };

function Swatch({ colour }: { colour: string }) {
  return (
    <Box
      component="span"
      aria-hidden
      sx={{ display: 'inline-block', width: 12, height: 12, borderRadius: '3px', bgcolor: colour, flexShrink: 0 }}
    />
  );
}

/** A pie drawn in SVG with its numbers beside it: each slice is a row of the legend, with count and share. */
export function PieChart({
  title,
  entries,
  group,
  testId,
}: {
  title: string;
  entries: readonly PieEntry[];
  group?: PieGroup;
  testId?: string;
}) {
  const { t } = useTranslation(['common', 'tables']);
  const titleId = useId();
  const counts = entries.map((e) => e.count);
  const slices = pieSlices(counts, GEOMETRY);
  const shares = sharesOf(counts);
  const total = counts.reduce((a, b) => a + b, 0);
  const groupCount = group ? entries.filter((e) => group.keys.includes(e.key)).reduce((a, e) => a + e.count, 0) : 0;
  const firstOfGroup = group ? entries.findIndex((e) => group.keys.includes(e.key)) : -1;
  const share = (count: number) => formatPercent(total > 0 ? (count / total) * 100 : 0);

  return (
    <Box data-testid={testId}>
      <Typography variant="h6" component="h2" id={titleId} gutterBottom>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 3, alignItems: 'flex-start' }}>
        <Box
          component="svg"
          viewBox={`0 0 ${SIZE} ${SIZE}`}
          role="img"
          aria-labelledby={titleId}
          sx={{ width: SIZE, height: SIZE, flexShrink: 0 }}
        >
          {slices.map((s) => {
            const entry = entries[s.index]!;
            return (
              <path key={entry.key} d={s.path} fill={entry.colour} stroke="#fff" strokeWidth={slices.length > 1 ? 1.5 : 0}>
                <title>{`${entry.label}: ${formatNumber(entry.count)} (${formatPercent(s.percent)})`}</title>
              </path>
            );
          })}
        </Box>
        <Table size="small" aria-labelledby={titleId} sx={{ flex: '1 1 320px', width: 'auto', minWidth: 280, maxWidth: 640 }}>
          <TableHead>
            <TableRow>
              <TableCell>{t('tables:pie.label')}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('tables:pie.count')}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {t('tables:pie.share')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {entries.map((e, i) => (
              <TableRowGroup
                key={e.key}
                heading={i === firstOfGroup && group ? { ...group, count: groupCount, share: share(groupCount) } : undefined}
              >
                <TableRow data-testid="pie-legend-row" data-key={e.key}>
                  <TableCell sx={{ pl: group?.keys.includes(e.key) ? 4 : undefined }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <Swatch colour={e.colour} />
                      {e.label}
                    </Box>
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatNumber(e.count)}
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {formatPercent(shares[i] ?? 0)}
                  </TableCell>
                </TableRow>
              </TableRowGroup>
            ))}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>{t('tables:pie.total')}</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }} data-testid="pie-total">
                {formatNumber(total)}
              </TableCell>
              <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                {formatPercent(total > 0 ? 100 : 0)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

function TableRowGroup({ heading, children }: { heading: (PieGroup & { count: number; share: string }) | undefined; children: ReactNode }) {
  return (
    <>
      {heading && (
        <TableRow data-testid="pie-legend-group">
          <TableCell sx={{ fontWeight: 600 }}>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
              <Swatch colour={heading.colour} />
              {heading.label}
            </Box>
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {formatNumber(heading.count)}
          </TableCell>
          <TableCell align="right" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {heading.share}
          </TableCell>
        </TableRow>
      )}
      {children}
    </>
  );
}
