import {
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Link,
  List,
  ListItem,
  Paper,
  Typography,
} from '@mui/material';
import { dashboardPath, PATTERNS, type ClientBody, type DuplicateDto } from '@bo/domain';
import { useId, useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { useCurrentUser } from '../../app/session.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { DuplicateReasons } from '../clients/duplicate-reasons.tsx';
import { emailAvailable, possibleDuplicates, useCreateClient } from './api.ts';
import { DraftSelect, DraftText, FIELD_GRID, LeadSourceFields, useChoices } from './draft-fields.tsx';
import { createBodyOf, emptyClientDraft, userPageReducer, userPageState } from './page-state.ts';

/** Spec 2 create-client: before saving, clients that may be the same person are shown to decide on. */
function DuplicatesDialog({
  duplicates,
  base,
  pending,
  onSave,
  onClose,
}: {
  duplicates: DuplicateDto[];
  base: string;
  pending: boolean;
  onSave: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['common', 'client']);
  const id = useId();
  return (
    <Dialog
      open
      onClose={pending ? undefined : onClose}
      aria-labelledby={`${id}-title`}
      fullWidth
      maxWidth="sm"
      data-testid="duplicates-dialog"
    >
      <DialogTitle id={`${id}-title`}>{t('client:duplicates.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('client:duplicates.text', { count: duplicates.length })}</DialogContentText>
        <List>
          {duplicates.map((d) => (
            <ListItem key={d.id} divider disableGutters data-testid="duplicate" sx={{ display: 'grid', gap: 0.25 }}>
              <Link href={`${base}/show-user/${d.id}`} target="_blank" rel="noopener" data-testid="duplicate-link">
                {`${d.name} ${d.surname}`.trim()}
              </Link>
              <Typography variant="body2">{[d.phone, d.mobile_phone].filter(Boolean).join(' · ') || '–'}</Typography>
              <Typography variant="body2">
                {[d.address, [d.zipcode, d.city].filter(Boolean).join(' ')].filter(Boolean).join(', ') || '–'}
              </Typography>
              <Box data-testid="duplicate-why">
                <DuplicateReasons duplicate={d} />
              </Box>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending} data-testid="duplicates-cancel">
          {t('client:cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={onSave}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="duplicates-save"
        >
          {t('client:duplicates.saveAnyway')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

export function CreateClientPage() {
  const { t } = useTranslation(['common', 'client']);
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const base = me ? dashboardPath(me.role.code) : '';
  const [state, dispatch] = useReducer(userPageReducer, undefined, () => userPageState(emptyClientDraft(), 'edit'));
  const [duplicates, setDuplicates] = useState<DuplicateDto[] | null>(null);
  const [checking, setChecking] = useState(false);
  const create = useCreateClient();
  const choices = useChoices();
  const props = { state, dispatch };

  const checkEmail = async () => {
    const email = state.draft.email.trim();
    if (!PATTERNS.email.test(email)) {
      return;
    }
    try {
      if (!(await emailAvailable(email))) {
        dispatch({ type: 'saveFailed', fieldValidation: { email: 'already_taken' } });
      }
    } catch {
      // Only a hint: the save checks the address again.
    }
  };

  const save = (body: ClientBody) =>
    create.mutate(body, {
      onSuccess: (record) => {
        setDuplicates(null);
        snackbar.show(t('client:created', { name: `${record.name} ${record.surname}`.trim() }), 'success');
        void navigate(`${base}/show-user/${record.id}`);
      },
      onError: (err) => {
        setDuplicates(null);
        const fields = fieldErrors(err);
        if (Object.keys(fields).length > 0) {
          dispatch({ type: 'saveFailed', fieldValidation: fields });
        } else {
          snackbar.show(errorMessage(err, t));
        }
      },
    });

  const submit = async () => {
    const checked = createBodyOf(state.draft);
    if (!checked.ok) {
      dispatch({ type: 'saveFailed', fieldValidation: checked.errors });
      return;
    }
    const b = checked.body;
    setChecking(true);
    try {
      const found = await possibleDuplicates({
        name: b.name,
        surname: b.surname,
        phone: b.phone,
        mobile_phone: b.mobile_phone,
        email: b.email,
        zipcode: b.zipcode,
        city: b.city,
        address: b.address,
      });
      if (found.length > 0) {
        setDuplicates(found);
        return;
      }
    } catch (err) {
      snackbar.show(errorMessage(err, t));
      return;
    } finally {
      setChecking(false);
    }
    save(b);
  };

  const busy = checking || create.isPending;
  return (
    <Box sx={{ maxWidth: 880, display: 'grid', gap: 2 }}>
      <Typography variant="h4" component="h1">
        {t('screens.createClient')}
      </Typography>
      <Paper
        component="form"
        noValidate
        data-testid="create-client-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
        sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 3 }}
      >
        <Box sx={FIELD_GRID}>
          <DraftText {...props} field="name" label={t('fields.name')} required autoFocus />
          <DraftText {...props} field="surname" label={t('fields.surname')} required />
          <DraftText {...props} field="email" label={t('fields.email')} type="email" onBlur={() => void checkEmail()} />
          <DraftSelect {...props} field="status" label={t('client:fields.status')} options={choices.status} nullable />
          <DraftText {...props} field="phone" label={t('fields.phone')} type="tel" />
          <DraftText {...props} field="mobile_phone" label={t('fields.mobile_phone')} type="tel" />
          <DraftText {...props} field="address" label={t('fields.address')} />
          <DraftText {...props} field="zipcode" label={t('fields.zipcode')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <DraftText {...props} field="city" label={t('fields.city')} />
          <DraftText {...props} field="age" label={t('client:fields.age')} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
          <DraftSelect {...props} field="gender" label={t('fields.gender')} options={choices.gender} nullable />
          <DraftSelect {...props} field="type" label={t('client:fields.type')} options={choices.type} />
          {state.draft.type === 'B2B' && <DraftText {...props} field="company" label={t('client:fields.company')} />}
          <LeadSourceFields {...props} />
        </Box>
        <Box sx={{ display: 'flex', gap: 2, justifyContent: 'flex-end' }}>
          <Button onClick={() => dispatch({ type: 'reset' })} disabled={!state.edited || busy}>
            {t('common.reset')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={busy}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="create-client"
          >
            {t('common.save')}
          </Button>
        </Box>
      </Paper>
      {duplicates && (
        <DuplicatesDialog
          duplicates={duplicates}
          base={base}
          pending={create.isPending}
          onClose={() => setDuplicates(null)}
          onSave={() => {
            const checked = createBodyOf(state.draft);
            if (checked.ok) {
              save(checked.body);
            }
          }}
        />
      )}
    </Box>
  );
}
