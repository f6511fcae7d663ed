import { Box, Button, Paper, Step, StepButton, Stepper, Typography } from '@mui/material';
import type { LaunchImportAnswer } from '@bo/domain';
import { useReducer, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { flowReducer, initialFlow, STEPS, type StepIndex } from './flow.ts';
import { LaunchDialog, LaunchResult } from './launch-dialog.tsx';
import { MappingStep } from './mapping-step.tsx';
import { OcrPanel } from './ocr-panel.tsx';
import { ReviewStep } from './review-step.tsx';
import { TypeStep } from './type-step.tsx';
import { UploadStep } from './upload-step.tsx';

/**
 * Spec 4 "Import": a stepped flow. Choose the type, upload files (or scans for OCR), map the file's
 * columns while the server checks the rows, review rows and duplicates page by page, and launch.
 */
export function ImportPage() {
  const { t } = useTranslation(['import', 'common']);
  const { t: tc } = useTranslation();
  const [flow, dispatch] = useReducer(flowReducer, undefined, () => initialFlow());
  const [result, setResult] = useState<LaunchImportAnswer | null>(null);
  const ocr = flow.importType === 'ocr';

  // A step is open to the user once the flow reached it; the review is always open (rows may wait from earlier).
  const reachable = (i: StepIndex) => i <= flow.step || i === 3 || (i === 2 && flow.batches.length > 0);
  const stepLabel = (name: (typeof STEPS)[number]) => t(`import:steps.${ocr && name === 'columns' ? 'ocr' : name}`);

  return (
    <Box>
      <Typography variant="h4" component="h1" gutterBottom>
        {tc('screens.import')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2, maxWidth: 900 }}>
        {t('import:intro')}
      </Typography>
      <Paper sx={{ p: { xs: 1.5, sm: 2 }, mb: 2 }}>
        <Stepper
          nonLinear
          activeStep={flow.step}
          alternativeLabel
          aria-label={t('import:stepsLabel')}
          data-testid="import-stepper"
          data-active={STEPS[flow.step]}
        >
          {STEPS.map((name, i) => (
            <Step key={name} completed={i < flow.step}>
              <StepButton
                disabled={!reachable(i as StepIndex) || i === 4}
                onClick={() => dispatch({ type: 'step', step: i as StepIndex })}
                aria-current={i === flow.step ? 'step' : undefined}
                data-testid={`import-step-${name}`}
              >
                {stepLabel(name)}
              </StepButton>
            </Step>
          ))}
        </Stepper>
      </Paper>
      {result && <LaunchResult result={result} onClose={() => setResult(null)} />}
      {flow.step === 0 && <TypeStep flow={flow} dispatch={dispatch} />}
      {flow.step === 1 && (ocr ? <OcrPanel flow={flow} dispatch={dispatch} /> : <UploadStep flow={flow} dispatch={dispatch} />)}
      {flow.step === 2 && (ocr ? <OcrPanel flow={flow} dispatch={dispatch} /> : <MappingStep flow={flow} dispatch={dispatch} />)}
      {flow.step >= 3 && <ReviewStep flow={flow} dispatch={dispatch} />}
      {flow.step >= 3 && <LaunchDialog flow={flow} dispatch={dispatch} onResult={setResult} />}
      {flow.step === 0 && (
        <Box sx={{ mt: 2 }}>
          <Button variant="contained" onClick={() => dispatch({ type: 'step', step: 1 })} data-testid="import-next">
            {t('import:next')}
          </Button>
        </Box>
      )}
    </Box>
  );
}
