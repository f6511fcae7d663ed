import { zodResolver } from '@hookform/resolvers/zod';
import ArrowBack from '@mui/icons-material/ArrowBack';
import MailOutline from '@mui/icons-material/MailOutlined';
import {
  Alert,
  Box,
  Button,
  Chip,
  Divider,
  FormControl,
  FormControlLabel,
  FormHelperText,
  FormLabel,
  Paper,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import {
  accountBody,
  agentName,
  CLIENT_ACCESS,
  dashboardPath,
  formatDateTime,
  INVITATION_TTL_DAYS,
  SIGNUP_MAIL_KIND,
  signupMailFor,
  type AccountBody,
  type AccountDto,
  type SignupMailAnswer,
} from '@bo/domain';
import { useState } from 'react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { Loading } from '../shell/dashboard-layout.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';
import { useSendSignupMail } from '../staff/api.ts';
import { useAccount, useUpdateAccount } from './api.ts';

type Input = z.input<typeof accountBody>;
type Form = UseFormReturn<Input, unknown, AccountBody>;

const BACK = `${dashboardPath('admin')}/accounts-settings`;

function valuesOf(account: AccountDto): Input {
  return {
    access_to_clients: account.access_to_clients,
    telephony_user_id: account.telephony_user_id ?? '',
    telephony_number: account.telephony_number ?? '',
  };
}

function AccessChoice({ form }: { form: Form }) {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  return (
    <Controller
      control={form.control}
      name="access_to_clients"
      render={({ field, fieldState }) => (
        <FormControl error={Boolean(fieldState.error)}>
          <FormLabel id="access-label">{t('staff:fields.access')}</FormLabel>
          <RadioGroup aria-labelledby="access-label" name={field.name} value={field.value} onChange={(e) => field.onChange(e.target.value)}>
            {CLIENT_ACCESS.map((access) => (
              <FormControlLabel
                key={access}
                value={access}
                control={<Radio />}
                data-testid={`access-${access}`}
                label={
                  <Box sx={{ py: 0.5 }}>
                    <Typography>{t(`staff:access.${access}`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`staff:accessHelp.${access}`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
          {fieldState.error?.message && <FormHelperText>{tc(`validation.${fieldState.error.message}`)}</FormHelperText>}
        </FormControl>
      )}
    />
  );
}

function AccountForm({ account }: { account: AccountDto }) {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const save = useUpdateAccount(account.id);
  const form: Form = useForm<Input, unknown, AccountBody>({ resolver: zodResolver(accountBody), defaultValues: valuesOf(account) });

  const submit = form.handleSubmit((values) =>
    save.mutate(values, {
      onSuccess: ({ data }) => {
        snackbar.show(t('staff:edit.saved'), 'success');
        form.reset(valuesOf(data));
      },
      onError: (err) => {
        applyServerErrors(form, err);
        snackbar.show(errorMessage(err, tc));
      },
    }),
  );

  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="edit-account-form">
      <Paper sx={{ p: 3, display: 'grid', gap: 3 }}>
        <AccessChoice form={form} />
        <Divider />
        <Box>
          <Typography variant="subtitle1" component="h2">
            {t('staff:edit.telephony')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('staff:edit.telephonyHelp')}
          </Typography>
        </Box>
        <Box sx={grid}>
          <FormText form={form} name="telephony_user_id" label={t('staff:fields.telephonyUserId')} autoComplete="off" />
          <FormText form={form} name="telephony_number" label={t('staff:fields.telephonyNumber')} type="tel" autoComplete="off" />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => form.reset(valuesOf(account))} disabled={!form.formState.isDirty}>
            {tc('common.reset')}
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="save-account">
            {tc('common.save')}
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}

/** A user who has not chosen a password yet: the invitation again, the mail that suits the role; the older link stops working. */
function ResendInvitation({ account }: { account: AccountDto }) {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const send = useSendSignupMail();
  const [sent, setSent] = useState<SignupMailAnswer['data'] | null>(null);
  const mail = signupMailFor(account.user.role.code);
  const resend = () =>
    send.mutate(
      { userId: account.user.id, mail },
      {
        onSuccess: ({ data }) => {
          setSent(data);
          snackbar.show(t('staff:invite.sent', { email: data.to }), 'success');
        },
        onError: (err) => snackbar.show(errorMessage(err, tc)),
      },
    );
  return (
    <Paper sx={{ p: 3, mb: 2, display: 'grid', gap: 1.5 }} data-testid="resend-invitation">
      <Typography variant="subtitle1" component="h2">
        {t('staff:invite.pendingTitle')}
      </Typography>
      <Typography color="text.secondary">
        {t('staff:invite.pending', { kind: t(`staff:invite.kinds.${SIGNUP_MAIL_KIND[mail]}`), days: INVITATION_TTL_DAYS })}
      </Typography>
      {sent && (
        <Alert severity="success" data-testid="invite-sent">
          {t('staff:invite.sentDetails', { email: sent.to, until: formatDateTime(sent.expires_at) })}
        </Alert>
      )}
      <Box>
        <Button
          variant="outlined"
          startIcon={<MailOutline />}
          onClick={resend}
          disabled={send.isPending}
          data-testid="resend-invitation-button"
        >
          {t('staff:invite.resend')}
        </Button>
      </Box>
    </Paper>
  );
}

/** `/admin-dashboard/accounts-settings/edit-account/{accountId}`: access to clients and telephony of one account. */
export function EditAccountPage() {
  const { t } = useTranslation(['staff', 'common']);
  const { t: tc } = useTranslation();
  const id = Number(useParams().accountId);
  const account = useAccount(id);
  const user = account.data?.user;
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Button component={RouterLink} to={BACK} startIcon={<ArrowBack />} sx={{ mb: 1 }}>
        {t('staff:edit.back')}
      </Button>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.editAccount')}
      </Typography>
      {!(Number.isInteger(id) && id > 0) && <Alert severity="error">{t('staff:edit.unknown')}</Alert>}
      {account.isLoading && <Loading />}
      {account.isError && <Alert severity="error">{errorMessage(account.error, tc)}</Alert>}
      {account.data && user && (
        <>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mb: 2 }}>
            <Typography variant="h6" component="p" data-testid="account-name">
              {agentName(user.name, user.surname)}
            </Typography>
            <Typography color="text.secondary">{user.email}</Typography>
            <Chip size="small" label={tc(`roles.${user.role.code}`)} />
            <Chip
              size="small"
              color={user.is_active ? 'success' : 'default'}
              label={user.is_active ? t('staff:status.active') : t('staff:status.blocked')}
            />
          </Box>
          {!user.signed_up && user.is_active && <ResendInvitation account={account.data} />}
          <AccountForm key={account.data.id} account={account.data} />
        </>
      )}
    </Box>
  );
}
