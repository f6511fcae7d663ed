import Delete from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  IconButton,
  LinearProgress,
  MenuItem,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { IMPORT_FIELDS, isOneOf, type ImportBatchDto, type ImportField } from '@bo/domain';
import { useEffect, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useApplyMapping, useBatchProgress, useDiscardBatch } from './api.ts';
import { clashingColumns, isBusy, type FlowAction, type ImportFlow } from './flow.ts';
import { failureText } from './failure.ts';

const SAMPLES_SHOWN = 3;

/** The stage of a batch and its percent, as a labelled progress bar that screen readers announce. */
export function BatchProgress({ batch }: { batch: ImportBatchDto }) {
  const { t } = useTranslation('import');
  const label = t(`import:stages.${batch.stage}`);
  return (
    <Box sx={{ mt: 1 }} data-testid="import-batch-progress" data-stage={batch.stage}>
      <Box sx={{ display: 'flex', justifyContent: 'space-between', mb: 0.5 }}>
        <Typography variant="body2" aria-live="polite">
          {label}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('import:percent', { percent: batch.progress })}
        </Typography>
      </Box>
      <LinearProgress
        variant={batch.stage === 'uploaded' ? 'indeterminate' : 'determinate'}
        value={batch.progress}
        aria-label={t('import:progressOf', { file: batch.file_name })}
      />
    </Box>
  );
}

function BatchMapping({
  batch,
  mapping,
  dispatch,
}: {
  batch: ImportBatchDto;
  mapping: Readonly<Record<string, ImportField>>;
  dispatch: Dispatch<FlowAction>;
}) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const discard = useDiscardBatch();
  const clashes = clashingColumns(mapping);
  const busy = isBusy(batch) && batch.stage !== 'uploaded';
  const headingId = `import-batch-${batch.id}`;
  return (
    <Paper sx={{ p: 2, mb: 2 }} component="section" aria-labelledby={headingId} data-testid="import-batch" data-batch-id={batch.id}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {batch.file_name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('import:mapping.rows', { count: batch.row_count })}
        </Typography>
        <Tooltip title={t('import:mapping.discard')}>
          <span>
            <IconButton
              aria-label={t('import:mapping.discardFile', { file: batch.file_name })}
              disabled={discard.isPending || busy}
              onClick={() =>
                discard.mutate(batch.id, {
                  onSuccess: () => dispatch({ type: 'discard', batchId: batch.id }),
                  onError: (err) => snackbar.show(errorMessage(err, tc)),
                })
              }
            >
              <Delete />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
      {batch.earlier_upload_at && (
        <Alert severity="warning" sx={{ my: 1 }}>
          {t('import:mapping.earlier', { date: new Date(batch.earlier_upload_at).toLocaleString() })}
        </Alert>
      )}
      {batch.mapping_remembered && (
        <Alert severity="info" sx={{ my: 1 }} data-testid="import-mapping-remembered">
          {t('import:mapping.remembered')}
        </Alert>
      )}
      {batch.stage === 'failed' && (
        <Alert severity="error" sx={{ my: 1 }}>
          {t('import:messages.failed', { error: batch.error ?? '' })}
        </Alert>
      )}
      {(isBusy(batch) || batch.stage === 'ready') && <BatchProgress batch={batch} />}
      {batch.headers.length > 0 && (
        <TableContainer sx={{ mt: 1 }}>
          <Table size="small" aria-label={t('import:mapping.tableLabel', { file: batch.file_name })}>
            <TableHead>
              <TableRow>
                <TableCell sx={{ fontWeight: 600, width: '25%' }}>{t('import:mapping.column')}</TableCell>
                <TableCell sx={{ fontWeight: 600 }}>{t('import:mapping.samples')}</TableCell>
                <TableCell sx={{ fontWeight: 600, width: 240 }}>{t('import:mapping.field')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {batch.headers.map((header, i) => {
                const column = String(i);
                const samples = batch.sample
                  .slice(0, SAMPLES_SHOWN)
                  .map((r) => r[i] ?? '')
                  .filter((v) => v !== '');
                const clash = clashes.has(column);
                return (
                  <TableRow key={column} data-testid="import-mapping-row" data-column={header}>
                    <TableCell sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                      {header || t('import:mapping.unnamed', { n: i + 1 })}
                    </TableCell>
                    <TableCell sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
                      {samples.length > 0 ? samples.join(' · ') : '—'}
                    </TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        fullWidth
                        disabled={busy}
                        value={mapping[column] ?? ''}
                        error={clash}
                        helperText={clash ? t('import:mapping.clash') : undefined}
                        onChange={(e) =>
                          dispatch({
                            type: 'map',
                            batchId: batch.id,
                            column,
                            field: isOneOf(IMPORT_FIELDS, e.target.value) ? e.target.value : null,
                          })
                        }
                        slotProps={{
                          select: {
                            displayEmpty: true,
                            SelectDisplayProps: {
                              'data-testid': `import-map-${i}`,
                              'aria-label': t('import:mapping.fieldFor', { column: header || i + 1 }),
                            } as object,
                          },
                        }}
                      >
                        <MenuItem value="">
                          <em>{t('import:mapping.skip')}</em>
                        </MenuItem>
                        {IMPORT_FIELDS.map((f) => (
                          <MenuItem key={f} value={f} data-value={f}>
                            {t(`import:fields.${f}`)}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Paper>
  );
}

/** Step 3: a row per column of each file, the field it goes to; then the server checks every row. */
export function MappingStep({ flow, dispatch }: { flow: ImportFlow; dispatch: Dispatch<FlowAction> }) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const apply = useApplyMapping();
  const results = useBatchProgress(flow.batches);
  const live = results.map((r, i) => r.data ?? flow.batches[i]!);

  // The polled state goes into the flow: once every file was checked, the review opens.
  const changed = live.filter(
    (b, i) => b !== flow.batches[i] && (b.stage !== flow.batches[i]?.stage || b.progress !== flow.batches[i]?.progress),
  );
  useEffect(() => {
    changed.forEach((batch) => {
      dispatch({ type: 'batch', batch });
      if (batch.stage === 'failed') {
        snackbar.show(t('import:messages.failed', { error: batch.error ?? '' }));
      }
    });
  });

  const problems = live.flatMap((b) => {
    const mapping = flow.mappings[b.id] ?? {};
    const fields = new Set(Object.values(mapping));
    const out: string[] = [];
    if (clashingColumns(mapping).size > 0) {
      out.push(t('import:mapping.problemClash', { file: b.file_name }));
    }
    if (!fields.has('name') && !fields.has('surname')) {
      out.push(t('import:mapping.problemName', { file: b.file_name }));
    }
    return out;
  });
  const busy = live.some((b) => isBusy(b)) || apply.isPending;

  const check = () => {
    for (const b of live.filter((x) => x.stage === 'parsed' || x.stage === 'ready' || x.stage === 'failed')) {
      apply.mutate(
        { id: b.id, mapping: { ...(flow.mappings[b.id] ?? {}) }, location_id: flow.locationId },
        {
          onSuccess: (batch) => dispatch({ type: 'batch', batch }),
          onError: (err) => snackbar.show(failureText(err, t, tc)),
        },
      );
    }
  };

  if (live.length === 0) {
    return <Alert severity="info">{t('import:mapping.none')}</Alert>;
  }
  return (
    <Box>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('import:mapping.intro')}
      </Typography>
      {live.map((b) => (
        <BatchMapping key={b.id} batch={b} mapping={flow.mappings[b.id] ?? {}} dispatch={dispatch} />
      ))}
      {problems.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }} role="status">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </Alert>
      )}
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button onClick={() => dispatch({ type: 'step', step: 1 })}>{t('import:back')}</Button>
        <Button variant="contained" onClick={check} disabled={busy || problems.length > 0} data-testid="import-check">
          {t('import:mapping.check')}
        </Button>
      </Box>
    </Box>
  );
}
