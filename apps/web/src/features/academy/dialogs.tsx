import { zodResolver } from '@hookform/resolvers/zod';
import UploadFile from '@mui/icons-material/UploadFile';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormHelperText,
  LinearProgress,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import {
  ACADEMY_ACCEPT,
  ACADEMY_FILE_KIND,
  academyCategoryBody,
  academyItemBody,
  formatFileSize,
  UPLOAD_RULES,
  type AcademyCategoryBody,
  type AcademyGroupDto,
  type AcademyItemBody,
  type AcademyItemDto,
  type AcademyKind,
} from '@bo/domain';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { errorMessage, fieldErrors } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { applyServerErrors, FormText } from '../../ui/form.tsx';
import { UploadNetworkError, useSaveCategory, useUpdateItem, useUploadItem } from './api.ts';

/** Adds a category (`id` null) or renames one. */
export function CategoryDialog({
  kind,
  category,
  onClose,
}: {
  kind: AcademyKind;
  category: { id: number | null; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation(['academy', 'common']);
  const { t: tc } = useTranslation();
  const save = useSaveCategory(kind);
  const form = useForm<AcademyCategoryBody>({ resolver: zodResolver(academyCategoryBody), defaultValues: { name: category.name } });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: category.id, body },
      {
        onSuccess: () => {
          snackbar.show(t(category.id === null ? 'academy:category.created' : 'academy:category.renamed'), 'success');
          onClose();
        },
        onError: (err) => {
          if (!applyServerErrors(form, err)) {
            snackbar.show(errorMessage(err, tc));
          }
        },
      },
    ),
  );
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="academy-category-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="academy-category-form">
        <DialogTitle id="academy-category-title">
          {category.id === null ? t('academy:category.addTitle', { kind: t(`academy:kinds.${kind}`) }) : t('academy:category.renameTitle')}
        </DialogTitle>
        <DialogContent>
          <FormText form={form} name="name" label={t('academy:fields.categoryName')} autoFocus sx={{ mt: 1 }} />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('academy:actions.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="academy-category-save">
            {t('academy:actions.save')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

type ItemInput = z.input<typeof academyItemBody>;

/** What the browser says a file is, where that is a clear family (documents vary too much). */
const TYPE_PREFIX: Record<AcademyKind, string | undefined> = { slides: 'image/', videos: 'video/', audios: 'audio/', docs: undefined };

/**
 * Adds an item with its file (with the upload's progress, and a way to cancel it), or changes the
 * title, description and category of an existing one.
 */
export function ItemDialog({
  kind,
  groups,
  categoryId,
  item,
  onClose,
}: {
  kind: AcademyKind;
  groups: AcademyGroupDto[];
  categoryId: number;
  item: AcademyItemDto | null;
  onClose: () => void;
}) {
  const { t } = useTranslation(['academy', 'common']);
  const { t: tc } = useTranslation();
  const upload = useUploadItem(kind);
  const update = useUpdateItem(kind);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const abort = useRef<AbortController | null>(null);
  const picker = useRef<HTMLInputElement>(null);
  const form = useForm<ItemInput, unknown, AcademyItemBody>({
    resolver: zodResolver(academyItemBody),
    defaultValues: { title: item?.title ?? '', description: item?.description ?? '', category_id: item?.category.id ?? categoryId },
  });
  const rule = UPLOAD_RULES[ACADEMY_FILE_KIND[kind]];
  const title = form.watch('title');
  const busy = upload.isPending || update.isPending;

  // Leaving the dialog stops an upload that is still running.
  useEffect(() => () => abort.current?.abort(), []);

  const choose = (chosen: File | undefined) => {
    setFile(chosen ?? null);
    // The server decides by the bytes; this only spares a long upload that is bound to be refused.
    const prefix = TYPE_PREFIX[kind];
    const wrongType = Boolean(chosen?.type && prefix && !chosen.type.startsWith(prefix));
    setFileError(
      !chosen
        ? null
        : wrongType
          ? errorMessage(new HttpError(415, { error: 'UNSUPPORTED_FILE_TYPE' }), tc)
          : chosen.size > rule.maxBytes
            ? t('academy:upload.tooLarge', { max: formatFileSize(rule.maxBytes) })
            : null,
    );
    if (chosen && !form.getValues('title')) {
      // The file's name without its extension is a good first title.
      form.setValue('title', chosen.name.replace(/\.[^.]+$/, '').replace(/[_-]+/g, ' '), { shouldValidate: true });
    }
  };

  const failed = (err: unknown) => {
    if (err instanceof DOMException && err.name === 'AbortError') {
      snackbar.show(t('academy:upload.cancelled'), 'info');
      return;
    }
    if (err instanceof UploadNetworkError) {
      snackbar.show(t('academy:upload.networkError'));
      return;
    }
    const fields = fieldErrors(err);
    if (fields.file) {
      // The identifier says more than the key: "this type of file is not allowed here".
      setFileError(errorMessage(err, tc));
    }
    for (const [field, key] of Object.entries(fields)) {
      if (field === 'title' || field === 'description' || field === 'category_id') {
        form.setError(field, { type: 'server', message: key });
      }
    }
    if (Object.keys(fields).length === 0) {
      snackbar.show(errorMessage(err, tc));
    }
  };

  const submit = form.handleSubmit((body) => {
    if (item) {
      update.mutate(
        { id: item.id, body },
        {
          onSuccess: () => {
            snackbar.show(t('academy:item.saved'), 'success');
            onClose();
          },
          onError: failed,
        },
      );
      return;
    }
    if (!file) {
      setFileError(t('academy:upload.chooseFile'));
      return;
    }
    if (fileError) {
      return;
    }
    abort.current = new AbortController();
    setProgress(0);
    upload.mutate(
      { body, file, onProgress: setProgress, signal: abort.current.signal },
      {
        onSuccess: () => {
          snackbar.show(t('academy:item.added'), 'success');
          onClose();
        },
        onError: failed,
        onSettled: () => setProgress(null),
      },
    );
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="academy-item-title">
      <Box component="form" noValidate onSubmit={(e) => void submit(e)} data-testid="academy-item-form">
        <DialogTitle id="academy-item-title">{item ? t('academy:item.editTitle') : t(`academy:add.${kind}`)}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {!item && (
            <Box>
              <input
                ref={picker}
                type="file"
                hidden
                accept={ACADEMY_ACCEPT[kind]}
                data-testid="academy-file-input"
                onChange={(e) => choose(e.target.files?.[0])}
              />
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
                <Button variant="outlined" startIcon={<UploadFile />} onClick={() => picker.current?.click()} disabled={busy}>
                  {file ? t('academy:upload.otherFile') : t('academy:upload.chooseFile')}
                </Button>
                <Typography variant="body2" color={file ? 'text.primary' : 'text.secondary'} sx={{ wordBreak: 'break-all' }}>
                  {file
                    ? `${file.name} · ${formatFileSize(file.size)}`
                    : t(`academy:upload.hint.${kind}`, { max: formatFileSize(rule.maxBytes) })}
                </Typography>
              </Box>
              {fileError && (
                <FormHelperText error data-testid="academy-file-error">
                  {fileError}
                </FormHelperText>
              )}
            </Box>
          )}
          <FormText
            form={form}
            name="title"
            label={t('academy:fields.title')}
            required
            // A title filled in from the file's name must lift the label too.
            slotProps={{ inputLabel: { shrink: title ? true : undefined } }}
          />
          <FormText form={form} name="description" label={t('academy:fields.description')} multiline minRows={2} />
          <Controller
            control={form.control}
            name="category_id"
            render={({ field, fieldState }) => (
              <TextField
                select
                fullWidth
                id="category_id"
                label={t('academy:fields.category')}
                value={field.value ?? ''}
                onChange={(e) => field.onChange(Number(e.target.value))}
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message ? tc(`validation.${fieldState.error.message}`) : undefined}
              >
                {groups.map((g) => (
                  <MenuItem key={g.id} value={g.id}>
                    {g.name}
                  </MenuItem>
                ))}
              </TextField>
            )}
          />
          {progress !== null && (
            <Box data-testid="academy-upload-progress">
              <LinearProgress variant="determinate" value={Math.round(progress * 100)} />
              <Typography variant="caption" color="text.secondary">
                {progress < 1 ? t('academy:upload.progress', { percent: Math.round(progress * 100) }) : t('academy:upload.processing')}
              </Typography>
            </Box>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => (upload.isPending ? abort.current?.abort() : onClose())}>
            {upload.isPending ? t('academy:upload.cancel') : t('academy:actions.cancel')}
          </Button>
          <Button type="submit" variant="contained" disabled={busy} data-testid="academy-item-save">
            {item ? t('academy:actions.save') : t('academy:actions.upload')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
