import { TextField, Typography } from '@mui/material';
import {
  BAD_QUALITY_REASONS,
  DEMO_OUTCOMES,
  DONT_BUY_REASONS,
  DONT_SAW_REASONS,
  PRESENTATION_QUALITIES,
  REJECT_GIFT_REASONS,
} from '@bo/domain';
import { useTranslation } from 'react-i18next';
import { ChoiceGrid, MultiChoice, Question, YesNo } from './inputs.tsx';
import { useFieldError, type StepProps } from './step-props.ts';
import { DateTimeField } from '../../ui/date-fields.tsx';

/** '00': was the client at home? */
export function WasAtHomeStep({ draft, set }: StepProps) {
  const { t } = useTranslation(['perform']);
  return (
    <Question title={t('perform:q.was_at_home')}>
      <YesNo value={draft.was_at_home} onChange={(was_at_home) => set({ was_at_home })} testId="answer-was-at-home" />
    </Question>
  );
}

/** '01': the visit did not take place; what now? */
export function OutcomeStep({ draft, set }: StepProps) {
  const { t } = useTranslation(['perform']);
  return (
    <Question title={t('perform:q.demo_outcome')}>
      <ChoiceGrid
        columns={1}
        choices={DEMO_OUTCOMES.map((o) => ({ value: o, label: t(`perform:outcomes.${o}`) }))}
        value={draft.demo_outcome}
        onChange={(demo_outcome) => set({ demo_outcome })}
        testId="answer-outcome"
      />
    </Question>
  );
}

/** '02': when to call again, or when the follow-up demo is (Zurich time). */
export function OutcomeTimeStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  const remeet = draft.demo_outcome === 'remeet';
  return (
    <Question
      title={t(remeet ? 'perform:q.remeet_time' : 'perform:q.recall_time')}
      hint={remeet ? t('perform:hint.remeet_time') : undefined}
    >
      <DateTimeField
        label={t(remeet ? 'perform:fields.remeet_time' : 'perform:fields.recall_time')}
        value={draft.outcome_time}
        onChange={(outcome_time) => set({ outcome_time })}
        error={Boolean(fieldError('recall_time') ?? fieldError('remeet_time'))}
        helperText={fieldError(remeet ? 'remeet_time' : 'recall_time')}
        size="medium"
        testId="answer-outcome-time"
        sx={{ maxWidth: 360 }}
      />
    </Question>
  );
}

/** '03' and '16': what the agent wants to note. */
export function CommentStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  return (
    <Question title={t('perform:q.comments')}>
      <TextField
        label={t('perform:fields.comments')}
        value={draft.comments}
        onChange={(e) => set({ comments: e.target.value })}
        multiline
        minRows={4}
        fullWidth
        error={Boolean(fieldError('comments'))}
        helperText={fieldError('comments')}
        slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'answer-comments' } }}
      />
    </Question>
  );
}

/** '05': how good was the lead (and why not). */
export function QualityStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  return (
    <Question title={t('perform:q.quality')}>
      <ChoiceGrid
        choices={PRESENTATION_QUALITIES.map((q) => ({ value: q, label: t(`perform:quality.${q}`) }))}
        value={draft.quality}
        onChange={(quality) => set({ quality })}
        testId="answer-quality"
      />
      {draft.quality === 'bad' && (
        <>
          <MultiChoice
            choices={BAD_QUALITY_REASONS.map((r) => ({ value: r, label: t(`perform:reasons.bad_quality.${r}`) }))}
            values={draft.bad_quality_reason}
            onChange={(bad_quality_reason) => set({ bad_quality_reason })}
            testId="answer-bad-quality-reason"
          />
          <TextField
            label={t('perform:fields.reason_desc')}
            value={draft.bad_quality_reason_desc}
            onChange={(e) => set({ bad_quality_reason_desc: e.target.value })}
            multiline
            minRows={2}
            error={Boolean(fieldError('bad_quality_reason_desc'))}
            helperText={fieldError('bad_quality_reason_desc')}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </>
      )}
    </Question>
  );
}

/** '06': did the client take the promotion gift (which one), or why not. */
export function GiftStep({ draft, set, products, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  const gifts = products.filter((p) => p.type === 'gift');
  return (
    <Question title={t('perform:q.got_gift')}>
      <YesNo value={draft.got_gift} onChange={(got_gift) => set({ got_gift })} testId="answer-got-gift" />
      {draft.got_gift === true && (
        <Question sub title={t('perform:q.gift')}>
          <ChoiceGrid
            choices={gifts.map((g) => ({ value: g.id, label: g.name }))}
            value={draft.gift}
            onChange={(gift) => set({ gift })}
            testId="answer-gift"
          />
          {fieldError('gift') && <ErrorLine text={fieldError('gift')!} />}
        </Question>
      )}
      {draft.got_gift === false && (
        <Question sub title={t('perform:q.rej_gift_reason')}>
          <MultiChoice
            choices={REJECT_GIFT_REASONS.map((r) => ({ value: r, label: t(`perform:reasons.reject_gift.${r}`) }))}
            values={draft.rej_gift_reason_desc}
            onChange={(rej_gift_reason_desc) => set({ rej_gift_reason_desc })}
            testId="answer-reject-gift-reason"
          />
        </Question>
      )}
    </Question>
  );
}

/** '07': did the client watch the presentation (or why not). */
export function SawStep({ draft, set, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const fieldError = useFieldError(errors);
  return (
    <Question title={t('perform:q.saw_presentation')}>
      <YesNo value={draft.saw_presentation} onChange={(saw_presentation) => set({ saw_presentation })} testId="answer-saw" />
      {draft.saw_presentation === false && (
        <>
          <MultiChoice
            choices={DONT_SAW_REASONS.map((r) => ({ value: r, label: t(`perform:reasons.dont_saw.${r}`) }))}
            values={draft.dont_saw_reason}
            onChange={(dont_saw_reason) => set({ dont_saw_reason })}
            testId="answer-dont-saw-reason"
          />
          <TextField
            label={t('perform:fields.reason_desc')}
            value={draft.dont_saw_reason_desc}
            onChange={(e) => set({ dont_saw_reason_desc: e.target.value })}
            multiline
            minRows={2}
            error={Boolean(fieldError('dont_saw_reason_desc'))}
            helperText={fieldError('dont_saw_reason_desc')}
            slotProps={{ htmlInput: { maxLength: 4000 } }}
          />
        </>
      )}
    </Question>
  );
}

/** '08': did the client buy a main product, other products. */
export function BoughtStep({ draft, set }: StepProps) {
  const { t } = useTranslation(['perform']);
  return (
    <>
      <Question title={t('perform:q.bought_product')}>
        <YesNo value={draft.bought_product} onChange={(bought_product) => set({ bought_product })} testId="answer-bought-main" />
      </Question>
      <Question title={t('perform:q.bought_other_products')}>
        <YesNo
          value={draft.bought_other_products}
          onChange={(bought_other_products) => set({ bought_other_products })}
          testId="answer-bought-other"
        />
      </Question>
    </>
  );
}

/** '09': why the client did not buy. */
export function DontBuyStep({ draft, set }: StepProps) {
  const { t } = useTranslation(['perform']);
  return (
    <Question title={t('perform:q.dont_buy_reason')}>
      <MultiChoice
        choices={DONT_BUY_REASONS.map((r) => ({ value: r, label: t(`perform:reasons.dont_buy.${r}`) }))}
        values={draft.dont_buy_reason}
        onChange={(dont_buy_reason) => set({ dont_buy_reason })}
        testId="answer-dont-buy-reason"
      />
    </Question>
  );
}

export function ErrorLine({ text }: { text: string }) {
  return (
    <Typography color="error" variant="body2" role="alert">
      {text}
    </Typography>
  );
}
