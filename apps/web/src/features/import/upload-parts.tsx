import CloudUpload from '@mui/icons-material/CloudUpload';
import { Autocomplete, Box, Button, LinearProgress, TextField, Typography } from '@mui/material';
import { DEBOUNCE_MS, isSpecialLocation } from '@bo/domain';
import { useEffect, useId, useRef, useState, type DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocationOptions } from './api.ts';

interface LocationOption {
  id: number;
  label: string;
}

/** The lead location the imported rows get (an event or a mall); optional. */
export function LocationPicker({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('import');
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<LocationOption | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setSearch(input.trim()), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [input]);
  const query = useLocationOptions(search);
  const options: LocationOption[] = (query.data?.data ?? []).map((l) => ({
    id: l.id,
    label: isSpecialLocation(l.id) ? l.display_name : `${l.code} – ${l.display_name}`,
  }));
  const current = chosen && chosen.id === value ? chosen : value === null ? null : (options.find((o) => o.id === value) ?? null);
  return (
    <Autocomplete
      options={options}
      value={current}
      onChange={(_e, option) => {
        setChosen(option);
        onChange(option?.id ?? null);
      }}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      filterOptions={(x) => x}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      loading={query.isFetching}
      loadingText={t('import:upload.locationsLoading')}
      noOptionsText={t('import:upload.noLocations')}
      sx={{ maxWidth: 420, flex: '1 1 280px' }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('import:upload.location')}
          helperText={t('import:upload.locationHint')}
          data-testid="import-location"
        />
      )}
    />
  );
}

/** Files by drag and drop or by the picker; the upload's progress below. */
export function DropZone({
  accept,
  hint,
  progress,
  disabled,
  onFiles,
}: {
  accept: string;
  hint: string;
  progress: number | null;
  disabled: boolean;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('import');
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);
  const hintId = useId();
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    if (!disabled && e.dataTransfer.files.length > 0) {
      onFiles([...e.dataTransfer.files]);
    }
  };
  return (
    <Box
      onDragOver={(e) => {
        e.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-testid="import-dropzone"
      sx={{
        border: 2,
        borderStyle: 'dashed',
        borderColor: over ? 'primary.main' : 'divider',
        bgcolor: over ? 'action.hover' : 'transparent',
        borderRadius: 2,
        p: 3,
        textAlign: 'center',
      }}
    >
      <CloudUpload color="action" sx={{ fontSize: 40 }} aria-hidden />
      <Typography sx={{ mb: 1 }}>{t('import:upload.drop')}</Typography>
      <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {hint}
      </Typography>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={disabled} aria-describedby={hintId}>
        {t('import:upload.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        multiple
        accept={accept}
        hidden
        aria-label={t('import:upload.choose')}
        data-testid="import-file-input"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          e.target.value = '';
          if (files.length > 0) {
            onFiles(files);
          }
        }}
      />
      {progress !== null && (
        <Box sx={{ mt: 2 }}>
          <LinearProgress variant="determinate" value={Math.round(progress * 100)} aria-label={t('import:upload.sending')} />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }} aria-live="polite">
            {t('import:upload.sendingPercent', { percent: Math.round(progress * 100) })}
          </Typography>
        </Box>
      )}
    </Box>
  );
}

/** A Drive folder by its id or its address. */
export function DriveFolderField({ pending, onSubmit, button }: { pending: boolean; onSubmit: (folder: string) => void; button: string }) {
  const { t } = useTranslation('import');
  const [folder, setFolder] = useState('');
  return (
    <Box
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        if (folder.trim()) {
          onSubmit(folder.trim());
        }
      }}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
    >
      <TextField
        label={t('import:upload.folder')}
        helperText={t('import:upload.folderHint')}
        value={folder}
        onChange={(e) => setFolder(e.target.value)}
        sx={{ flex: '1 1 320px' }}
        slotProps={{ htmlInput: { 'data-testid': 'import-folder', maxLength: 300 } }}
      />
      <Button type="submit" variant="outlined" disabled={pending || !folder.trim()} sx={{ mt: 1 }} data-testid="import-folder-submit">
        {button}
      </Button>
    </Box>
  );
}
