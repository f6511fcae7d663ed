import Download from '@mui/icons-material/Download';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Paper,
  Step,
  StepLabel,
  Stepper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import {
  OCR_POLL_INTERVAL_MS,
  OCR_POLL_MAX_TRIES,
  OCR_PROCESSING,
  UPLOAD_TYPES,
  type ImportBatchDto,
  type OcrOperationDto,
  type UploadType,
} from '@bo/domain';
import { useEffect, useRef, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { HttpError } from '../../app/http-error.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { OCR_FORM_URL, uploadImportFiles, useOcrImports, useOcrResult, useStartOcr, useTerminateOcr } from './api.ts';
import type { FlowAction, ImportFlow } from './flow.ts';
import { SCAN_ACCEPT, WaitingRows } from './upload-step.tsx';
import { DriveFolderField, DropZone, LocationPicker } from './upload-parts.tsx';
import { failureText } from './failure.ts';

const running = (op: OcrOperationDto | null | undefined): boolean => Boolean(op && !op.done);

function operationState(op: OcrOperationDto): 'terminated' | 'terminating' | 'failed' | 'done' | 'running' {
  if (op.termination_status === 'terminated') {
    return 'terminated';
  }
  if (op.termination_status === 'initiated') {
    return 'terminating';
  }
  if (op.error) {
    return 'failed';
  }
  return op.done ? 'done' : 'running';
}

const STATE_COLOUR = { terminated: 'default', terminating: 'warning', failed: 'error', done: 'success', running: 'info' } as const;

function StateChip({ op }: { op: OcrOperationDto }) {
  const { t } = useTranslation('import');
  const state = operationState(op);
  return <Chip size="small" color={STATE_COLOUR[state]} label={t(`import:ocr.states.${state}`)} data-state={state} />;
}

/** The last OCR operation: its stage, pages done of all, the rows it made, and the way to stop it. */
function LastOperation({ op, tries, onCheck }: { op: OcrOperationDto; tries: number; onCheck: () => void }) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const terminate = useTerminateOcr();
  const share = op.pages_total > 0 ? Math.round((op.pages_done / op.pages_total) * 100) : 0;
  const stage = OCR_PROCESSING.indexOf(op.processing);
  return (
    <Paper
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-labelledby="ocr-last-title"
      data-testid="ocr-last"
      data-done={op.done}
      data-processing={op.processing}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 1 }}>
        <Typography variant="h6" component="h2" id="ocr-last-title" sx={{ flexGrow: 1 }}>
          {t('import:ocr.last', { date: new Date(op.created_at).toLocaleString() })}
        </Typography>
        <StateChip op={op} />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1, overflowWrap: 'anywhere' }} data-testid="ocr-last-files">
        <SourceText op={op} />
      </Typography>
      <Stepper
        activeStep={op.done ? OCR_PROCESSING.length : stage}
        alternativeLabel
        aria-label={t('import:ocr.stagesLabel')}
        sx={{ mb: 2 }}
      >
        {OCR_PROCESSING.map((p) => (
          <Step key={p}>
            <StepLabel>{t(`import:ocr.processing.${p}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" aria-live="polite">
          {t('import:ocr.pages', { done: op.pages_done, total: op.pages_total })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('import:ocr.rows', { count: op.rows_created })}
        </Typography>
      </Box>
      <LinearProgress
        variant={op.pages_total > 0 || op.done ? 'determinate' : 'indeterminate'}
        value={op.done ? 100 : share}
        aria-label={t('import:ocr.progress')}
      />
      {op.error && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {t(`import:ocr.errors.${op.error}`, { defaultValue: op.error })}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, mt: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        {!op.done && op.termination_status === null && (
          <Button
            color="error"
            variant="outlined"
            disabled={terminate.isPending}
            onClick={() => terminate.mutate(undefined, { onError: (err) => snackbar.show(errorMessage(err, tc)) })}
            data-testid="ocr-terminate"
          >
            {t('import:ocr.terminate')}
          </Button>
        )}
        {!op.done && tries >= OCR_POLL_MAX_TRIES && (
          <>
            <Typography variant="body2" color="text.secondary">
              {t('import:ocr.pollStopped')}
            </Typography>
            <Button onClick={onCheck}>{t('import:ocr.checkNow')}</Button>
          </>
        )}
      </Box>
    </Paper>
  );
}

/** What a run reads: its uploaded files (one run over all of them), or the Drive folder. */
function SourceText({ op }: { op: OcrOperationDto }) {
  const { t } = useTranslation('import');
  return op.upload_type === 'gdrive'
    ? t('import:ocr.readsFolder', { folder: op.files.join(', ') })
    : t('import:ocr.readsFiles', { count: op.files.length, files: op.files.join(', ') });
}

function EarlierOperations({ operations }: { operations: readonly OcrOperationDto[] }) {
  const { t } = useTranslation('import');
  if (operations.length === 0) {
    return null;
  }
  return (
    <Paper sx={{ mb: 2 }}>
      <TableContainer>
        <Table size="small" aria-label={t('import:ocr.earlier')} data-testid="ocr-operations">
          <caption style={{ captionSide: 'top', textAlign: 'left', padding: '12px 16px', fontWeight: 500 }}>
            {t('import:ocr.earlier')}
          </caption>
          <TableHead>
            <TableRow>
              <TableCell>{t('import:ocr.columns.started')}</TableCell>
              <TableCell>{t('import:ocr.columns.source')}</TableCell>
              <TableCell>{t('import:ocr.columns.pages')}</TableCell>
              <TableCell>{t('import:ocr.columns.rows')}</TableCell>
              <TableCell>{t('import:ocr.columns.state')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {operations.map((op) => (
              <TableRow key={op.id}>
                <TableCell>{new Date(op.created_at).toLocaleString()}</TableCell>
                <TableCell sx={{ maxWidth: 360, overflowWrap: 'anywhere' }}>
                  {t(`import:uploadTypes.${op.upload_type}`)}
                  {op.files.length > 0 && (
                    <Typography variant="body2" color="text.secondary">
                      <SourceText op={op} />
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{t('import:ocr.pagesShort', { done: op.pages_done, total: op.pages_total })}</TableCell>
                <TableCell>{op.rows_created}</TableCell>
                <TableCell>
                  <StateChip op={op} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}

/**
 * OCR of scanned lead forms: upload scans (or name a Drive folder), start the OCR, follow the last
 * operation (asked for every 20 s, 100 times at most; spec 9), stop it, and see earlier ones.
 */
export function OcrPanel({ flow, dispatch }: { flow: ImportFlow; dispatch: Dispatch<FlowAction> }) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const [source, setSource] = useState<UploadType>('local');
  const [progress, setProgress] = useState<number | null>(null);
  const [tries, setTries] = useState(0);
  const start = useStartOcr();
  const list = useOcrImports(true);

  // Ticks of the polling: it stops after OCR_POLL_MAX_TRIES (spec 9), "check now" starts it again.
  const ticks = useRef(0);
  const result = useOcrResult(OCR_POLL_INTERVAL_MS, (o) => running(o) && ticks.current < OCR_POLL_MAX_TRIES);
  const op = result.data;
  const { dataUpdatedAt, error } = result;

  // Each tick counts; a poll error shows the error's JSON (spec 8).
  useEffect(() => {
    if (dataUpdatedAt > 0) {
      ticks.current += 1;
      setTries(ticks.current);
    }
  }, [dataUpdatedAt]);
  useEffect(() => {
    if (error) {
      snackbar.show(error instanceof HttpError ? JSON.stringify(error.body) : errorMessage(error, tc));
    }
  }, [error, tc]);

  // When the running operation finishes, its rows are reviewed.
  const wasRunning = useRef(false);
  const { refetch: refetchList } = list;
  useEffect(() => {
    if (running(op)) {
      wasRunning.current = true;
      return;
    }
    if (wasRunning.current && op) {
      wasRunning.current = false;
      void refetchList();
      if (op.done && op.termination_status === null && !op.error) {
        snackbar.show(t('import:messages.ocrDone', { count: op.rows_created }), 'success');
        dispatch({ type: 'ocrDone' });
      }
    }
  }, [op, dispatch, t, refetchList]);

  const failed = (err: unknown) => snackbar.show(failureText(err, t, tc));
  const started = () => {
    ticks.current = 0;
    setTries(0);
    dispatch({ type: 'ocrStarted' });
  };
  const uploaded = (batches: ImportBatchDto[]) => {
    snackbar.show(t('import:messages.scansUploaded', { count: batches.length }), 'success');
    dispatch({ type: 'uploaded', batches });
  };
  // One run over every uploaded scan file.
  const startLocal = () =>
    start.mutate({ batch_ids: flow.batches.map((b) => b.id), location_id: flow.locationId }, { onSuccess: started, onError: failed });

  return (
    <Box>
      <Paper sx={{ p: 2, mb: 2 }}>
        <WaitingRows flow={flow} dispatch={dispatch} />
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, flexWrap: 'wrap', mb: 2 }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('import:ocr.title')}
          </Typography>
          <Button component="a" href={OCR_FORM_URL} download startIcon={<Download />} data-testid="ocr-form">
            {t('import:ocr.form')}
          </Button>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('import:ocr.intro')}
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
          <>
            <DropZone
              accept={SCAN_ACCEPT}
              hint={t('import:ocr.scanHint')}
              progress={progress}
              disabled={progress !== null || running(op)}
              onFiles={(files) => {
                setProgress(0);
                uploadImportFiles('ocr', files, flow.locationId, setProgress)
                  .then(uploaded, failed)
                  .finally(() => setProgress(null));
              }}
            />
            {flow.batches.length > 0 && (
              <Box sx={{ mt: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
                  {t('import:ocr.scans', { count: flow.batches.length, files: flow.batches.map((b) => b.file_name).join(', ') })}
                </Typography>
                <Button variant="contained" disabled={start.isPending || running(op)} onClick={startLocal} data-testid="ocr-start">
                  {t('import:ocr.start')}
                </Button>
              </Box>
            )}
          </>
        ) : (
          <DriveFolderField
            pending={start.isPending || running(op)}
            button={t('import:ocr.start')}
            onSubmit={(folder) => start.mutate({ folder, location_id: flow.locationId }, { onSuccess: started, onError: failed })}
          />
        )}
      </Paper>
      {op && (
        <LastOperation
          op={op}
          tries={tries}
          onCheck={() => {
            ticks.current = 0;
            setTries(0);
            void result.refetch();
          }}
        />
      )}
      <EarlierOperations operations={(list.data ?? []).filter((o) => o.id !== op?.id)} />
    </Box>
  );
}
