import {
  Box,
  Chip,
  Collapse,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { DEBOUNCE_MS, formatDateTime, type OutboxMessageDto } from '@bo/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Fragment, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { http } from '../../app/http.ts';

interface Page {
  data: OutboxMessageDto[];
  total: number;
  limit: number;
  offset: number;
}

const STATUS_COLOUR = { queued: 'warning', sent: 'success', failed: 'error' } as const;

/** The local mail outbox: every message the product sent, readable by admins. */
export function OutboxPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState(100);
  const [to, setTo] = useState('');
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => {
      setFilter(to.trim());
      setPage(0);
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [to]);

  const query = useQuery({
    queryKey: ['outbox', page, limit, filter],
    queryFn: () => {
      const params = new URLSearchParams({ limit: String(limit), offset: String(page * limit) });
      if (filter) {
        params.set('to', filter);
      }
      return http<Page>(`/api/outbox?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {t('screens.outbox')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('outbox.intro')}
      </Typography>
      <TextField size="small" label={t('outbox.filterTo')} value={to} onChange={(e) => setTo(e.target.value)} sx={{ mb: 2, width: 320 }} />
      <Paper>
        <TableContainer>
          <Table size="small" data-testid="outbox-table">
            <TableHead>
              <TableRow>
                <TableCell>{t('outbox.date')}</TableCell>
                <TableCell>{t('outbox.to')}</TableCell>
                <TableCell>{t('outbox.subject')}</TableCell>
                <TableCell>{t('outbox.kind')}</TableCell>
                <TableCell>{t('outbox.status')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {query.isError && (
                <TableRow>
                  <TableCell colSpan={5}>{errorMessage(query.error, t)}</TableCell>
                </TableRow>
              )}
              {query.data?.data.length === 0 && (
                <TableRow>
                  <TableCell colSpan={5}>{t('outbox.empty')}</TableCell>
                </TableRow>
              )}
              {query.data?.data.map((m) => (
                <Fragment key={m.id}>
                  <TableRow hover onClick={() => setOpen(open === m.id ? null : m.id)} sx={{ cursor: 'pointer' }} data-testid="outbox-row">
                    <TableCell>{formatDateTime(m.created_at)}</TableCell>
                    <TableCell>{m.to}</TableCell>
                    <TableCell>{m.subject}</TableCell>
                    <TableCell>{t(`outbox.kinds.${m.kind}`, { defaultValue: m.kind })}</TableCell>
                    <TableCell>
                      <Chip size="small" color={STATUS_COLOUR[m.status]} label={t(`outbox.statuses.${m.status}`)} />
                    </TableCell>
                  </TableRow>
                  <TableRow>
                    <TableCell colSpan={5} sx={{ p: 0, borderBottom: open === m.id ? undefined : 'none' }}>
                      <Collapse in={open === m.id} unmountOnExit>
                        <Box component="pre" sx={{ m: 0, p: 2, whiteSpace: 'pre-wrap', fontFamily: 'inherit' }} data-testid="outbox-text">
                          {m.text}
                        </Box>
                      </Collapse>
                    </TableCell>
                  </TableRow>
                </Fragment>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={query.data?.total ?? 0}
          page={page}
          rowsPerPage={limit}
          rowsPerPageOptions={[25, 50, 100]}
          onPageChange={(_e, p) => setPage(p)}
          onRowsPerPageChange={(e) => {
            setLimit(Number(e.target.value));
            setPage(0);
          }}
          labelRowsPerPage={t('common.rowsPerPage')}
          labelDisplayedRows={({ from, to: last, count }) => t('common.displayedRows', { from, to: last, count })}
        />
      </Paper>
    </Box>
  );
}
