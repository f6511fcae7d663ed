import { zodResolver } from '@hookform/resolvers/zod';
import MailOutline from '@mui/icons-material/MailOutlined';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import {
  agentName,
  dashboardPath,
  createStaffBody,
  formatDateTime,
  INVITATION_TTL_DAYS,
  LANGUAGES,
  signupMailFor,
  SIGNUP_MAILS,
  STAFF_ROLE_CODES,
  type CreatedStaffDto,
  type CreateStaffBody,
  type SignupMail,
  type SignupMailAnswer,
} from '@bo/domain';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormSelect, FormText } from '../../ui/form.tsx';
import { useCreateStaff, useSendSignupMail } from './api.ts';

type Input = z.input<typeof createStaffBody>;
type Form = UseFormReturn<Input, unknown, CreateStaffBody>;

const EMPTY: Input = { name: '', surname: '', email: '', phone: '', role: 'sales_agent', locale: 'de' };

/** After creating: send one of the two signup mails, the one that suits the role first. */
function Invite({ agent, onAnother }: { agent: CreatedStaffDto; onAnother: () => void }) {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const send = useSendSignupMail();
  const [sent, setSent] = useState<SignupMailAnswer['data'] | null>(null);
  const recommended = signupMailFor(agent.role.code);
  const order: SignupMail[] = [recommended, ...SIGNUP_MAILS.filter((m) => m !== recommended)];
  const name = agentName(agent.name, agent.surname);

  const sendMail = (mail: SignupMail) =>
    send.mutate(
      { userId: agent.id, mail },
      {
        onSuccess: ({ data }) => {
          setSent(data);
          snackbar.show(t('staff:invite.sent', { email: data.to }), 'success');
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );

  return (
    <Paper sx={{ p: 3, display: 'grid', gap: 2 }} data-testid="invite-panel">
      <Alert severity="success">{t('staff:create.created', { name, role: tc(`roles.${agent.role.code}`) })}</Alert>
      <Typography variant="subtitle1" component="h2">
        {t('staff:invite.title')}
      </Typography>
      <Typography color="text.secondary">{t('staff:invite.intro', { email: agent.email, days: INVITATION_TTL_DAYS })}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 3, color: 'text.secondary' }}>
        <li>{t('staff:invite.signupExplained')}</li>
        <li>{t('staff:invite.innerExplained')}</li>
      </Box>
      {sent ? (
        <Alert severity="success" data-testid="invite-sent">
          {t('staff:invite.sentDetails', { email: sent.to, until: formatDateTime(sent.expires_at) })}{' '}
          <Link component={RouterLink} to={`${dashboardPath('admin')}/outbox`}>
            {t('staff:invite.openOutbox')}
          </Link>
        </Alert>
      ) : (
        <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
          {order.map((mail) => (
            <Button
              key={mail}
              variant={mail === recommended ? 'contained' : 'outlined'}
              startIcon={mail === recommended ? <MailOutline /> : undefined}
              disabled={send.isPending}
              onClick={() => sendMail(mail)}
              data-testid={mail === 'signup' ? 'send-signup-mail' : 'send-inner-signup-mail'}
            >
              {mail === 'signup' ? t('staff:invite.sendSignup') : t('staff:invite.sendInner')}
            </Button>
          ))}
        </Box>
      )}
      <Box>
        <Button onClick={onAnother} data-testid="create-another">
          {t('staff:create.another')}
        </Button>
      </Box>
    </Paper>
  );
}

/** `/admin-dashboard/create-agent`: a staff user of any staff role, then their signup mail. */
export function CreateAgentPage() {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const create = useCreateStaff();
  const [created, setCreated] = useState<CreatedStaffDto | null>(null);
  const form: Form = useForm<Input, unknown, CreateStaffBody>({ resolver: zodResolver(createStaffBody), defaultValues: EMPTY });

  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ data }) => {
        setCreated(data);
        snackbar.show(t('staff:create.saved'), 'success');
      },
      onError: (err) => {
        // Field errors (a taken e-mail) go next to the fields; the snackbar says what happened.
        applyServerErrors(form, err);
        snackbar.show(errorMessage(err, tc));
      },
    }),
  );

  const another = () => {
    setCreated(null);
    form.reset(EMPTY);
  };

  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.createAgent')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('staff:create.intro')}
      </Typography>
      {created ? (
        <Invite agent={created} onAnother={another} />
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="create-agent-form">
          <Paper sx={{ p: 3, display: 'grid', gap: 3 }}>
            <Box sx={grid}>
              <FormText form={form} name="name" label={tc('fields.name')} required autoComplete="off" />
              <FormText form={form} name="surname" label={tc('fields.surname')} required autoComplete="off" />
              <FormText form={form} name="email" label={tc('fields.email')} type="email" required autoComplete="off" />
              <FormText form={form} name="phone" label={tc('fields.phone')} type="tel" autoComplete="off" />
              <FormSelect
                form={form}
                name="role"
                options={STAFF_ROLE_CODES.map((r) => ({ value: r, label: tc(`roles.${r}`) }))}
                label={t('staff:fields.role')}
                required
              />
              <FormSelect
                form={form}
                name="locale"
                options={LANGUAGES.map((l) => ({ value: l, label: tc(`options.locale.${l}`) }))}
                label={tc('fields.locale')}
              />
            </Box>
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button type="submit" variant="contained" disabled={create.isPending} data-testid="create-agent">
                {t('staff:create.submit')}
              </Button>
            </Box>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
