import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, Checkbox, FormControlLabel, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { recommendationFields, type RecommendationFields, type RecommendationItemDto, type RecommendationStatus } from '@bo/domain';
import { useEffect, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { z } from 'zod';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';
import { useRecommendation, useSaveRecommendation } from './api.ts';
import { StatusChip, useRecommendationPaths } from './recommendation-bits.tsx';

type Input = z.input<typeof recommendationFields>;
type Form = UseFormReturn<Input, unknown, RecommendationFields>;

const EMPTY: Input = { name: '', surname: '', phone: '', email: '', city: '', zipcode: '', address: '', comment: '' };

function valuesOf(rec: RecommendationItemDto): Input {
  return {
    name: rec.name,
    surname: rec.surname,
    phone: rec.phone ?? '',
    email: rec.email ?? '',
    city: rec.city ?? '',
    zipcode: rec.zipcode ?? '',
    address: rec.address ?? '',
    comment: rec.comment,
  };
}

/** Staff: the status the recommendation may move to and, for admins, whether the reward was paid. */
function StaffFields({
  rec,
  status,
  paid,
  onStatus,
  onPaid,
}: {
  rec: RecommendationItemDto;
  status: RecommendationStatus;
  paid: boolean;
  onStatus: (s: RecommendationStatus) => void;
  onPaid: (p: boolean) => void;
}) {
  const { t } = useTranslation(['recommendations', 'common']);
  return (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
      {rec.actions.statuses.length > 0 ? (
        <TextField
          select
          label={t('recommendations:columns.status')}
          value={status}
          onChange={(e) => onStatus(e.target.value as RecommendationStatus)}
          sx={{ minWidth: 220 }}
          slotProps={{ htmlInput: { 'data-testid': 'rec-form-status' } }}
        >
          {[rec.status, ...rec.actions.statuses].map((s) => (
            <MenuItem key={s} value={s}>
              {t(`recommendations:statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
      ) : (
        <StatusChip status={rec.status} />
      )}
      {(rec.actions.pay || rec.paid_at) && (
        <FormControlLabel
          control={<Checkbox checked={paid} disabled={!rec.actions.pay} onChange={(e) => onPaid(e.target.checked)} />}
          label={t('recommendations:form.paid')}
          data-testid="rec-form-paid"
        />
      )}
      {status === 'confirmed' && rec.status === 'unconfirmed' && !rec.lead_id && (
        <Alert severity="info">{t('recommendations:form.becomesLead')}</Alert>
      )}
    </Box>
  );
}

/** Create and edit a recommendation: the client's own, or one of a client for staff (spec 2). */
export function RecommendationFormPage() {
  const { t } = useTranslation(['recommendations', 'common']);
  const { t: tc } = useTranslation();
  const paths = useRecommendationPaths();
  const navigate = useNavigate();
  const editing = paths.editRecId !== undefined;
  const existing = useRecommendation(paths.editRecId);
  const save = useSaveRecommendation();
  const form: Form = useForm<Input, unknown, RecommendationFields>({ resolver: zodResolver(recommendationFields), defaultValues: EMPTY });
  const [status, setStatus] = useState<RecommendationStatus>('unconfirmed');
  const [paid, setPaid] = useState(false);
  const rec = existing.data;

  const { reset } = form;
  useEffect(() => {
    if (rec) {
      reset(valuesOf(rec));
      setStatus(rec.status);
      setPaid(rec.paid_at !== null);
    }
  }, [rec, reset]);

  const locked = editing && rec !== undefined && !rec.actions.edit;
  const submit = form.handleSubmit((values) => {
    const onError = (err: unknown) => {
      // Spec 5: field errors show next to the fields, not in the snackbar.
      if (!applyServerErrors(form, err)) {
        snackbar.show(errorMessage(err, tc));
      }
    };
    if (!editing) {
      save.mutate(
        { id: null, body: { ...values, ...(paths.staff && paths.userId !== undefined ? { user_id: paths.userId } : {}) } },
        {
          onSuccess: () => {
            snackbar.show(t('recommendations:created', { name: `${values.name} ${values.surname}`.trim() }), 'success');
            void navigate(paths.listPath);
          },
          onError,
        },
      );
      return;
    }
    if (!rec) {
      return;
    }
    const wasPaid = rec.paid_at !== null;
    save.mutate(
      {
        id: rec.id,
        body: {
          ...values,
          ...(paths.staff && status !== rec.status ? { status } : {}),
          ...(rec.actions.pay && paid !== wasPaid ? { paid } : {}),
        },
      },
      {
        onSuccess: ({ lead }) => {
          const name = `${values.name} ${values.surname}`.trim();
          snackbar.show(
            lead
              ? t(lead.created ? 'recommendations:leadCreated' : 'recommendations:leadLinked', { name })
              : t('recommendations:updated', { name }),
            'success',
          );
          void navigate(paths.listPath);
        },
        onError,
      },
    );
  });

  const title = tc(
    paths.staff
      ? editing
        ? 'screens.editRecommendation'
        : 'screens.addRecommendation'
      : editing
        ? 'screens.userEditRecommendation'
        : 'screens.userCreateRecommendation',
  );
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } };
  return (
    <Box sx={{ maxWidth: 880 }}>
      <Typography variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('recommendations:form.intro')}
      </Typography>
      {editing && existing.error ? (
        <Alert severity="error">{errorMessage(existing.error, tc)}</Alert>
      ) : (
        <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="rec-form" aria-busy={editing && !rec}>
          <Paper sx={{ p: 3, display: 'grid', gap: 3 }}>
            {locked && <Alert severity="info">{t('recommendations:form.locked')}</Alert>}
            <Box component="fieldset" disabled={locked || (editing && !rec)} sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 2 }}>
              <Box sx={grid}>
                <FormText form={form} name="name" label={tc('fields.name')} required autoComplete="off" />
                <FormText form={form} name="surname" label={tc('fields.surname')} autoComplete="off" />
                <FormText
                  form={form}
                  name="phone"
                  label={tc('fields.phone')}
                  type="tel"
                  autoComplete="off"
                  helperText={t('recommendations:form.contactHint')}
                />
                <FormText form={form} name="email" label={tc('fields.email')} type="email" autoComplete="off" />
                <FormText form={form} name="address" label={tc('fields.address')} autoComplete="off" />
                <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: '120px 1fr' }}>
                  <FormText form={form} name="zipcode" label={tc('fields.zipcode')} autoComplete="off" />
                  <FormText form={form} name="city" label={tc('fields.city')} autoComplete="off" />
                </Box>
              </Box>
              <FormText form={form} name="comment" label={t('recommendations:columns.comment')} multiline minRows={3} />
            </Box>
            {paths.staff && rec && <StaffFields rec={rec} status={status} paid={paid} onStatus={setStatus} onPaid={setPaid} />}
            <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
              <Button component={RouterLink} to={paths.listPath}>
                {t('recommendations:actions.cancel')}
              </Button>
              <Button type="submit" variant="contained" disabled={save.isPending || locked || (editing && !rec)} data-testid="save-rec">
                {t('recommendations:actions.save')}
              </Button>
            </Box>
          </Paper>
        </Box>
      )}
    </Box>
  );
}
