import ArrowBack from '@mui/icons-material/ArrowBack';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import Print from '@mui/icons-material/Print';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  GlobalStyles,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { dashboardPath, formatDate, formatMoney, type RoleCode } from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { useCurrentUser } from '../../app/session.ts';
import { useReceipt, type ReceiptData } from './api.ts';
import { clientAddress, personName } from './event-bits.tsx';

/** On paper only the receipt shows: no navigation, top bar or buttons. */
const printStyles = (
  <GlobalStyles
    styles={{
      '@media print': {
        'nav, header, .MuiDrawer-root, [data-print="hide"]': { display: 'none !important' },
        'main > .MuiToolbar-root': { display: 'none !important' },
        main: { padding: '0 !important' },
        body: { background: '#fff' },
        '[data-print="sheet"]': { boxShadow: 'none !important', border: 'none !important', maxWidth: 'none !important' },
      },
    }}
  />
);

/** Spec 2 receipt/{presentationId} (admin): the printable receipt of a presentation, with the PDF the server makes. */
export function ReceiptPage() {
  const params = useParams();
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  return <Receipt id={Number(params.presentationId)} role={user.role.code} />;
}

function Receipt({ id, role }: { id: number; role: RoleCode }) {
  const { t } = useTranslation(['events']);
  const { t: tc } = useTranslation();
  const query = useReceipt(id);
  const view = `${dashboardPath(role)}/events-history/view-presentation/${id}`;

  if (!Number.isInteger(id) || id <= 0 || (query.error instanceof HttpError && query.error.status === 404)) {
    return (
      <Alert severity="warning" data-testid="receipt-not-found">
        {t('events:receipt.notFound')}
      </Alert>
    );
  }
  if (query.error) {
    return <Alert severity="error">{errorMessage(query.error, tc)}</Alert>;
  }
  if (!query.data) {
    return <CircularProgress aria-label={t('events:loading')} />;
  }
  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 860 }}>
      {printStyles}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-print="hide">
        <Button component={RouterLink} to={view} startIcon={<ArrowBack />} size="small">
          {t('events:receipt.toPresentation')}
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button variant="outlined" startIcon={<Print />} onClick={() => window.print()} data-testid="receipt-print">
          {t('events:receipt.print')}
        </Button>
        <Button variant="contained" startIcon={<PictureAsPdf />} href={`/api/receipt/${id}/pdf`} data-testid="receipt-pdf">
          {t('events:receipt.pdf')}
        </Button>
      </Box>
      <ReceiptSheet receipt={query.data} />
    </Box>
  );
}

function ReceiptSheet({ receipt }: { receipt: ReceiptData }) {
  const { t } = useTranslation(['events']);
  const { presentation: p, lines, totals, company } = receipt;
  const companyName = company.receipt_company_name || company.company_name || '';
  const companyLines = [company.receipt_address, company.receipt_city, company.company_phone, company.company_email].filter(Boolean);
  const logo = company.receipt_logo_path;
  const client = p.client;
  const money = (rappen: number) => formatMoney(rappen);
  return (
    <Paper sx={{ p: { xs: 2, sm: 4 }, display: 'grid', gap: 3 }} data-print="sheet" data-testid="receipt-sheet">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap' }}>
        <Box data-testid="receipt-company">
          <Typography variant="h6" component="p">
            {companyName}
          </Typography>
          {companyLines.map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
        </Box>
        {logo && <Box component="img" src={logo} alt={companyName} sx={{ maxHeight: 72, maxWidth: 220, objectFit: 'contain' }} />}
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <Box>
          <Typography variant="h4" component="h1">
            {t('events:receipt.title')}
          </Typography>
          <Typography color="text.secondary" data-testid="receipt-number">
            {t('events:receipt.number', { id: p.id })} · {formatDate(p.finished_at ?? p.date)}
          </Typography>
        </Box>
        {client && (
          <Box sx={{ textAlign: { sm: 'right' } }} data-testid="receipt-client">
            <Typography sx={{ fontWeight: 500 }}>{personName(client)}</Typography>
            <Typography variant="body2">{clientAddress(client)}</Typography>
          </Box>
        )}
      </Box>
      <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap' }}>
        <Typography variant="body2">
          {t('events:fields.agent')}: {personName(p.agent)}
        </Typography>
        {p.payment_method && (
          <Typography variant="body2">
            {t('events:fields.payment_method')}: {t(`events:paymentMethods.${p.payment_method}`, { defaultValue: p.payment_method })}
          </Typography>
        )}
        {p.contract_number && (
          <Typography variant="body2">
            {t('events:fields.contract_number')}: {p.contract_number}
          </Typography>
        )}
      </Box>
      <Table size="small" aria-label={t('events:receipt.lines')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('events:lines.product')}</TableCell>
            <TableCell>{t('events:lines.status')}</TableCell>
            <TableCell align="right">{t('events:lines.quantity')}</TableCell>
            <TableCell align="right">{t('events:lines.price')}</TableCell>
            <TableCell align="right">{t('events:lines.amount')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l) => (
            <TableRow key={l.id} data-testid="receipt-line">
              <TableCell>{l.product.name}</TableCell>
              <TableCell>{t(`events:lineStatuses.${l.status}`)}</TableCell>
              <TableCell align="right">{l.quantity}</TableCell>
              <TableCell align="right">{money(l.price)}</TableCell>
              <TableCell align="right">{money(l.status === 'sell' ? l.price * l.quantity : 0)}</TableCell>
            </TableRow>
          ))}
          {lines.length === 0 && (
            <TableRow>
              <TableCell colSpan={5}>{t('events:view.noProducts')}</TableCell>
            </TableRow>
          )}
        </TableBody>
      </Table>
      <Box
        component="dl"
        sx={{
          display: 'grid',
          gridTemplateColumns: 'max-content minmax(120px, max-content)',
          columnGap: 4,
          rowGap: 0.5,
          justifySelf: 'end',
          m: 0,
        }}
        data-testid="receipt-totals"
      >
        {(
          [
            ['sold', money(totals.sold), false],
            // A deduction, written "− CHF 200.00" rather than de-CH's "CHF-200.00".
            ['discount', totals.discount ? `− ${money(totals.discount)}` : money(0), false],
            ['bank_commission', money(totals.bank_commission), false],
            ['total', money(totals.total), true],
          ] as const
        ).map(([key, value, strong]) => (
          <Box
            key={key}
            sx={{ display: 'contents', '& > *': strong ? { fontWeight: 700, borderTop: 1, borderColor: 'divider', pt: 0.5 } : {} }}
          >
            <Typography component="dt">{t(`events:receipt.totals.${key}`)}</Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }} data-testid={`receipt-total-${key}`}>
              {value}
            </Typography>
          </Box>
        ))}
      </Box>
      {company.receipt_partner_name && (
        <Typography variant="body2" color="text.secondary">
          {t('events:receipt.partner', { name: company.receipt_partner_name })}
        </Typography>
      )}
    </Paper>
  );
}
