import { Box, Typography } from '@mui/material';
import { formatDateTime, formatMoney, type FlowStepId, type ProductDto } from '@bo/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { instantOfZurichInput } from './body.ts';
import type { PresentationDraft } from './draft.ts';
import { Question } from './inputs.tsx';
import { profileChanges } from './profile-draft.ts';
import { orderTotals } from './totals.ts';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography color="text.secondary">{label}</Typography>
      <Box sx={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {children === '' || children === null ? '–' : children}
      </Box>
    </>
  );
}

/** '04' and '18': what finishing will save, to check once more before it is sent. */
export function SummaryStep({ step, draft, products }: { step: FlowStepId; draft: PresentationDraft; products: readonly ProductDto[] }) {
  const { t } = useTranslation(['perform']);
  const byId = new Map(products.map((p) => [p.id, p]));
  const yesNo = (v: boolean | null) => (v === null ? '–' : t(v ? 'perform:yes' : 'perform:no'));
  const held = step === '18';
  const at = instantOfZurichInput(draft.outcome_time);
  const totals = orderTotals(draft.lines, draft, (id) => byId.get(id)?.default_price ?? 0);
  const changed = Object.keys(profileChanges(draft.profile, draft.profile_loaded) ?? {}).length;
  return (
    <Question title={t(held ? 'perform:summary.held' : 'perform:summary.notHeld')} hint={t('perform:summary.hint')}>
      <Box
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '220px 1fr' }, columnGap: 2, rowGap: 1 }}
        data-testid="perform-summary"
        data-final={step}
      >
        {!held && (
          <>
            <Row label={t('perform:summary.outcome')} testId="summary-outcome">
              {draft.demo_outcome ? t(`perform:outcomes.${draft.demo_outcome}`) : ''}
            </Row>
            {draft.demo_outcome !== 'canceled' && at && <Row label={t('perform:summary.when')}>{formatDateTime(at)}</Row>}
          </>
        )}
        {held && (
          <>
            <Row label={t('perform:summary.quality')}>{draft.quality ? t(`perform:quality.${draft.quality}`) : ''}</Row>
            <Row label={t('perform:summary.gift')}>{draft.got_gift ? (byId.get(draft.gift ?? 0)?.name ?? '') : yesNo(draft.got_gift)}</Row>
            <Row label={t('perform:summary.saw')}>{yesNo(draft.saw_presentation)}</Row>
            {draft.saw_presentation && (
              <Row label={t('perform:summary.bought')} testId="summary-bought">
                {[
                  draft.bought_product ? t('perform:summary.boughtMain') : null,
                  draft.bought_other_products ? t('perform:summary.boughtOther') : null,
                ]
                  .filter(Boolean)
                  .join(', ') || t('perform:no')}
              </Row>
            )}
            {(draft.bought_product || draft.bought_other_products) && (
              <>
                <Row label={t('perform:summary.lines')} testId="summary-lines">
                  {draft.lines.map((l) => (
                    <Typography key={l.key}>
                      {`${l.quantity} × ${byId.get(l.product_id)?.name ?? l.product_id} (${t(`perform:lineStatus.${l.status}`)})`}
                    </Typography>
                  ))}
                </Row>
                <Row label={t('perform:totals.total')} testId="summary-total">
                  {formatMoney(totals.total)}
                </Row>
                {draft.payment_method && (
                  <Row label={t('perform:summary.payment')}>{t(`perform:paymentMethods.${draft.payment_method}`)}</Row>
                )}
                {draft.contract_number && <Row label={t('perform:fields.contract_number')}>{draft.contract_number}</Row>}
                <Row label={t('perform:summary.documents')} testId="summary-documents">
                  {String(draft.documents.length)}
                </Row>
              </>
            )}
            <Row label={t('perform:summary.profile')}>
              {changed > 0 ? t('perform:summary.profileChanged', { count: changed }) : t('perform:summary.profileSame')}
            </Row>
          </>
        )}
        <Row label={t('perform:fields.comments')}>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap' }}>
            {draft.comments}
          </Box>
        </Row>
      </Box>
    </Question>
  );
}
