import ArrowBack from '@mui/icons-material/ArrowBack';
import ArrowForward from '@mui/icons-material/ArrowForward';
import Done from '@mui/icons-material/Done';
import { Alert, Box, Button, CircularProgress, Paper, Step, StepLabel, Stepper } from '@mui/material';
import {
  dashboardPath,
  FLOW_STEP_IDS,
  flowStepsFor,
  statusAfterOutcome,
  visibleStepOf,
  type ClientRecordDto,
  type EventDetailDto,
  type FlowStepId,
  type ProductDto,
  type RoleCode,
} from '@bo/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useFinishPresentation } from './api.ts';
import { checkPresentationBody, presentationBodyOf } from './body.ts';
import { UploadContractStep } from './contract-upload.tsx';
import { flowPath, flowReducer, initialDraft, isFinal, type DraftAction, type FlowState, type PresentationDraft } from './draft.ts';
import { TOUCH } from './inputs.tsx';
import { profileOf } from './profile-draft.ts';
import type { StepProps } from './step-props.ts';
import { fieldsOfStep, stepOfField, stepProblem, type StepProblem } from './steps.ts';
import { ProfileStep, SubUserStep } from './steps-client.tsx';
import { ContractNumberStep, DiscountStep, OrderProductsStep, PaymentStep } from './steps-order.tsx';
import {
  BoughtStep,
  CommentStep,
  DontBuyStep,
  GiftStep,
  OutcomeStep,
  OutcomeTimeStep,
  QualityStep,
  SawStep,
  WasAtHomeStep,
} from './steps-visit.tsx';
import { forgetStored, storageKey, useStoredReducer } from './stored.ts';
import { SummaryStep } from './summary.tsx';

const STEP_VIEWS: Record<Exclude<FlowStepId, '04' | '18'>, (p: StepProps) => ReactNode> = {
  '00': WasAtHomeStep,
  '01': OutcomeStep,
  '02': OutcomeTimeStep,
  '03': CommentStep,
  '05': QualityStep,
  '06': GiftStep,
  '07': SawStep,
  '08': BoughtStep,
  '09': DontBuyStep,
  '10': OrderProductsStep,
  '11': DiscountStep,
  '12': PaymentStep,
  '13': ContractNumberStep,
  '14': ProfileStep,
  '15': SubUserStep,
  '16': CommentStep,
  '17': UploadContractStep,
};

/** Which refused fields an edit answers (spec 5: an error goes once its field is edited). */
function fieldsOfPatch(patch: object): string[] {
  return Object.keys(patch).flatMap((k) => {
    if (k === 'profile') {
      return ['user'];
    }
    return k === 'outcome_time' ? ['recall_time', 'remeet_time'] : [k];
  });
}

function withoutFields(errors: Record<string, string>, fields: string[]): Record<string, string> {
  const kept = Object.entries(errors).filter(([key]) => !fields.some((f) => key === f || key.startsWith(`${f}.`)));
  return kept.length === Object.keys(errors).length ? errors : Object.fromEntries(kept);
}

/**
 * A refusal of the client's record names its fields as the client page sends them (`email` for a taken
 * address); in the draft they are under `user`. The draft has no top-level field of those names.
 */
const PROFILE_FIELDS = new Set<string>(Object.keys(profileOf(null, null)));
function clientFieldsUnderUser(fields: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).map(([k, v]) => [PROFILE_FIELDS.has(k) ? `user.${k}` : k, v]));
}

/** The visible steps (spec 2 and 4): what the answers make of the event so far decides which are shown. */
function VisibleSteps({ event, draft, step }: { event: EventDetailDto; draft: PresentationDraft; step: FlowStepId }) {
  const { t } = useTranslation(['perform']);
  const status = draft.was_at_home === null ? event.status : statusAfterOutcome(draft.was_at_home, draft.demo_outcome);
  // The order is shown from the moment the client says they buy, before the first line is added.
  const hasProducts = draft.lines.length > 0 || Boolean(draft.bought_product) || Boolean(draft.bought_other_products);
  const steps = flowStepsFor(status, hasProducts);
  const current = visibleStepOf(step);
  const active = isFinal(step) ? steps.length : Math.max(0, steps.indexOf(current));
  return (
    <Stepper activeStep={active} alternativeLabel data-testid="perform-stepper" data-steps={steps.join(',')} data-active={current}>
      {steps.map((s, i) => (
        <Step key={s} completed={i < active}>
          <StepLabel>{t(`perform:steps.${s}`)}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}

/** The questions of a presentation, one per internal step, from '00' to a final step, then finishing. */
export function PresentationFlow({
  event,
  record,
  products,
  role,
}: {
  event: EventDetailDto;
  record: ClientRecordDto | null;
  products: readonly ProductDto[];
  role: RoleCode;
}) {
  // The profile step's labels come from the client namespace: loaded now, not with a spinner at step 14.
  const { t } = useTranslation(['perform', 'client']);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const key = storageKey('presentation', event.id);
  const [state, dispatchFlow] = useStoredReducer<FlowState, DraftAction>(key, flowReducer, () => ({
    draft: initialDraft(event, profileOf(event.client, record)),
    step: '00',
  }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<StepProblem | null>(null);
  const finish = useFinishPresentation();
  const { draft, step } = state;

  const dispatch = (action: DraftAction) => {
    setProblem(null);
    if (action.type === 'set') {
      setErrors((e) => withoutFields(e, fieldsOfPatch(action.patch)));
    } else if (action.type === 'addLine' || action.type === 'updateLine' || action.type === 'removeLine') {
      setErrors((e) => withoutFields(e, ['order_products']));
    }
    dispatchFlow(action);
  };
  const move = (action: DraftAction) => {
    dispatch(action);
    window.scrollTo({ top: 0 });
  };

  /** Shows refused fields next to their fields and opens the first step that has one. */
  const showFieldErrors = (fields: Record<string, string>) => {
    setErrors(fields);
    const path = flowPath(draft);
    const first = Object.keys(fields)
      .map((f) => stepOfField(f, draft))
      .filter((s): s is FlowStepId => s !== null)
      .sort((a, b) => path.indexOf(a) - path.indexOf(b))[0];
    if (first) {
      dispatchFlow({ type: 'goto', step: first });
      window.scrollTo({ top: 0 });
    }
  };

  const next = () => {
    const prices = new Map(products.map((p) => [p.id, p.default_price]));
    const found = stepProblem(step, draft, new Date(), (id) => prices.get(id) ?? 0);
    if (found) {
      setProblem(found);
      return;
    }
    // The server's rules on this step's fields (an e-mail, a phone …), told when the step is left,
    // not four steps later when finishing.
    const here = fieldsOfStep(checkPresentationBody(presentationBodyOf(draft, step)), step, draft);
    if (Object.keys(here).length > 0) {
      setErrors(here);
      setProblem('fields');
      return;
    }
    move({ type: 'next' });
  };

  const submit = () => {
    const body = presentationBodyOf(draft, step);
    const local = checkPresentationBody(body);
    if (Object.keys(local).length > 0) {
      showFieldErrors(local);
      return;
    }
    finish.mutate(
      { id: event.id, body },
      {
        onSuccess: () => {
          forgetStored(key);
          snackbar.show(t('perform:presentation_flow_success'), 'success');
          void navigate(`${dashboardPath(role)}/events-upcoming`);
        },
        onError: (err) => {
          const fields = clientFieldsUnderUser(fieldErrors(err));
          if (Object.keys(fields).length > 0) {
            showFieldErrors(fields);
          }
          snackbar.show(`${t('perform:presentation_flow_error')} ${errorMessage(err, tc)}`);
        },
      },
    );
  };

  const props: StepProps = { draft, dispatch, set: (patch) => dispatch({ type: 'set', patch }), products, errors };
  const final = isFinal(step);
  const View = final ? null : STEP_VIEWS[step as keyof typeof STEP_VIEWS];
  const unplaced = Object.keys(errors).filter((f) => stepOfField(f, draft) === null);

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="presentation-flow" data-step={step} data-step-name={FLOW_STEP_IDS[step]}>
      <VisibleSteps event={event} draft={draft} step={step} />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}>
        {View ? <View {...props} /> : <SummaryStep step={step} draft={draft} products={products} />}
        {problem && (
          <Alert severity="warning" data-testid="step-problem">
            {t(`perform:need.${problem}`)}
          </Alert>
        )}
        {final && Object.keys(errors).length > 0 && (
          <Alert severity="error" data-testid="field-errors">
            {t('perform:fieldErrors', { count: Object.keys(errors).length })}
            {unplaced.length > 0 && ` (${unplaced.join(', ')})`}
          </Alert>
        )}
      </Paper>
      <Box sx={{ display: 'flex', gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Button
          size="large"
          variant="outlined"
          startIcon={<ArrowBack />}
          onClick={() => move({ type: 'back' })}
          disabled={step === '00' || finish.isPending}
          sx={{ minHeight: TOUCH + 8, minWidth: 140 }}
          data-testid="flow-back"
        >
          {t('perform:back')}
        </Button>
        {final ? (
          <Button
            size="large"
            variant="contained"
            color="success"
            startIcon={finish.isPending ? <CircularProgress size={20} color="inherit" /> : <Done />}
            onClick={submit}
            disabled={finish.isPending}
            sx={{ minHeight: TOUCH + 8, minWidth: 200 }}
            data-testid="flow-finish"
          >
            {t('perform:finish')}
          </Button>
        ) : (
          <Button
            size="large"
            variant="contained"
            endIcon={<ArrowForward />}
            onClick={next}
            sx={{ minHeight: TOUCH + 8, minWidth: 200 }}
            data-testid="flow-next"
          >
            {t('perform:next')}
          </Button>
        )}
      </Box>
    </Box>
  );
}
