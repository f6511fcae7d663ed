import CameraAlt from '@mui/icons-material/CameraAlt';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import PictureAsPdf from '@mui/icons-material/PictureAsPdf';
import { Alert, Box, Button, IconButton, LinearProgress, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { uploadContract } from './api.ts';
import { Question, TOUCH } from './inputs.tsx';
import { useFieldError, type StepProps } from './step-props.ts';

/** At most this many files per presentation (the draft schema's limit). */
const MAX_DOCUMENTS = 20;

interface Pending {
  name: string;
  share: number;
}

const sizeOf = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * '17': the signed contract, photographed with the tablet's camera (or a PDF). Each file is uploaded
 * at once, so a reload keeps it: the draft holds the ids the server gave.
 */
export function UploadContractStep({ draft, dispatch, errors }: StepProps) {
  const { t } = useTranslation(['perform']);
  const { t: tc } = useTranslation();
  const fieldError = useFieldError(errors);
  const [pending, setPending] = useState<Pending | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const room = MAX_DOCUMENTS - draft.documents.length;

  const upload = async (files: File[]) => {
    setFailure(null);
    for (const file of files.slice(0, room)) {
      setPending({ name: file.name, share: 0 });
      try {
        const stored = await uploadContract(file, (share) => setPending({ name: file.name, share }));
        dispatch({ type: 'addDocument', file: stored });
      } catch (err) {
        setFailure(`${file.name}: ${errorMessage(err, tc)}`);
        break;
      }
    }
    setPending(null);
  };

  return (
    <Question title={t('perform:q.upload_contract')} hint={t('perform:hint.upload_contract')}>
      <Box>
        <Button
          variant="contained"
          size="large"
          component="label"
          startIcon={<CameraAlt />}
          disabled={pending !== null || room <= 0}
          sx={{ minHeight: 56, px: 3 }}
        >
          {t('perform:upload.take')}
          <input
            hidden
            type="file"
            accept="image/*,application/pdf"
            capture="environment"
            multiple
            data-testid="contract-input"
            onChange={(e) => {
              const files = [...(e.target.files ?? [])];
              // The same photo may be chosen again after it was removed.
              e.target.value = '';
              if (files.length > 0) {
                void upload(files);
              }
            }}
          />
        </Button>
      </Box>
      {pending && (
        <Box data-testid="contract-uploading">
          <Typography variant="body2">{t('perform:upload.uploading', { name: pending.name })}</Typography>
          <LinearProgress variant="determinate" value={Math.round(pending.share * 100)} />
        </Box>
      )}
      {failure && (
        <Alert severity="error" data-testid="contract-upload-error">
          {failure}
        </Alert>
      )}
      {fieldError('user_documents') && <Alert severity="error">{fieldError('user_documents')}</Alert>}
      {draft.documents.length === 0 ? (
        <Typography color="text.secondary">{t('perform:upload.none')}</Typography>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }} data-testid="contract-files">
          {draft.documents.map((f) => (
            <Paper key={f.id} variant="outlined" sx={{ p: 1, display: 'flex', alignItems: 'center', gap: 1.5 }} data-testid="contract-file">
              {f.content_type.startsWith('image/') ? (
                <Box
                  component="img"
                  src={f.url}
                  alt={f.name}
                  sx={{ width: 72, height: 72, objectFit: 'cover', borderRadius: 1, bgcolor: 'grey.100' }}
                />
              ) : (
                <Box sx={{ width: 72, height: 72, display: 'grid', placeItems: 'center', bgcolor: 'grey.100', borderRadius: 1 }}>
                  <PictureAsPdf color="error" fontSize="large" />
                </Box>
              )}
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Typography noWrap title={f.name}>
                  {f.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {sizeOf(f.size)}
                </Typography>
              </Box>
              <IconButton
                aria-label={t('perform:upload.remove', { name: f.name })}
                onClick={() => dispatch({ type: 'removeDocument', id: f.id })}
                sx={{ width: TOUCH, height: TOUCH }}
              >
                <DeleteOutlined />
              </IconButton>
            </Paper>
          ))}
        </Box>
      )}
    </Question>
  );
}
