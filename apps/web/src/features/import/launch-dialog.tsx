import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { IMPORT_DECISIONS, isOneOf, type ImportDecision, type LaunchImportAnswer } from '@bo/domain';
import type { TFunction } from 'i18next';
import { useId, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';

import { snackbar } from '../../app/snackbar.tsx';
import { useImportRows, useLaunchImport } from './api.ts';
import { selectedCount, type FlowAction, type ImportFlow } from './flow.ts';
import { failureText } from './failure.ts';

const ERRORS_SHOWN = 50;

/** A launch's errors, each with its row, file and field. */
export function LaunchErrors({ errors }: { errors: LaunchImportAnswer['errors'] }) {
  const { t } = useTranslation(['import', 'common']);
  if (errors.length === 0) {
    return null;
  }
  return (
    <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 240, overflow: 'auto' }} data-testid="import-launch-errors" tabIndex={0}>
      {errors.slice(0, ERRORS_SHOWN).map((e) => (
        <li key={`${e.row_id}-${e.field ?? ''}-${e.error}`} data-row-no={e.row_no}>
          <Typography variant="body2">
            {t('import:launch.errorLine', {
              row: e.row_no,
              file: e.file_name,
              field: e.field ? t([`import:fields.${e.field}`, e.field]) : t('import:launch.wholeRow'),
              error: launchErrorText(e.error, t),
            })}
          </Typography>
        </li>
      ))}
      {errors.length > ERRORS_SHOWN && (
        <li>
          <Typography variant="body2">{t('import:launch.moreErrors', { count: errors.length - ERRORS_SHOWN })}</Typography>
        </li>
      )}
    </Box>
  );
}

function launchErrorText(error: string, t: TFunction): string {
  return t([`import:rowErrors.${error}`, `common:validation.${error}`, `common:errors.${error.replace(/[^A-Za-z0-9]+/g, '_')}`], {
    defaultValue: error,
  });
}

/** What the last launch did: rows imported and the rows it could not import (spec 8). */
export function LaunchResult({ result, onClose }: { result: LaunchImportAnswer; onClose: () => void }) {
  const { t } = useTranslation('import');
  return (
    <Alert
      severity={result.updatedN === 0 ? 'error' : result.errors.length > 0 ? 'warning' : 'success'}
      onClose={onClose}
      sx={{ mb: 2 }}
      data-testid="import-launch-result"
      data-updated={result.updatedN}
    >
      <Typography sx={{ fontWeight: 500 }}>{t('import:launch.result', { count: result.updatedN })}</Typography>
      <Typography variant="body2">
        {t('import:launch.resultParts', { created: result.created, merged: result.merged, skipped: result.skipped })}
      </Typography>
      {result.errors.length > 0 && (
        <Typography variant="body2" sx={{ mt: 1 }}>
          {t('import:launch.notImported', { count: result.errors.length })}
        </Typography>
      )}
      <LaunchErrors errors={result.errors} />
    </Alert>
  );
}

/** Step 5: what is launched (the selection) and what happens to rows that match a client. */
export function LaunchDialog({
  flow,
  dispatch,
  onResult,
}: {
  flow: ImportFlow;
  dispatch: Dispatch<FlowAction>;
  onResult: (result: LaunchImportAnswer) => void;
}) {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const id = useId();
  const [duplicates, setDuplicates] = useState<ImportDecision>('skip');
  const [refused, setRefused] = useState<LaunchImportAnswer | null>(null);
  const launch = useLaunchImport();
  const waiting = useImportRows(
    { importType: flow.importType, review: 'all', duplication: 'all' },
    { offset: 0, limit: 1, sort: null, filters: {} },
    flow.launchOpen,
  );
  const counts = waiting.data?.counts;
  const pending = counts ? counts.reviewed + counts.not_reviewed : 0;
  const count = selectedCount(flow.selection, pending);

  const close = () => {
    setRefused(null);
    dispatch({ type: 'launchDialog', open: false });
  };

  const start = () => {
    const ids = flow.selection.all ? [] : [...flow.selection.ids];
    launch.mutate(
      { importType: flow.importType, ids, all: flow.selection.all, duplicates },
      {
        onSuccess: (answer) => {
          if (answer.updatedN === 0) {
            // Spec 8: a launch that imported nothing shows the returned errors.
            setRefused(answer);
            snackbar.show(t('import:messages.nothingImported'));
            return;
          }
          snackbar.show(t('import:messages.imported', { count: answer.updatedN }), 'success');
          setRefused(null);
          onResult(answer);
          dispatch({ type: 'launched' });
        },
        onError: (err) => snackbar.show(failureText(err, t, tc)),
      },
    );
  };

  return (
    <Dialog
      open={flow.launchOpen}
      onClose={launch.isPending ? undefined : close}
      aria-labelledby={`${id}-title`}
      maxWidth="sm"
      fullWidth
      data-testid="import-launch-dialog"
    >
      <DialogTitle id={`${id}-title`}>{t('import:launch.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }} data-testid="import-launch-count">
          {flow.selection.all ? t('import:launch.all', { count }) : t('import:launch.some', { count })}
        </DialogContentText>
        <FormControl>
          <FormLabel id={`${id}-dups`}>{t('import:launch.duplicates')}</FormLabel>
          <RadioGroup
            aria-labelledby={`${id}-dups`}
            value={duplicates}
            onChange={(e) => isOneOf(IMPORT_DECISIONS, e.target.value) && setDuplicates(e.target.value)}
          >
            {IMPORT_DECISIONS.map((d) => (
              <FormControlLabel
                key={d}
                value={d}
                control={<Radio />}
                label={t(`import:launch.forAll.${d}`)}
                data-testid={`import-dups-${d}`}
              />
            ))}
          </RadioGroup>
        </FormControl>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {t('import:launch.ownDecisions')}
        </Typography>
        {refused && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="import-launch-refused">
            <Typography sx={{ fontWeight: 500 }}>{t('import:launch.nothing')}</Typography>
            <Typography variant="body2">
              {t('import:launch.resultParts', { created: refused.created, merged: refused.merged, skipped: refused.skipped })}
            </Typography>
            {refused.errors.length > 0 && (
              <Typography variant="body2" sx={{ mt: 1 }}>
                {t('import:launch.notImported', { count: refused.errors.length })}
              </Typography>
            )}
            <LaunchErrors errors={refused.errors} />
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close} disabled={launch.isPending}>
          {tc('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={start}
          disabled={launch.isPending || count === 0}
          startIcon={launch.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          data-testid="import-launch-confirm"
        >
          {t('import:launch.start', { count })}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
