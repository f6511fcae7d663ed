import CloudUploadOutlined from '@mui/icons-material/CloudUploadOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import { Box, Button, FormHelperText, LinearProgress, Paper, Typography } from '@mui/material';
import { formatFileSize, UPLOAD_RULES, type FileDto } from '@bo/domain';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { uploadWithProgress, type MediaKind } from './api.ts';

/** The picture or the video as it will be shown: an image, or a player that streams with ranges. */
export function MediaPreview({ kind, file }: { kind: MediaKind; file: FileDto }) {
  const { t } = useTranslation(['products']);
  return kind === 'image' ? (
    <Box
      component="img"
      src={file.url}
      alt={file.name}
      data-testid="product-image"
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: 320,
        aspectRatio: '1',
        objectFit: 'contain',
        borderRadius: 1,
        bgcolor: 'action.hover',
      }}
    />
  ) : (
    <Box
      component="video"
      src={file.url}
      controls
      preload="metadata"
      aria-label={t('products:media.video')}
      data-testid="product-video"
      sx={{ display: 'block', width: '100%', maxWidth: 480, borderRadius: 1, bgcolor: 'common.black' }}
    />
  );
}

/**
 * Uploads a product's image or video with a progress bar, then hands the stored file to the form.
 * Refusals (wrong type, too large) show under the field, not in the snackbar.
 */
export function MediaField({
  kind,
  file,
  onChange,
  onBusy,
  error,
}: {
  kind: MediaKind;
  file: FileDto | null;
  onChange: (file: FileDto | null) => void;
  onBusy: (busy: boolean) => void;
  /** A validation key from the form (the server refused the file id). */
  error?: string;
}) {
  const { t } = useTranslation(['products', 'common']);
  const inputId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  const rule = UPLOAD_RULES[kind];

  useEffect(() => () => abort.current?.abort(), []);

  const start = (chosen: File) => {
    setProblem(null);
    if (chosen.size > rule.maxBytes) {
      setProblem(t('products:media.tooLarge', { max: formatFileSize(rule.maxBytes) }));
      return;
    }
    const controller = new AbortController();
    abort.current = controller;
    setProgress(0);
    onBusy(true);
    uploadWithProgress(kind, chosen, setProgress, controller.signal)
      .then((stored) => onChange(stored))
      .catch((err: unknown) => {
        if (!(err instanceof DOMException && err.name === 'AbortError')) {
          setProblem(errorMessage(err, t));
        }
      })
      .finally(() => {
        abort.current = null;
        setProgress(null);
        onBusy(false);
      });
  };

  const label = kind === 'image' ? t('products:media.image') : t('products:media.video');
  const shownError = problem ?? (error ? t(`common:validation.${error}`) : null);
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5, alignContent: 'start' }} data-testid={`media-${kind}`}>
      <Typography variant="subtitle2" component="h3">
        {label}
      </Typography>
      {file ? (
        <>
          <MediaPreview kind={kind} file={file} />
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {file.name} · {formatFileSize(file.size)}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {kind === 'image' ? t('products:media.noImage') : t('products:media.noVideo')}
        </Typography>
      )}
      {progress !== null && (
        <Box role="status" aria-live="polite">
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={label} />
          <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', mt: 0.5 }}>
            <Typography variant="body2" color="text.secondary">
              {t('products:media.uploading', { percent: Math.round(progress * 100) })}
            </Typography>
            <Button size="small" onClick={() => abort.current?.abort()}>
              {t('products:cancel')}
            </Button>
          </Box>
        </Box>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={rule.types.join(',')}
          hidden
          data-testid={`upload-${kind}`}
          onChange={(e) => {
            const chosen = e.target.files?.[0];
            e.target.value = '';
            if (chosen) {
              start(chosen);
            }
          }}
        />
        <Button
          variant="outlined"
          size="small"
          startIcon={<CloudUploadOutlined />}
          disabled={progress !== null}
          onClick={() => input.current?.click()}
        >
          {file ? t('products:media.replace') : kind === 'image' ? t('products:media.chooseImage') : t('products:media.chooseVideo')}
        </Button>
        {file && (
          <Button size="small" color="inherit" startIcon={<DeleteOutlined />} disabled={progress !== null} onClick={() => onChange(null)}>
            {t('products:media.remove')}
          </Button>
        )}
      </Box>
      <FormHelperText error={Boolean(shownError)} sx={{ m: 0 }}>
        {shownError ?? (kind === 'image' ? t('products:media.imageHelp') : t('products:media.videoHelp'))}
      </FormHelperText>
    </Paper>
  );
}
