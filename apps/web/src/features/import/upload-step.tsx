import { Alert, Box, Button, Paper, Tab, Tabs, Typography } from '@mui/material';
import { UPLOAD_TYPES, type ImportBatchDto, type UploadType } from '@bo/domain';
import type { TFunction } from 'i18next';
import { useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';

import { snackbar } from '../../app/snackbar.tsx';
import { uploadImportFiles, useImportRows, useUploadFromGdrive } from './api.ts';
import type { FlowAction, ImportFlow } from './flow.ts';
import { DriveFolderField, DropZone, LocationPicker } from './upload-parts.tsx';
import { failureText } from './failure.ts';

export const FILE_ACCEPT = '.csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const SCAN_ACCEPT = '.pdf,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,image/png,image/jpeg,image/tiff';

const FIRST_PAGE = { offset: 0, limit: 1, sort: null, filters: {} };

/** How many rows of the type wait for review from earlier uploads, with the way to them. */
export function WaitingRows({ flow, dispatch }: { flow: ImportFlow; dispatch: Dispatch<FlowAction> }) {
  const { t } = useTranslation('import');
  const waiting = useImportRows({ importType: flow.importType, review: 'all', duplication: 'all' }, FIRST_PAGE);
  const count = waiting.data?.total ?? 0;
  if (count === 0) {
    return null;
  }
  return (
    <Alert
      severity="info"
      sx={{ mb: 2 }}
      action={
        <Button color="inherit" size="small" onClick={() => dispatch({ type: 'step', step: 3 })} data-testid="import-to-review">
          {t('import:upload.toReview')}
        </Button>
      }
    >
      {t('import:upload.waiting', { count })}
    </Alert>
  );
}

/** Says what was read from the uploaded files (spec 8: the parse success message). */
export function announceParsed(batches: readonly ImportBatchDto[], t: TFunction<readonly ['import', 'common']>) {
  const rows = batches.reduce((sum, b) => sum + b.row_count, 0);
  snackbar.show(t('import:messages.parsed', { count: batches.length, rows }), 'success');
}

/** Step 2 for lead files: the lead location, then local files or a Drive folder. */
export function UploadStep({ flow, dispatch }: { flow: ImportFlow; dispatch: Dispatch<FlowAction> }) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const [source, setSource] = useState<UploadType>('local');
  const [progress, setProgress] = useState<number | null>(null);
  const drive = useUploadFromGdrive();

  const failed = (err: unknown) => snackbar.show(failureText(err, t, tc));
  const done = (batches: ImportBatchDto[]) => {
    announceParsed(batches, t);
    dispatch({ type: 'uploaded', batches });
  };

  const send = (files: File[]) => {
    setProgress(0);
    uploadImportFiles(flow.importType, files, flow.locationId, setProgress)
      .then(done, failed)
      .finally(() => setProgress(null));
  };

  return (
    <Paper sx={{ p: 2 }}>
      <WaitingRows flow={flow} dispatch={dispatch} />
      <Typography variant="h6" component="h2" gutterBottom>
        {t('import:upload.title', { type: t(`import:types.${flow.importType}`) })}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mb: 2 }}>
        <LocationPicker value={flow.locationId} onChange={(locationId) => dispatch({ type: 'location', locationId })} />
      </Box>
      <Tabs value={source} onChange={(_e, v: UploadType) => setSource(v)} aria-label={t('import:upload.source')} sx={{ mb: 2 }}>
        {UPLOAD_TYPES.map((u) => (
          <Tab key={u} value={u} label={t(`import:uploadTypes.${u}`)} data-testid={`import-source-${u}`} />
        ))}
      </Tabs>
      {source === 'local' ? (
        <DropZone accept={FILE_ACCEPT} hint={t('import:upload.fileHint')} progress={progress} disabled={progress !== null} onFiles={send} />
      ) : (
        <DriveFolderField
          pending={drive.isPending}
          button={t('import:upload.fromFolder')}
          onSubmit={(folder) =>
            drive.mutate({ importType: flow.importType, folder, location_id: flow.locationId }, { onSuccess: done, onError: failed })
          }
        />
      )}
    </Paper>
  );
}
