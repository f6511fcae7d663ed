import Done from '@mui/icons-material/Done';
import { Box, Button, CircularProgress, Paper, TextField, Typography } from '@mui/material';
import { dashboardPath, type EventDetailDto, type ProductDto, type RoleCode } from '@bo/domain';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { useActiveProducts, useFinishService, useService } from './api.ts';
import { checkServiceBody } from './body.ts';
import { EventHeader, PerformProblem } from './event-header.tsx';
import { Question, TOUCH, YesNo } from './inputs.tsx';
import { LinesEditor } from './order-lines.tsx';
import {
  initialServiceDraft,
  serviceBodyOf,
  serviceProblems,
  serviceReducer,
  type ServiceAction,
  type ServiceDraft,
} from './service-draft.ts';
import { useFieldError } from './step-props.ts';
import { forgetStored, storageKey, useStoredReducer } from './stored.ts';
import { DateTimeField } from '../../ui/date-fields.tsx';

/** `…/events-upcoming/perform-service/{serviceId}`: a service visit at the client's home. */
export function PerformServicePage() {
  const { t } = useTranslation();
  const { serviceId } = useParams();
  const id = Number(serviceId);
  const { data: user } = useCurrentUser();
  const event = useService(id);
  const products = useActiveProducts();
  if (!user) {
    return null;
  }
  const role = user.role.code;
  let body;
  if (event.isError || !(Number.isInteger(id) && id > 0)) {
    body = <PerformProblem role={role} error={event.error} />;
  } else if (products.isError) {
    body = <PerformProblem role={role} error={products.error} />;
  } else if (!event.data || !products.data) {
    body = <Loading />;
  } else if (!event.data.can_perform || event.data.type !== 'service') {
    body = <PerformProblem role={role} notPerformable />;
  } else {
    body = (
      <>
        <EventHeader event={event.data} />
        <ServiceForm key={id} event={event.data} products={products.data} role={role} />
      </>
    );
  }
  return (
    <Box sx={{ maxWidth: 960, display: 'grid', gap: 2 }} data-testid="perform-service">
      <Typography variant="h4" component="h1">
        {t('screens.performService')}
      </Typography>
      {body}
    </Box>
  );
}

function Section({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid={testId}>
      {children}
    </Paper>
  );
}

function ServiceForm({ event, products, role }: { event: EventDetailDto; products: readonly ProductDto[]; role: RoleCode }) {
  const { t } = useTranslation(['perform']);
  const { t: tc } = useTranslation();
  const navigate = useNavigate();
  const key = storageKey('service', event.id);
  const [draft, dispatchDraft] = useStoredReducer<ServiceDraft, ServiceAction>(key, serviceReducer, () => initialServiceDraft(event));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const fieldError = useFieldError(errors);
  const finish = useFinishService();

  const dispatch = (action: ServiceAction) => {
    const touched = action.type === 'set' ? Object.keys(action.patch) : ['order_products'];
    setErrors((e) => Object.fromEntries(Object.entries(e).filter(([f]) => !touched.some((k) => f === k || f.startsWith(`${k}.`)))));
    dispatchDraft(action);
  };
  const set = (patch: Partial<Omit<ServiceDraft, 'lines'>>) => dispatch({ type: 'set', patch });

  const submit = () => {
    const body = serviceBodyOf(draft);
    const local = { ...serviceProblems(draft, new Date()), ...checkServiceBody(body) };
    if (Object.keys(local).length > 0) {
      setErrors(local);
      return;
    }
    finish.mutate(
      { id: event.id, body },
      {
        onSuccess: () => {
          forgetStored(key);
          snackbar.show(t('perform:service_flow_success'), 'success');
          void navigate(`${dashboardPath(role)}/events-upcoming`);
        },
        onError: (err) => {
          setErrors(fieldErrors(err));
          snackbar.show(`${t('perform:service_flow_error')} ${errorMessage(err, tc)}`);
        },
      },
    );
  };

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="service-form">
      <Section>
        <Question title={t('perform:q.was_at_home')}>
          <YesNo value={draft.was_at_home} onChange={(was_at_home) => set({ was_at_home })} testId="answer-was-at-home" />
          {fieldError('was_at_home') && <Typography color="error">{fieldError('was_at_home')}</Typography>}
        </Question>
      </Section>
      {draft.was_at_home === false && (
        <Section>
          <Question title={t('perform:q.service_recall')} hint={t('perform:hint.service_recall')}>
            <DateTimeField
              label={t('perform:fields.recall_time')}
              value={draft.recall_time}
              onChange={(recall_time) => set({ recall_time })}
              error={Boolean(fieldError('recall_time'))}
              helperText={fieldError('recall_time')}
              size="medium"
              testId="answer-recall-time"
              sx={{ maxWidth: 360 }}
            />
          </Question>
        </Section>
      )}
      {draft.was_at_home === true && (
        <Section>
          <Question title={t('perform:q.has_order')}>
            <YesNo value={draft.has_order} onChange={(has_order) => set({ has_order })} testId="answer-has-order" />
            {fieldError('has_order') && <Typography color="error">{fieldError('has_order')}</Typography>}
          </Question>
          {draft.has_order === true && (
            <>
              <LinesEditor
                lines={draft.lines}
                products={products}
                onAdd={(line) => dispatch({ type: 'addLine', line })}
                onUpdate={(k, patch) => dispatch({ type: 'updateLine', key: k, patch })}
                onRemove={(k) => dispatch({ type: 'removeLine', key: k })}
                errors={errors}
              />
              {fieldError('order_products') && <Typography color="error">{t('perform:need.lines')}</Typography>}
            </>
          )}
        </Section>
      )}
      <Section>
        <Question title={t('perform:q.comments')}>
          <TextField
            label={t('perform:fields.comments')}
            value={draft.comments}
            onChange={(e) => set({ comments: e.target.value })}
            multiline
            minRows={3}
            fullWidth
            error={Boolean(fieldError('comments'))}
            helperText={fieldError('comments')}
            slotProps={{ htmlInput: { maxLength: 4000, 'data-testid': 'answer-comments' } }}
          />
        </Question>
      </Section>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <Button
          size="large"
          variant="contained"
          color="success"
          startIcon={finish.isPending ? <CircularProgress size={20} color="inherit" /> : <Done />}
          onClick={submit}
          disabled={finish.isPending}
          sx={{ minHeight: TOUCH + 8, minWidth: 200 }}
          data-testid="service-finish"
        >
          {t('perform:finish')}
        </Button>
      </Box>
    </Box>
  );
}
