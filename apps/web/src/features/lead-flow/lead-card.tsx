import Phone from '@mui/icons-material/Phone';
import { Alert, Box, Button, CircularProgress, Divider, Paper, Stack, Typography } from '@mui/material';
import { formatDateTime, type ClientRecordDto, type ContactHistoryDto } from '@bo/domain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { StatusChip, useStatusLabel } from '../clients/client-bits.tsx';
import { useInitiateCall } from '../clients/api.ts';

/** How many of the latest contacts step 1 shows. */
const LAST_CONTACTS = 5;

export function fullName(record: Pick<ClientRecordDto, 'name' | 'surname'>): string {
  return `${record.name} ${record.surname}`.trim() || '–';
}

function placeOf(record: ClientRecordDto): string {
  return [record.address, [record.zipcode, record.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' }, gap: { xs: 0, sm: 1 }, py: 0.5 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Box sx={{ typography: 'body2', minWidth: 0, overflowWrap: 'anywhere' }}>{children}</Box>
    </Box>
  );
}

/** Starts a call through the telephony adapter and says what happened, where the agent looks. */
function CallButton({ clientId }: { clientId: number }) {
  const { t } = useTranslation(['leadflow']);
  const { t: tc } = useTranslation();
  const call = useInitiateCall();
  return (
    <Box>
      <Button
        variant="contained"
        startIcon={call.isPending ? <CircularProgress size={16} color="inherit" /> : <Phone />}
        disabled={call.isPending}
        onClick={() => call.mutate(clientId)}
        data-testid="lead-flow-call"
      >
        {t('leadflow:lead.call')}
      </Button>
      {call.isError && (
        <Alert severity="warning" sx={{ mt: 1 }} data-testid="lead-flow-call-error">
          {errorMessage(call.error, tc)}
        </Alert>
      )}
      {call.isSuccess && (
        <Alert severity="success" sx={{ mt: 1 }} data-testid="lead-flow-call-started">
          {t('leadflow:lead.callStarted', { number: call.data.data.number })}
        </Alert>
      )}
    </Box>
  );
}

/** Step 1 "Lead": who to call and what happened before. */
export function LeadCard({ record, canCall }: { record: ClientRecordDto; canCall: boolean }) {
  const { t } = useTranslation(['leadflow']);
  const phones = [record.mobile_phone, record.phone].filter((p): p is string => Boolean(p));
  const contacts = [...record.contact_history].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, LAST_CONTACTS);
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      <Section title={t('leadflow:lead.title')} testId="lead-flow-lead">
        <Field label={t('leadflow:lead.name')}>
          <Box component="span" sx={{ fontWeight: 600 }} data-testid="lead-flow-name">
            {fullName(record)}
          </Box>
          {record.company ? ` · ${record.company}` : ''}
        </Field>
        <Field label={t('leadflow:lead.phones')}>
          {phones.length > 0 ? (
            <Stack spacing={0.25}>
              {phones.map((p) => (
                <a key={p} href={`tel:${p.replace(/[^\d+]/g, '')}`}>
                  {p}
                </a>
              ))}
            </Stack>
          ) : (
            t('leadflow:lead.noPhone')
          )}
        </Field>
        <Field label={t('leadflow:lead.email')}>{record.email ?? '–'}</Field>
        <Field label={t('leadflow:lead.address')}>{placeOf(record) || '–'}</Field>
        <Field label={t('leadflow:lead.status')}>
          <StatusChip status={record.status} />
        </Field>
        {record.next_recall_at && <Field label={t('leadflow:lead.nextRecall')}>{formatDateTime(record.next_recall_at)}</Field>}
        {canCall && phones.length > 0 && (
          <Box sx={{ mt: 1.5 }}>
            <CallButton clientId={record.id} />
          </Box>
        )}
      </Section>
      <Stack spacing={2}>
        <Section title={t('leadflow:lead.notes')}>
          {record.user_info.length === 0 ? (
            <Typography variant="body2" color="text.secondary">
              {t('leadflow:lead.noNotes')}
            </Typography>
          ) : (
            <Stack divider={<Divider flexItem />} spacing={1}>
              {record.user_info.map((note) => (
                <Box key={note.id}>
                  <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
                    {note.text}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {[formatDateTime(note.created_at), note.author && fullName(note.author)].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
              ))}
            </Stack>
          )}
        </Section>
        <Section title={t('leadflow:lead.lastContacts')} testId="lead-flow-contacts">
          <ContactList contacts={contacts} />
        </Section>
      </Stack>
    </Box>
  );
}

export function ContactList({ contacts }: { contacts: readonly ContactHistoryDto[] }) {
  const { t } = useTranslation(['leadflow']);
  if (contacts.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('leadflow:lead.noContacts')}
      </Typography>
    );
  }
  return (
    <Stack divider={<Divider flexItem />} spacing={1}>
      {contacts.map((c) => (
        <Box key={c.id} data-testid="lead-flow-contact" data-type={c.type}>
          <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="body2" sx={{ fontWeight: 500 }}>
              {t(`leadflow:contactTypes.${c.type}`)}
            </Typography>
            {c.status && <StatusChip status={c.status} />}
            <Typography variant="caption" color="text.secondary">
              {[formatDateTime(c.created_at), c.agent && fullName(c.agent)].filter(Boolean).join(' · ')}
            </Typography>
          </Box>
          {c.recall_at && (
            <Typography variant="caption" sx={{ display: 'block' }}>
              {t('leadflow:lead.recallAt', { at: formatDateTime(c.recall_at) })}
            </Typography>
          )}
          {c.comment && (
            <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap' }}>
              {c.comment}
            </Typography>
          )}
        </Box>
      ))}
    </Stack>
  );
}

/** The partner's view: how far the lead they brought has come, and since when. */
export function PartnerLeadCard({ record }: { record: ClientRecordDto }) {
  const { t } = useTranslation(['leadflow']);
  const label = useStatusLabel();
  const history = [...record.status_history].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2, alignItems: 'start' }}>
      <Section title={t('leadflow:lead.title')} testId="lead-flow-lead">
        <Field label={t('leadflow:lead.name')}>
          <Box component="span" sx={{ fontWeight: 600 }} data-testid="lead-flow-name">
            {fullName(record)}
          </Box>
        </Field>
        <Field label={t('leadflow:lead.address')}>{[record.zipcode, record.city].filter(Boolean).join(' ') || '–'}</Field>
        <Field label={t('leadflow:lead.status')}>
          <StatusChip status={record.status} />
        </Field>
        <Field label={t('leadflow:partner.since')}>{formatDateTime(history[0]?.created_at ?? record.created_at)}</Field>
      </Section>
      <Section title={t('leadflow:partner.history')}>
        {history.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            {t('leadflow:partner.noHistory')}
          </Typography>
        ) : (
          <Stack divider={<Divider flexItem />} spacing={1}>
            {history.map((h) => (
              <Box key={h.id} sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
                <Typography variant="body2">{label(h.status)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatDateTime(h.created_at)}
                </Typography>
              </Box>
            ))}
          </Stack>
        )}
      </Section>
    </Box>
  );
}
