import Add from '@mui/icons-material/Add';
import Edit from '@mui/icons-material/Edit';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { formatDateTime, type StockRowDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useChangeStock, useWarehouse } from './api.ts';
import { compactCells } from '../../ui/table-cells.ts';

/** A whole number typed into a field: undefined while it is not one. */
function wholeNumber(text: string): number | undefined {
  return /^-?\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : undefined;
}

/** Units per product, what the waiting orders need, and (for warehouse.manage) the count and goods received. */
export function StockTable({ canManage }: { canManage: boolean }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const query = useWarehouse({ limit: 1, offset: 0 });
  const [editing, setEditing] = useState<{ productId: number; text: string } | null>(null);
  const [receiving, setReceiving] = useState<StockRowDto | null>(null);
  const change = useChangeStock();
  const stock = query.data?.stock;

  const saveCount = (row: StockRowDto) => {
    const quantity = wholeNumber(editing?.text ?? '');
    if (quantity === undefined || quantity < 0) {
      return;
    }
    change.mutate(
      { productId: row.product.id, body: { quantity } },
      {
        onSuccess: () => {
          setEditing(null);
          snackbar.show(t('warehouse:stock.saved', { name: row.product.name, quantity }), 'success');
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  };

  if (query.error) {
    return <Alert severity="error">{errorMessage(query.error, tc)}</Alert>;
  }
  if (!stock) {
    return <CircularProgress size={24} />;
  }
  return (
    <Paper>
      <TableContainer>
        <Table size="small" aria-label={t('warehouse:tabs.stock')} data-testid="stock-table" sx={compactCells}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600, width: 110 }}>{t('warehouse:stock.code')}</TableCell>
              <TableCell sx={{ fontWeight: 600 }}>{t('warehouse:stock.product')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 130 }}>{t('warehouse:stock.type')}</TableCell>
              <TableCell sx={{ fontWeight: 600, width: 110 }} align="right">
                {t('warehouse:stock.quantity')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, width: 100 }} align="right">
                {t('warehouse:stock.toDeliver')}
              </TableCell>
              <TableCell sx={{ fontWeight: 600, width: 160 }}>{t('warehouse:stock.updated')}</TableCell>
              {canManage && <TableCell sx={{ fontWeight: 600, width: 100 }} align="right" />}
            </TableRow>
          </TableHead>
          <TableBody>
            {stock.map((row) => {
              const short = row.to_deliver > row.quantity;
              const isEditing = editing?.productId === row.product.id;
              const typed = isEditing ? wholeNumber(editing.text) : undefined;
              const invalid = isEditing && (typed === undefined || typed < 0);
              return (
                <TableRow key={row.product.id} data-testid="stock-row" data-product-id={row.product.id} data-code={row.product.code}>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{row.product.code}</TableCell>
                  <TableCell>
                    {row.product.name}
                    {row.product.status !== 'active' && (
                      <Chip size="small" variant="outlined" sx={{ ml: 1 }} label={t(`warehouse:productStatus.${row.product.status}`)} />
                    )}
                  </TableCell>
                  <TableCell>{t(`warehouse:productType.${row.product.type}`)}</TableCell>
                  <TableCell align="right" data-testid="stock-quantity">
                    {isEditing ? (
                      <Box
                        component="form"
                        onSubmit={(e) => {
                          e.preventDefault();
                          saveCount(row);
                        }}
                        sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', alignItems: 'flex-start' }}
                      >
                        <TextField
                          size="small"
                          autoFocus
                          value={editing.text}
                          onChange={(e) => setEditing({ productId: row.product.id, text: e.target.value })}
                          error={invalid || Boolean(fieldErrors(change.error).quantity)}
                          helperText={invalid ? t('warehouse:stock.wholeNumber') : undefined}
                          slotProps={{
                            htmlInput: { inputMode: 'numeric', 'aria-label': t('warehouse:stock.counted'), 'data-testid': 'stock-input' },
                          }}
                          sx={{ width: 90 }}
                        />
                      </Box>
                    ) : (
                      <Typography component="span" color={short ? 'error' : undefined} sx={{ fontWeight: short ? 600 : undefined }}>
                        {row.quantity}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">
                    {row.to_deliver > 0 ? (
                      <Tooltip title={short ? t('warehouse:stock.missing', { n: row.to_deliver - row.quantity }) : ''}>
                        <span>{row.to_deliver}</span>
                      </Tooltip>
                    ) : (
                      '–'
                    )}
                  </TableCell>
                  <TableCell>{row.updated_at ? formatDateTime(row.updated_at) : '–'}</TableCell>
                  {canManage && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {isEditing ? (
                        <>
                          <Button
                            size="small"
                            onClick={() => saveCount(row)}
                            disabled={invalid || change.isPending}
                            data-testid="stock-save"
                          >
                            {tc('common.save')}
                          </Button>
                          <Button size="small" onClick={() => setEditing(null)} disabled={change.isPending}>
                            {tc('common.cancel')}
                          </Button>
                        </>
                      ) : (
                        <>
                          <Tooltip title={t('warehouse:stock.count')}>
                            <IconButton
                              size="small"
                              aria-label={t('warehouse:stock.countOf', { name: row.product.name })}
                              onClick={() => setEditing({ productId: row.product.id, text: String(row.quantity) })}
                              data-testid="stock-edit"
                            >
                              <Edit fontSize="small" />
                            </IconButton>
                          </Tooltip>
                          <Tooltip title={t('warehouse:stock.receive')}>
                            <IconButton
                              size="small"
                              aria-label={t('warehouse:stock.receiveOf', { name: row.product.name })}
                              onClick={() => setReceiving(row)}
                              data-testid="stock-receive"
                            >
                              <Add fontSize="small" />
                            </IconButton>
                          </Tooltip>
                        </>
                      )}
                    </TableCell>
                  )}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
      {stock.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('warehouse:stock.empty')}
        </Typography>
      )}
      {receiving && <ReceiveDialog row={receiving} onClose={() => setReceiving(null)} />}
    </Paper>
  );
}

/** Goods received (or, with a minus, units taken out): added to what is there. */
function ReceiveDialog({ row, onClose }: { row: StockRowDto; onClose: () => void }) {
  const { t } = useTranslation('warehouse');
  const { t: tc } = useTranslation();
  const [text, setText] = useState('');
  const change = useChangeStock();
  const delta = wholeNumber(text);
  const invalid = text.trim() !== '' && (delta === undefined || delta === 0);
  const below = delta !== undefined && row.quantity + delta < 0;
  const submit = () => {
    if (delta === undefined || delta === 0 || below) {
      return;
    }
    change.mutate(
      { productId: row.product.id, body: { delta } },
      {
        onSuccess: (answer) => {
          snackbar.show(t('warehouse:stock.received', { name: row.product.name, quantity: answer.data.quantity }), 'success');
          onClose();
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  };
  return (
    <Dialog open onClose={change.isPending ? undefined : onClose} data-testid="receive-dialog" maxWidth="xs" fullWidth>
      <Box
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <DialogTitle>{t('warehouse:stock.receiveTitle', { name: row.product.name })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('warehouse:stock.receiveText', { quantity: row.quantity })}</DialogContentText>
          <TextField
            autoFocus
            fullWidth
            label={t('warehouse:stock.units')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={invalid || below}
            helperText={
              invalid ? t('warehouse:stock.wholeNumber') : below ? t('warehouse:stock.belowZero') : t('warehouse:stock.unitsHelp')
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'receive-input' } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={change.isPending}>
            {tc('common.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={delta === undefined || delta === 0 || below || change.isPending}
            startIcon={change.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="receive-confirm"
          >
            {t('warehouse:stock.book')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
