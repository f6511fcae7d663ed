import { Box, Button, Chip, Divider, List, ListItem, MenuItem, Paper, TextField, Typography } from '@mui/material';
import {
  CLIENT_STATUSES,
  CONTACT_FLOWS,
  CONTACT_TYPES,
  contactHistoryBody,
  fieldValidationFrom,
  formatDateTime,
  TIMES_TO_CALL,
  type ClientRecordDto,
  type ContactType,
} from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useFieldErrors } from '../../ui/field-errors.ts';
import { StatusChip, useStatusLabel } from '../clients/client-bits.tsx';
import { useAddContact, useCloseRecall, useEditContactComment } from './api.ts';
import { DateTimeField } from '../../ui/date-fields.tsx';
import { instantOfZurichInput } from '../calendar/zurich-input.ts';

interface ContactForm {
  type: ContactType;
  flow: string;
  time_to_call: string;
  comment: string;
  recall_at: string;
  status: string;
}

const EMPTY: ContactForm = { type: 'call', flow: 'lead_flow', time_to_call: '', comment: '', recall_at: '', status: '' };

const person = (p: { name: string; surname: string } | null) => (p ? `${p.name} ${p.surname}`.trim() : '–');

/** "Kontakt erfassen": one call, recall or message, and the status the client ended with. */
function AddContact({ clientId }: { clientId: number }) {
  const { t } = useTranslation(['common', 'client']);
  const statusLabel = useStatusLabel();
  const add = useAddContact(clientId);
  const [form, setForm] = useState<ContactForm>(EMPTY);
  const { errors, setErrors, text, failed } = useFieldErrors();
  const set = (field: keyof ContactForm) => (e: { target: { value: string } }) => {
    setForm((f) => ({ ...f, [field]: e.target.value }));
    setErrors(({ [field]: _gone, ...rest }) => rest);
  };
  const error = (field: keyof ContactForm) => text(field);

  const submit = () => {
    const parsed = contactHistoryBody.safeParse({
      type: form.type,
      flow: form.flow,
      time_to_call: form.time_to_call || null,
      comment: form.comment,
      // The field holds Zurich wall time (agents work in Zurich time wherever the browser is); the API takes an instant.
      recall_at: form.type === 'recall' && form.recall_at ? (instantOfZurichInput(form.recall_at)?.toISOString() ?? null) : null,
      status: form.status || null,
    });
    if (!parsed.success) {
      setErrors(fieldValidationFrom(parsed.error.issues));
      return;
    }
    add.mutate(parsed.data, {
      onSuccess: () => {
        snackbar.show(t('client:contact.saved'), 'success');
        setForm(EMPTY);
        setErrors({});
      },
      onError: failed,
    });
  };

  const select = (field: keyof ContactForm, label: string, options: { value: string; label: string }[], nullable: boolean) => (
    <TextField
      select
      fullWidth
      size="small"
      id={`contact-${field}`}
      label={label}
      value={form[field]}
      onChange={set(field)}
      error={Boolean(errors[field])}
      helperText={error(field)}
      slotProps={{ htmlInput: { 'data-testid': `contact-${field}` } }}
    >
      {nullable && (
        <MenuItem value="">
          <em>{t('common.none')}</em>
        </MenuItem>
      )}
      {options.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );

  return (
    <Box
      component="form"
      noValidate
      data-testid="contact-form"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', lg: '1fr 1fr 1fr' } }}
    >
      {select(
        'type',
        t('client:contact.type'),
        CONTACT_TYPES.map((v) => ({ value: v, label: t(`client:contactTypes.${v}`) })),
        false,
      )}
      {select(
        'flow',
        t('client:contact.flow'),
        CONTACT_FLOWS.map((v) => ({ value: v, label: t(`client:flows.${v}`) })),
        false,
      )}
      {select(
        'time_to_call',
        t('client:fields.time_to_call'),
        TIMES_TO_CALL.map((v) => ({ value: v, label: t(`client:timesToCall.${v}`) })),
        true,
      )}
      {form.type === 'recall' && (
        <DateTimeField
          label={t('client:contact.recall_at')}
          value={form.recall_at}
          onChange={(value) => set('recall_at')({ target: { value } })}
          error={Boolean(errors.recall_at)}
          helperText={error('recall_at')}
          fullWidth={false}
          testId="contact-recall_at"
        />
      )}
      {select(
        'status',
        t('client:contact.status'),
        CLIENT_STATUSES.map((v) => ({ value: v, label: statusLabel(v) })),
        true,
      )}
      <TextField
        size="small"
        id="contact-comment"
        label={t('client:contact.comment')}
        value={form.comment}
        onChange={set('comment')}
        error={Boolean(errors.comment)}
        helperText={error('comment')}
        multiline
        minRows={1}
        sx={{ gridColumn: { sm: '1 / -1' } }}
      />
      <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
        <Button type="submit" variant="contained" disabled={add.isPending} data-testid="save-contact">
          {t('client:contact.add')}
        </Button>
      </Box>
    </Box>
  );
}

/** Marks an open recall done, for a recall that was settled without a logged call. */
function CloseRecallButton({ entryId }: { entryId: number }) {
  const { t } = useTranslation(['common', 'client']);
  const close = useCloseRecall();
  return (
    <Button
      size="small"
      disabled={close.isPending}
      onClick={() =>
        close.mutate(entryId, {
          onSuccess: () => snackbar.show(t('client:contact.recallClosed'), 'success'),
          onError: (err) => snackbar.show(errorMessage(err, t)),
        })
      }
      data-testid="close-recall"
    >
      {t('client:contact.closeRecall')}
    </Button>
  );
}

/** The comment of an entry, changed in place (a call's notes are often completed afterwards). */
function ContactComment({ entryId, comment, canManage }: { entryId: number; comment: string; canManage: boolean }) {
  const { t } = useTranslation(['common', 'client']);
  const edit = useEditContactComment();
  const [draft, setDraft] = useState<string | null>(null);
  if (draft === null) {
    return (
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
        {comment && (
          <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', flex: 1 }} data-testid="contact-comment-text">
            {comment}
          </Typography>
        )}
        {canManage && (
          <Button size="small" onClick={() => setDraft(comment)} data-testid="contact-comment-edit">
            {t(comment ? 'client:contact.editComment' : 'client:contact.addComment')}
          </Button>
        )}
      </Box>
    );
  }
  const save = () =>
    edit.mutate(
      { entryId, comment: draft },
      {
        onSuccess: () => {
          setDraft(null);
          snackbar.show(t('client:contact.commentSaved'), 'success');
        },
        onError: (err) => snackbar.show(errorMessage(err, t)),
      },
    );
  return (
    <Box sx={{ display: 'grid', gap: 1 }}>
      <TextField
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        multiline
        minRows={2}
        size="small"
        label={t('client:contact.comment')}
        slotProps={{ htmlInput: { maxLength: 2000, 'data-testid': 'contact-comment-input' } }}
        autoFocus
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        <Button size="small" onClick={() => setDraft(null)} disabled={edit.isPending}>
          {t('common.cancel')}
        </Button>
        <Button size="small" variant="contained" onClick={save} disabled={edit.isPending} data-testid="contact-comment-save">
          {t('common.save')}
        </Button>
      </Box>
    </Box>
  );
}

/** The profile tab's histories: contacts (newest first) with the form to add one, then the status changes. */
export function ContactHistoryPanel({ record, canManage }: { record: ClientRecordDto; canManage: boolean }) {
  const { t } = useTranslation(['client']);
  const statusLabel = useStatusLabel();
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid="contact-history">
      <Typography variant="h6" component="h2">
        {t('client:contact.title')}
      </Typography>
      {canManage && <AddContact clientId={record.id} />}
      {record.contact_history.length === 0 ? (
        <Typography color="text.secondary">{t('client:contact.empty')}</Typography>
      ) : (
        <List disablePadding data-testid="contact-list">
          {record.contact_history.map((c) => (
            <ListItem
              key={c.id}
              divider
              disableGutters
              data-testid="contact-entry"
              data-type={c.type}
              sx={{ display: 'grid', gap: 0.5, alignItems: 'start' }}
            >
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Chip size="small" variant="outlined" label={t(`client:contactTypes.${c.type}`)} />
                <Typography variant="body2">{formatDateTime(c.created_at)}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {person(c.agent)}
                </Typography>
                {c.status && (
                  <Box component="span" sx={{ display: 'inline-flex', gap: 0.5, alignItems: 'center' }}>
                    <Typography variant="body2" color="text.secondary" component="span">
                      {t('client:contact.endedWith')}
                    </Typography>
                    <StatusChip status={c.status} />
                  </Box>
                )}
                {c.recall_at && (
                  <Typography variant="body2" data-testid="contact-recall">
                    {t('client:contact.recallOn', { when: formatDateTime(c.recall_at) })}
                    {c.recall_done ? ` (${t('client:contact.recallDone')})` : ''}
                  </Typography>
                )}
                {canManage && c.type === 'recall' && !c.recall_done && <CloseRecallButton entryId={c.id} />}
              </Box>
              <ContactComment entryId={c.id} comment={c.comment} canManage={canManage} />
            </ListItem>
          ))}
        </List>
      )}
      <Divider />
      <Typography variant="h6" component="h2">
        {t('client:statusHistory.title')}
      </Typography>
      {record.status_history.length === 0 ? (
        <Typography color="text.secondary">{t('client:statusHistory.empty')}</Typography>
      ) : (
        <List disablePadding data-testid="status-history">
          {record.status_history.map((s) => (
            <ListItem key={s.id} divider disableGutters data-testid="status-entry" data-status={s.status}>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                <Typography variant="body2">
                  {s.previous_status ? statusLabel(s.previous_status) : t('client:statusHistory.none')} → {statusLabel(s.status)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {t('client:statusHistory.by', { who: person(s.changed_by), when: formatDateTime(s.created_at) })}
                </Typography>
              </Box>
            </ListItem>
          ))}
        </List>
      )}
    </Paper>
  );
}
