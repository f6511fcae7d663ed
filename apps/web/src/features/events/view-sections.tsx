import Description from '@mui/icons-material/DescriptionOutlined';
import {
  Box,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableFooter,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { deriveDemoOutcome, formatDate, formatDateTime, formatFileSize, formatMoney, type EventDetailDto } from '@bo/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Facts, ReasonChips, Section, useYesNo } from './detail-bits.tsx';
import { clientAddress, EventStatusChip, personName, type EventLinks } from './event-bits.tsx';
import { compactCells } from '../../ui/table-cells.ts';

/** "2025-03" → "03.2025", as the interface writes months. */
const monthOf = (value: string | null) => (value ? value.split('-').reverse().join('.') : null);
const timeOf = (iso: string) => formatDateTime(iso).slice(-5);

/** Date, agent, status, outcome and the client (spec 4: the outcome is derived from the status, the follow-up and the recalls). */
export function OverviewSection({ event, links }: { event: EventDetailDto; links: EventLinks }) {
  const { t } = useTranslation(['events']);
  const outcome =
    event.demo_outcome ??
    deriveDemoOutcome({
      status: event.status,
      remeet_presentation_id: event.remeet_presentation_id,
      recall_count: event.recall_history.length,
    });
  const client = event.client;
  const phones = client ? [client.phone, client.mobile_phone].filter(Boolean).join(' / ') : '';
  return (
    <Section title={t('events:view.overview')} testId="view-overview">
      <Facts
        rows={[
          [t('events:fields.date'), `${formatDateTime(event.date)}–${timeOf(event.ends_at)}`, 'view-date'],
          [t('events:fields.type'), t(`events:types.${event.type}`)],
          [t('events:fields.agent'), personName(event.agent), 'view-agent'],
          [t('events:fields.created_by'), event.created_by ? personName(event.created_by) : null],
          [t('events:fields.status'), <EventStatusChip key="s" status={event.status} />, 'view-status'],
          [t('events:fields.outcome'), outcome ? t(`events:outcomes.${outcome}`) : '–', 'view-outcome'],
          [t('events:fields.finished_at'), event.finished_at ? formatDateTime(event.finished_at) : null],
          [t('events:fields.comment'), event.comment || null],
        ]}
      />
      {client && (
        <Box sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
          <Facts
            rows={[
              [
                t('events:fields.client'),
                <Link key="c" component={RouterLink} to={links.client(client.id)} underline="hover" data-testid="view-client">
                  {personName(client)}
                </Link>,
              ],
              [t('events:fields.phone'), phones || null],
              [t('events:fields.address'), clientAddress(client) || null],
              [t('events:fields.sub_user'), event.sub_user ? personName(event.sub_user) : null],
            ]}
          />
        </Box>
      )}
    </Section>
  );
}

/** The answers the agent gave while performing (spec 3 draft), with the reason codes translated. */
export function AnswersSection({ event }: { event: EventDetailDto }) {
  const { t } = useTranslation(['events']);
  const yesNo = useYesNo();
  if (event.was_at_home === null) {
    return (
      <Section title={t('events:view.answers')} testId="view-answers">
        <Typography color="text.secondary" data-testid="view-not-performed">
          {event.status === 'planned' ? t('events:view.notPerformedYet') : t('events:view.noAnswers')}
        </Typography>
      </Section>
    );
  }
  const reasons = (list: string, codes: string[], testId: string) =>
    codes.length ? <ReasonChips list={list} codes={codes} testId={testId} /> : null;
  const rows: [string, ReactNode, string?][] =
    event.type === 'service'
      ? [
          [t('events:fields.was_at_home'), yesNo(event.was_at_home), 'answer-was-at-home'],
          [t('events:fields.has_order'), yesNo(event.has_order)],
        ]
      : [
          [t('events:fields.was_at_home'), yesNo(event.was_at_home), 'answer-was-at-home'],
          [
            t('events:fields.quality'),
            event.quality ? t(`events:qualities.${event.quality}`, { defaultValue: event.quality }) : null,
            'answer-quality',
          ],
          [t('events:fields.bad_quality_reason'), reasons('bad_quality', event.bad_quality_reason, 'answer-bad-quality')],
          [t('events:fields.bad_quality_reason_desc'), event.bad_quality_reason_desc || null],
          [t('events:fields.got_gift'), event.got_gift === null ? null : yesNo(event.got_gift), 'answer-got-gift'],
          [t('events:fields.gift'), event.gift ? event.gift.name : null, 'answer-gift'],
          [t('events:fields.rej_gift_reason'), reasons('reject_gift', event.rej_gift_reason_desc, 'answer-rej-gift')],
          [t('events:fields.saw_presentation'), event.saw_presentation === null ? null : yesNo(event.saw_presentation), 'answer-saw'],
          [t('events:fields.dont_saw_reason'), reasons('dont_saw', event.dont_saw_reason, 'answer-dont-saw')],
          [t('events:fields.dont_saw_reason_desc'), event.dont_saw_reason_desc || null],
          [t('events:fields.bought_product'), event.bought_product === null ? null : yesNo(event.bought_product), 'answer-bought'],
          [t('events:fields.bought_other_products'), event.bought_other_products === null ? null : yesNo(event.bought_other_products)],
          [t('events:fields.dont_buy_reason'), reasons('dont_buy', event.dont_buy_reason, 'answer-dont-buy')],
        ];
  return (
    <Section title={t('events:view.answers')} testId="view-answers">
      <Facts rows={rows} />
    </Section>
  );
}

/** The product lines with their status, repayment, quantity and prices in CHF. */
export function ProductsSection({ event }: { event: EventDetailDto }) {
  const { t } = useTranslation(['events']);
  const lines = event.presentation_products;
  // Only lines paid in money add up; those paid by recommendations and gifts cost nothing (as on the receipt).
  const sum = lines.filter((l) => l.status === 'sell').reduce((s, l) => s + l.price * l.quantity, 0);
  return (
    <Section title={t('events:view.products')} testId="view-products">
      {lines.length === 0 ? (
        <Typography color="text.secondary">{t('events:view.noProducts')}</Typography>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={t('events:view.products')} sx={compactCells}>
            <TableHead>
              <TableRow>
                <TableCell>{t('events:lines.product')}</TableCell>
                <TableCell>{t('events:lines.status')}</TableCell>
                <TableCell align="right">{t('events:lines.quantity')}</TableCell>
                <TableCell align="right">{t('events:lines.price')}</TableCell>
                <TableCell align="right">{t('events:lines.rec_price')}</TableCell>
                <TableCell align="right">{t('events:lines.guarantee')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {lines.map((l) => (
                <TableRow key={l.id} data-testid="view-line" data-line-status={l.status}>
                  <TableCell>
                    <Box sx={{ fontWeight: 500 }}>{l.product.name}</Box>
                    <Typography variant="caption" color="text.secondary">
                      {l.product.code} · {t(`events:productTypes.${l.product.type}`, { defaultValue: l.product.type })}
                    </Typography>
                  </TableCell>
                  {/* How the line is paid, under its kind (a column of its own did not leave the guarantee room on a tablet). */}
                  <TableCell>
                    <Box>{t(`events:lineStatuses.${l.status}`)}</Box>
                    {l.repayment_type && (
                      <Typography variant="caption" color="text.secondary" data-testid="view-line-repayment">
                        {t('events:lines.repayment')}: {t(`events:repayment.${l.repayment_type}`)}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell align="right">{l.quantity}</TableCell>
                  <TableCell align="right" data-testid="view-line-price">
                    {formatMoney(l.price)}
                  </TableCell>
                  <TableCell align="right">{l.rec_price === null ? '–' : formatMoney(l.rec_price)}</TableCell>
                  <TableCell align="right">{l.years_of_guarantee === null ? '–' : String(l.years_of_guarantee)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
            <TableFooter>
              <TableRow>
                <TableCell colSpan={3} sx={{ fontWeight: 600, color: 'text.primary' }}>
                  {t('events:lines.sum')}
                </TableCell>
                <TableCell align="right" sx={{ fontWeight: 600, color: 'text.primary' }} data-testid="view-lines-sum">
                  {formatMoney(sum)}
                </TableCell>
                <TableCell colSpan={2} />
              </TableRow>
            </TableFooter>
          </Table>
        </TableContainer>
      )}
    </Section>
  );
}

/** Discount, payment method, contract and instalments: the order's terms as the flow recorded them. */
export function OrderTermsSection({ event }: { event: EventDetailDto }) {
  const { t } = useTranslation(['events']);
  const yesNo = useYesNo();
  return (
    <Section title={t('events:view.order')} testId="view-order">
      <Facts
        rows={[
          [
            t('events:fields.payment_method'),
            event.payment_method ? t(`events:paymentMethods.${event.payment_method}`, { defaultValue: event.payment_method }) : '–',
            'view-payment-method',
          ],
          [t('events:fields.contract_number'), event.contract_number ?? '–', 'view-contract-number'],
          [t('events:fields.discount_rec_sum'), event.discount_rec_sum === null ? null : formatMoney(event.discount_rec_sum)],
          [t('events:fields.discount_rec_count'), event.discount_rec_count === null ? null : String(event.discount_rec_count)],
          [
            t('events:fields.bank_processing_commission'),
            event.bank_processing_commission ? formatMoney(event.bank_processing_commission) : null,
          ],
          [t('events:fields.first_payment_month'), monthOf(event.first_payment_month)],
          [t('events:fields.payment_installments'), event.payment_installments === null ? null : String(event.payment_installments)],
          [t('events:fields.order_id'), event.order_id === null ? null : `#${event.order_id}`],
          [t('events:fields.product_delivered'), event.order_id === null ? null : yesNo(event.product_delivered)],
        ]}
      />
    </Section>
  );
}

/** Recalls asked for, and the follow-up or related event, with links. */
export function FollowUpSection({ event, links }: { event: EventDetailDto; links: EventLinks }) {
  const { t } = useTranslation(['events']);
  const remeet = event.remeet_presentation;
  const related = event.related_event_id;
  if (event.recall_history.length === 0 && !remeet && related === null) {
    return null;
  }
  const relatedType = event.type === 'presentation' ? 'service' : 'presentation';
  return (
    <Section title={t('events:view.followUp')} testId="view-follow-up">
      {remeet && (
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="view-remeet">
          <Typography variant="body2">{t('events:view.remeet')}</Typography>
          <Link component={RouterLink} to={links.view(remeet)} underline="hover" variant="body2" data-testid="view-remeet-link">
            {formatDateTime(remeet.date)}
          </Link>
          <EventStatusChip status={remeet.status} />
        </Box>
      )}
      {related !== null && (
        <Typography variant="body2">
          {t(`events:view.related.${relatedType}`)}{' '}
          <Link
            component={RouterLink}
            to={links.view({ id: related, type: relatedType })}
            underline="hover"
            data-testid="view-related-link"
          >
            #{related}
          </Link>
        </Typography>
      )}
      {event.recall_history.length > 0 && (
        <Box>
          <Typography variant="subtitle2">{t('events:view.recalls')}</Typography>
          <List dense disablePadding data-testid="view-recalls">
            {event.recall_history.map((r) => (
              <ListItem key={r.id} disableGutters>
                <ListItemText
                  primary={formatDateTime(r.recall_at)}
                  secondary={[r.comment, t('events:view.recordedOn', { date: formatDate(r.created_at) })].filter(Boolean).join(' · ')}
                />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
    </Section>
  );
}

/** The signed contract and other documents uploaded while performing. */
export function DocumentsSection({ event }: { event: EventDetailDto }) {
  const { t } = useTranslation(['events']);
  if (event.user_documents.length === 0) {
    return null;
  }
  return (
    <Section title={t('events:view.documents')} testId="view-documents">
      <List dense disablePadding>
        {event.user_documents.map((d) => (
          <ListItem key={d.id} disableGutters>
            <ListItemIcon sx={{ minWidth: 36 }}>
              <Description fontSize="small" />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link href={d.url} target="_blank" rel="noopener" data-testid="view-document">
                  {d.name}
                </Link>
              }
              secondary={`${formatFileSize(d.size_bytes)} · ${formatDateTime(d.created_at)}`}
            />
          </ListItem>
        ))}
      </List>
    </Section>
  );
}
