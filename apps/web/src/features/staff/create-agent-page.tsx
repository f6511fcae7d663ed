import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Link, Paper, Typography } from '@mui/material';
import {
  agentName,
  dashboardPath,
  createStaffBody,
  formatDateTime,
  INVITATION_TTL_DAYS,
  LANGUAGES,
  STAFF_ROLE_CODES,
  type CreatedStaffDto,
  type CreateStaffBody,
} from '@bo/domain';
import { useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormSelect, FormText } from '../../ui/form.tsx';
import { useCreateStaff } from './api.ts';

type Input = z.input<typeof createStaffBody>;
type Form = UseFormReturn<Input, unknown, CreateStaffBody>;

const EMPTY: Input = { name: '', surname: '', email: '', phone: '', role: 'sales_agent', locale: 'de' };

/** After creating: the invitation that went out with the creation, in words, and where to see it. */
function Invite({ agent, onAnother }: { agent: CreatedStaffDto; onAnother: () => void }) {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const name = agentName(agent.name, agent.surname);
  const sent = agent.invitation;
  return (
    <Paper sx={{ p: 3, display: 'grid', gap: 2 }} data-testid="invite-panel">
      <Alert severity="success">{t('staff:create.created', { name, role: tc(`roles.${agent.role.code}`) })}</Alert>
      <Alert severity="info" data-testid="invite-sent" data-kind={sent.kind}>
        {t('staff:invite.sentOnCreate', {
          kind: t(`staff:invite.kinds.${sent.kind}`),
          email: sent.to,
          until: formatDateTime(sent.expires_at),
        })}{' '}
        <Link component={RouterLink} to={`${dashboardPath('admin')}/outbox`}>
          {t('staff:invite.openOutbox')}
        </Link>
      </Alert>
      <Typography color="text.secondary">{t('staff:invite.resendHint', { days: INVITATION_TTL_DAYS })}</Typography>
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
