import { Alert, Box, Button, CircularProgress, FormControlLabel, Radio, RadioGroup, Stack, TextField, Typography } from '@mui/material';
import { LEAD_OUTCOME_RESULTS, LEAD_OUTCOMES, zurichClock, zurichInstant, type LeadOutcome, type LeadOutcomeInput } from '@bo/domain';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { instantOfZurichInput, zurichInputOf } from '../calendar/zurich-input.ts';
import { useStatusLabel } from '../clients/client-bits.tsx';
import { OutcomeInvalid, useRecordOutcome } from './api.ts';
import { Section } from './lead-card.tsx';
import { DateTimeField } from '../../ui/date-fields.tsx';

/** Tomorrow at 10:00 Zurich time, as the recall field shows it (agents work in Zurich time wherever the browser is). */
function tomorrowMorning(now = new Date()): string {
  const c = zurichClock(now);
  return zurichInputOf(zurichInstant(c.year, c.month, c.day + 1, 10));
}

export interface RecordedOutcome {
  outcome: LeadOutcome;
  comment: string;
  recallAt: string | null;
}

/** Step 2 "Ergebnis": how the call ended; saving writes the contact and sets the status in one go. */
export function OutcomeStep({ clientId, onBack, onDone }: { clientId: number; onBack: () => void; onDone: (r: RecordedOutcome) => void }) {
  const { t } = useTranslation(['leadflow']);
  const { t: tc } = useTranslation();
  const statusLabel = useStatusLabel();
  const labelId = useId();
  const record = useRecordOutcome(clientId);
  const [outcome, setOutcome] = useState<LeadOutcome | ''>('');
  const [comment, setComment] = useState('');
  const [recallLocal, setRecallLocal] = useState(tomorrowMorning);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const fieldError = (field: string) => {
    const key = errors[field];
    if (!key) {
      return undefined;
    }
    return field === 'recall_at' && key === 'invalid_value' ? t('leadflow:outcome.recallInPast') : tc(`validation.${key}`);
  };

  const save = () => {
    if (!outcome) {
      setErrors({ outcome: 'field_is_required' });
      return;
    }
    const input: LeadOutcomeInput = {
      outcome,
      comment,
      recallAt: outcome === 'recall' && recallLocal ? (instantOfZurichInput(recallLocal)?.toISOString() ?? null) : null,
    };
    setErrors({});
    record.mutate(input, {
      onSuccess: ({ body }) => onDone({ outcome, comment: body.comment, recallAt: body.recall_at }),
      onError: (err) => {
        if (err instanceof OutcomeInvalid) {
          setErrors(err.fieldValidation);
        } else {
          setErrors(fieldErrors(err));
        }
      },
    });
  };

  return (
    <Section title={t('leadflow:outcome.title')} testId="lead-flow-outcome">
      <Typography id={labelId} variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('leadflow:outcome.question')}
      </Typography>
      <RadioGroup
        aria-labelledby={labelId}
        value={outcome}
        onChange={(e) => {
          setOutcome(e.target.value as LeadOutcome);
          setErrors({});
        }}
      >
        {LEAD_OUTCOMES.map((o) => (
          <FormControlLabel
            key={o}
            value={o}
            control={<Radio />}
            data-testid={`outcome-${o}`}
            sx={{ alignItems: 'flex-start', my: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <Box>
                <Typography>{t(`leadflow:outcomes.${o}`)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {t('leadflow:outcome.setsStatus', { status: statusLabel(LEAD_OUTCOME_RESULTS[o].status) })}
                </Typography>
              </Box>
            }
          />
        ))}
      </RadioGroup>
      {errors.outcome && (
        <Typography color="error" variant="body2" role="alert">
          {t('leadflow:outcome.choose')}
        </Typography>
      )}
      <Stack spacing={2} sx={{ mt: 2, maxWidth: 520 }}>
        {outcome === 'recall' && (
          <DateTimeField
            label={t('leadflow:outcome.recallAt')}
            value={recallLocal}
            onChange={setRecallLocal}
            error={Boolean(errors.recall_at)}
            helperText={fieldError('recall_at')}
            size="medium"
            testId="outcome-recall-at"
          />
        )}
        {outcome === 'reached_interested' && <Alert severity="info">{t('leadflow:outcome.bookingFollows')}</Alert>}
        <TextField
          label={t('leadflow:outcome.comment')}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
          multiline
          minRows={2}
          error={Boolean(errors.comment)}
          helperText={fieldError('comment')}
          slotProps={{ htmlInput: { 'data-testid': 'outcome-comment', maxLength: 2000 } }}
        />
      </Stack>
      {record.isError && !(record.error instanceof OutcomeInvalid) && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorMessage(record.error, tc)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
        <Button onClick={onBack} disabled={record.isPending}>
          {t('leadflow:back')}
        </Button>
        <Button
          variant="contained"
          onClick={save}
          disabled={record.isPending}
          startIcon={record.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="outcome-save"
        >
          {t('leadflow:outcome.save')}
        </Button>
      </Box>
    </Section>
  );
}
