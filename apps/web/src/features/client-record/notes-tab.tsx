import { Box, Button, IconButton, List, ListItem, Paper, TextField, Tooltip, Typography } from '@mui/material';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import { formatDateTime, type ClientRecordDto, type UserInfoDto } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { ConfirmDialog } from '../../ui/confirm-dialog.tsx';
import { useNoteActions } from './api.ts';

const author = (n: UserInfoDto) => (n.author ? `${n.author.name} ${n.author.surname}`.trim() : '–');

/** A note's text: required; the server's field error (or the form's) shows under the field. */
function NoteEditor({
  initial,
  label,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  testId,
}: {
  initial: string;
  label: string;
  submitLabel: string;
  pending: boolean;
  onSubmit: (text: string, fail: (key: string) => void) => void;
  onCancel?: () => void;
  testId: string;
}) {
  const { t } = useTranslation(['common', 'client']);
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | undefined>();
  return (
    <Box
      component="form"
      noValidate
      data-testid={testId}
      onSubmit={(e) => {
        e.preventDefault();
        if (!text.trim()) {
          setError('field_is_required');
          return;
        }
        onSubmit(text.trim(), setError);
      }}
      sx={{ display: 'grid', gap: 1 }}
    >
      <TextField
        label={label}
        value={text}
        multiline
        minRows={2}
        onChange={(e) => {
          setText(e.target.value);
          setError(undefined);
        }}
        error={Boolean(error)}
        helperText={error ? t(`validation.${error}`) : undefined}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-text` } }}
      />
      <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button onClick={onCancel} disabled={pending}>
            {t('client:cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" disabled={pending} data-testid={`${testId}-save`}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}

/** The comments tab: notes on the client, newest first; add, edit, delete (after asking). */
export function NotesTab({ record, canManage }: { record: ClientRecordDto; canManage: boolean }) {
  const { t } = useTranslation(['common', 'client']);
  const { add, change, remove } = useNoteActions(record.id);
  const [editing, setEditing] = useState<number | null>(null);
  const [deleting, setDeleting] = useState<UserInfoDto | null>(null);
  const [formKey, setFormKey] = useState(0);
  const failed = (fail: (key: string) => void) => (err: unknown) => {
    const key = fieldErrors(err).text;
    if (key) {
      fail(key);
    } else {
      snackbar.show(errorMessage(err, t));
    }
  };
  return (
    <Paper sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid="notes-tab">
      {canManage && (
        <NoteEditor
          key={formKey}
          initial=""
          label={t('client:notes.new')}
          submitLabel={t('client:notes.add')}
          pending={add.isPending}
          testId="note-new"
          onSubmit={(text, fail) =>
            add.mutate(text, {
              onSuccess: () => {
                snackbar.show(t('client:notes.added'), 'success');
                setFormKey((k) => k + 1);
              },
              onError: failed(fail),
            })
          }
        />
      )}
      {record.user_info.length === 0 ? (
        <Typography color="text.secondary">{t(canManage ? 'client:notes.emptyManage' : 'client:notes.empty')}</Typography>
      ) : (
        <List disablePadding data-testid="notes-list">
          {record.user_info.map((note) => (
            <ListItem key={note.id} divider disableGutters data-testid="note" sx={{ display: 'block' }}>
              {editing === note.id ? (
                <NoteEditor
                  initial={note.text}
                  label={t('client:notes.edit')}
                  submitLabel={t('common.save')}
                  pending={change.isPending}
                  testId="note-edit"
                  onCancel={() => setEditing(null)}
                  onSubmit={(text, fail) =>
                    change.mutate(
                      { noteId: note.id, text },
                      {
                        onSuccess: () => {
                          snackbar.show(t('client:notes.updated'), 'success');
                          setEditing(null);
                        },
                        onError: failed(fail),
                      },
                    )
                  }
                />
              ) : (
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
                  <Box sx={{ flex: 1, minWidth: 0 }}>
                    <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="note-text">
                      {note.text}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {t('client:notes.by', { who: author(note), when: formatDateTime(note.created_at) })}
                    </Typography>
                  </Box>
                  {canManage && (
                    <>
                      <Tooltip title={t('client:notes.edit')}>
                        <IconButton aria-label={t('client:notes.edit')} onClick={() => setEditing(note.id)} data-testid="edit-note">
                          <EditOutlinedIcon />
                        </IconButton>
                      </Tooltip>
                      <Tooltip title={t('client:notes.delete')}>
                        <IconButton aria-label={t('client:notes.delete')} onClick={() => setDeleting(note)} data-testid="delete-note">
                          <DeleteOutlineIcon />
                        </IconButton>
                      </Tooltip>
                    </>
                  )}
                </Box>
              )}
            </ListItem>
          ))}
        </List>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t('client:notes.confirmTitle')}
        text={t('client:notes.confirmText', { text: deleting ? deleting.text.slice(0, 80) : '' })}
        confirm={t('client:notes.delete')}
        pending={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => {
          if (deleting) {
            remove.mutate(deleting.id, {
              onSuccess: () => {
                snackbar.show(t('client:notes.deleted'), 'success');
                setDeleting(null);
              },
              onError: (err) => snackbar.show(errorMessage(err, t)),
            });
          }
        }}
      />
    </Paper>
  );
}
