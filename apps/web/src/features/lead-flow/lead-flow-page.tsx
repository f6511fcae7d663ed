import ArrowBack from '@mui/icons-material/ArrowBack';
import EventAvailable from '@mui/icons-material/EventAvailable';
import SkipNext from '@mui/icons-material/SkipNext';
import { Alert, Box, Button, CircularProgress, Step, StepLabel, Stepper, Typography } from '@mui/material';
import { dashboardPath, formatDateTime, LEAD_OUTCOME_RESULTS, leadHashOf, leadIdOf, type ClientRecordDto, type RoleCode } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useParams } from 'react-router';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { useCurrentUser } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { StatusChip } from '../clients/client-bits.tsx';
import { useLeadRecord, useNextLead } from './api.ts';
import { fullName, LeadCard, PartnerLeadCard, Section } from './lead-card.tsx';
import { OutcomeStep, type RecordedOutcome } from './outcome-step.tsx';
import type { CalendarAnswer } from '../calendar/api.ts';
import { BookingStep } from './booking-step.tsx';
import { PartnerProgress } from '../referrals/partner-progress.tsx';

type StepName = 'lead' | 'outcome' | 'booking' | 'done';
/** An interested lead gets a booking step before the end: the demo is booked into an agent's calendar. */
const stepsFor = (result: RecordedOutcome | null): StepName[] =>
  result?.outcome === 'reached_interested' ? ['lead', 'outcome', 'booking', 'done'] : ['lead', 'outcome', 'done'];

/** `…/lead-flow/{leadHash}`: a call agent's guided pass through one lead (see lead-flow.ts for the hash). */
export function LeadFlowPage() {
  return <LeadFlowFrame readOnly={false} />;
}

/** `partner-dashboard/partner-flow/{leadHash}`: the same page, read only, for the partner who brought the lead. */
export function PartnerLeadFlowPage() {
  return <LeadFlowFrame readOnly />;
}

function LeadFlowFrame({ readOnly }: { readOnly: boolean }) {
  const { leadHash } = useParams();
  const { data: user } = useCurrentUser();
  if (!user) {
    return null;
  }
  // A new lead starts the flow afresh at step 1.
  return <LeadFlow key={leadHash} leadHash={leadHash} role={user.role.code} readOnly={readOnly} />;
}

function LeadFlow({ leadHash, role, readOnly }: { leadHash: string | undefined; role: RoleCode; readOnly: boolean }) {
  const { t } = useTranslation(['leadflow', 'clients', 'tables', 'calendar']);
  const { t: tc } = useTranslation();
  const id = leadIdOf(leadHash);
  const lead = useLeadRecord(id);
  const base = dashboardPath(role);
  const backTo = readOnly ? base : `${base}/clients`;
  const [step, setStep] = useState<StepName>('lead');
  const [result, setResult] = useState<RecordedOutcome | null>(null);
  const [booking, setBooking] = useState<CalendarAnswer | null>(null);
  const steps = stepsFor(result);

  const heading = (
    <Typography variant="h4" component="h1" gutterBottom>
      {readOnly ? t('leadflow:partner.title') : tc('screens.leadFlow')}
    </Typography>
  );
  const problem = (text: string) => (
    <Box sx={{ maxWidth: 720 }}>
      {heading}
      <Alert
        severity="warning"
        data-testid="lead-flow-problem"
        action={
          <Button color="inherit" size="small" component={RouterLink} to={backTo}>
            {t(readOnly ? 'leadflow:backHome' : 'leadflow:backToList')}
          </Button>
        }
      >
        {text}
      </Alert>
    </Box>
  );

  if (id === undefined) {
    return problem(t('leadflow:invalidLink'));
  }
  if (lead.isLoading) {
    return <Loading />;
  }
  if (lead.isError || !lead.data) {
    const missing = lead.error instanceof HttpError && (lead.error.status === 404 || lead.error.status === 403);
    return problem(missing ? t('leadflow:notFound') : errorMessage(lead.error, tc));
  }
  const record = lead.data;

  return (
    <Box sx={{ maxWidth: 1100 }} data-testid="lead-flow" data-step={readOnly ? 'read-only' : step}>
      {heading}
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography variant="h6" component="p">
          {fullName(record)}
        </Typography>
        <StatusChip status={record.status} />
      </Box>
      {readOnly ? (
        <>
          <Alert severity="info" sx={{ mb: 2 }}>
            {t('leadflow:partner.readOnly')}
          </Alert>
          <PartnerProgress clientId={record.id} />
          <PartnerLeadCard record={record} />
        </>
      ) : (
        <>
          <Stepper activeStep={steps.indexOf(step)} alternativeLabel sx={{ mb: 3 }}>
            {steps.map((s, i) => (
              <Step key={s} completed={i < steps.indexOf(step)}>
                <StepLabel>{s === 'booking' ? t('calendar:booking.step') : t(`leadflow:steps.${s}`)}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {step === 'lead' && (
            <>
              <LeadCard record={record} canCall={record.can_call} />
              <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap' }}>
                <Button component={RouterLink} to={backTo} startIcon={<ArrowBack />}>
                  {t('leadflow:backToList')}
                </Button>
                {record.can_edit && (
                  <Button variant="contained" onClick={() => setStep('outcome')} data-testid="lead-flow-to-outcome">
                    {t('leadflow:lead.next')}
                  </Button>
                )}
              </Box>
            </>
          )}
          {step === 'outcome' && (
            <OutcomeStep
              clientId={record.id}
              onBack={() => setStep('lead')}
              onDone={(r) => {
                setResult(r);
                setStep(r.outcome === 'reached_interested' ? 'booking' : 'done');
              }}
            />
          )}
          {step === 'booking' && (
            <BookingStep
              record={record}
              onBooked={(answer) => {
                setBooking(answer);
                setStep('done');
              }}
              onSkip={() => setStep('done')}
            />
          )}
          {step === 'done' && result && <Summary record={record} result={result} booking={booking} role={role} />}
        </>
      )}
    </Box>
  );
}

/** Step 3 "Abschluss": what was recorded, and on to the next lead or back to the list. */
function Summary({
  record,
  result,
  booking,
  role,
}: {
  record: ClientRecordDto;
  result: RecordedOutcome;
  booking: CalendarAnswer | null;
  role: RoleCode;
}) {
  const { t } = useTranslation(['leadflow', 'calendar']);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const next = useNextLead();
  const base = dashboardPath(role);
  const status = LEAD_OUTCOME_RESULTS[result.outcome].status;

  const openNext = () =>
    next.mutate(record.id, {
      onSuccess: (nextId) => {
        if (nextId === null) {
          snackbar.show(t('leadflow:done.noMore'), 'info');
        } else {
          void navigate(`${base}/lead-flow/${leadHashOf(nextId)}`);
        }
      },
      onError: (err) => snackbar.show(errorMessage(err, tc)),
    });

  return (
    <Section title={t('leadflow:done.title')} testId="lead-flow-summary">
      <Alert severity="success" sx={{ mb: 2 }}>
        {t('leadflow:done.saved', { name: fullName(record) })}
      </Alert>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '160px 1fr' }, rowGap: 1, columnGap: 2, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('leadflow:done.outcome')}
        </Typography>
        <Typography variant="body2" data-testid="summary-outcome">
          {t(`leadflow:outcomes.${result.outcome}`)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('leadflow:done.status')}
        </Typography>
        <Box data-testid="summary-status">
          <StatusChip status={status} />
        </Box>
        {result.recallAt && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('leadflow:outcome.recallAt')}
            </Typography>
            <Typography variant="body2">{formatDateTime(result.recallAt)}</Typography>
          </>
        )}
        {result.comment && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('leadflow:outcome.comment')}
            </Typography>
            <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
              {result.comment}
            </Typography>
          </>
        )}
      </Box>
      {result.outcome === 'reached_interested' &&
        (booking ? (
          <Alert severity="success" icon={<EventAvailable />} sx={{ mt: 2 }} data-testid="summary-booking">
            {booking.data.summary}
          </Alert>
        ) : (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="summary-no-booking">
            {t('calendar:booking.notBooked')}
          </Alert>
        ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 3, flexWrap: 'wrap' }}>
        <Button
          variant="contained"
          onClick={openNext}
          disabled={next.isPending}
          startIcon={next.isPending ? <CircularProgress size={16} color="inherit" /> : <SkipNext />}
          data-testid="lead-flow-next"
        >
          {t('leadflow:done.nextLead')}
        </Button>
        <Button component={RouterLink} to={`${base}/clients`} startIcon={<ArrowBack />} data-testid="lead-flow-back-to-list">
          {t('leadflow:backToList')}
        </Button>
      </Box>
    </Section>
  );
}
