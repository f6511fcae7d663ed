import ExpandMore from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Button,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { COMMISSION_REASONS, francsToRappen, PRODUCT_TYPES, rappenToFrancs, type CommissionReason, type ProductType } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useCommissionRates, useSaveCommissionRates, type CommissionRate } from './api.ts';
import { compactCells } from '../../ui/table-cells.ts';

interface Cell {
  kind: 'percent' | 'fixed';
  /** Percent (up to two decimals) or francs, as typed; empty means no rate. */
  text: string;
}
type Draft = Record<string, Cell>;

const key = (type: ProductType, reason: CommissionReason) => `${type}:${reason}`;

/** 1000 basis points → "10", 250 → "2.5"; Rappen → "50.00". */
function textOf(rate: CommissionRate): string {
  const francs = rappenToFrancs(rate.value);
  return rate.kind === 'percent' ? francs.replace(/\.?0+$/, '') : francs;
}

function draftOf(rates: readonly CommissionRate[]): Draft {
  const draft: Draft = {};
  for (const type of PRODUCT_TYPES) {
    for (const reason of COMMISSION_REASONS) {
      const rate = rates.find((r) => r.product_type === type && r.reason === reason);
      draft[key(type, reason)] = rate ? { kind: rate.kind, text: textOf(rate) } : { kind: 'percent', text: '' };
    }
  }
  return draft;
}

/** Two decimals of a percent are basis points, two decimals of a franc are Rappen: both read exactly. */
const valueOf = (cell: Cell) => francsToRappen(cell.text);

/** The rate table: per product type and reason, a percentage of the lines' value or a fixed CHF amount per unit. */
export function CommissionRatesSection() {
  const { t } = useTranslation(['common', 'finances']);
  const rates = useCommissionRates(true);
  const save = useSaveCommissionRates();
  const [draft, setDraft] = useState<Draft | null>(null);
  const shown = draft ?? draftOf(rates.data ?? []);
  const bad = Object.values(shown).some((c) => c.text.trim() !== '' && valueOf(c) === undefined);

  const submit = () => {
    const next: CommissionRate[] = [];
    for (const type of PRODUCT_TYPES) {
      for (const reason of COMMISSION_REASONS) {
        const cell = shown[key(type, reason)]!;
        const value = valueOf(cell);
        if (cell.text.trim() !== '' && value !== undefined) {
          next.push({ product_type: type, reason, kind: cell.kind, value });
        }
      }
    }
    save.mutate(next, {
      onSuccess: () => {
        setDraft(null);
        snackbar.show(t('finances:messages.ratesSaved'), 'success');
      },
      onError: (err) => snackbar.show(errorMessage(err, t)),
    });
  };
  const set = (k: string, change: Partial<Cell>) => setDraft({ ...shown, [k]: { ...shown[k]!, ...change } });

  return (
    <Accordion disableGutters data-testid="commission-rates">
      <AccordionSummary expandIcon={<ExpandMore />}>
        <Typography variant="subtitle1">{t('finances:rates.title')}</Typography>
      </AccordionSummary>
      <AccordionDetails>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
          {t('finances:rates.intro')}
        </Typography>
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={compactCells}>
            <TableHead>
              <TableRow>
                <TableCell>{t('finances:rates.reason')}</TableCell>
                {PRODUCT_TYPES.map((type) => (
                  <TableCell key={type}>{t(`finances:productTypes.${type}`)}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {COMMISSION_REASONS.map((reason) => (
                <TableRow key={reason}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{t(`finances:reasons.${reason}`)}</TableCell>
                  {PRODUCT_TYPES.map((type) => {
                    const k = key(type, reason);
                    const cell = shown[k]!;
                    const invalid = cell.text.trim() !== '' && valueOf(cell) === undefined;
                    return (
                      <TableCell key={type} sx={{ py: 0.5 }}>
                        {/* Rate above unit below 1200 px, so the grid fits a tablet. */}
                        <Box sx={{ display: 'flex', gap: 0.5, flexDirection: { xs: 'column', lg: 'row' } }}>
                          <TextField
                            size="small"
                            value={cell.text}
                            onChange={(e) => set(k, { text: e.target.value })}
                            error={invalid}
                            placeholder="–"
                            sx={{ width: 90 }}
                            slotProps={{
                              htmlInput: {
                                inputMode: 'decimal',
                                'aria-label': `${t(`finances:reasons.${reason}`)} · ${t(`finances:productTypes.${type}`)}`,
                                'data-testid': `rate-${k}`,
                              },
                            }}
                          />
                          <TextField
                            select
                            size="small"
                            value={cell.kind}
                            onChange={(e) => set(k, { kind: e.target.value as Cell['kind'] })}
                            sx={{ width: 82 }}
                            slotProps={{ select: { SelectDisplayProps: { 'aria-label': t('finances:rates.kind') } } }}
                          >
                            <MenuItem value="percent">%</MenuItem>
                            <MenuItem value="fixed">CHF</MenuItem>
                          </TextField>
                        </Box>
                      </TableCell>
                    );
                  })}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          {draft && (
            <Button size="small" onClick={() => setDraft(null)} disabled={save.isPending}>
              {t('finances:actions.reset')}
            </Button>
          )}
          <Button size="small" variant="contained" onClick={submit} disabled={!draft || bad || save.isPending} data-testid="rates-save">
            {t('finances:actions.save')}
          </Button>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
