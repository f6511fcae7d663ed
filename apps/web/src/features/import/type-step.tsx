import { FormControl, FormControlLabel, FormLabel, Paper, Radio, RadioGroup, Typography } from '@mui/material';
import { IMPORT_TYPES, isOneOf } from '@bo/domain';
import type { Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowAction, ImportFlow } from './flow.ts';

/** Step 1: what is imported. Another type starts over (spec 8). */
export function TypeStep({ flow, dispatch }: { flow: ImportFlow; dispatch: Dispatch<FlowAction> }) {
  const { t } = useTranslation('import');
  return (
    <Paper sx={{ p: 2 }}>
      <FormControl>
        <FormLabel id="import-type-label">{t('import:type.label')}</FormLabel>
        <RadioGroup
          aria-labelledby="import-type-label"
          value={flow.importType}
          onChange={(e) => isOneOf(IMPORT_TYPES, e.target.value) && dispatch({ type: 'importType', importType: e.target.value })}
          data-testid="import-type"
        >
          {IMPORT_TYPES.map((type) => (
            <FormControlLabel
              key={type}
              value={type}
              control={<Radio slotProps={{ input: { 'aria-describedby': `import-type-${type}-hint` } }} />}
              sx={{ alignItems: 'flex-start', mt: 1 }}
              label={
                <span>
                  <Typography component="span" sx={{ fontWeight: 500, display: 'block' }}>
                    {t(`import:types.${type}`)}
                  </Typography>
                  <Typography component="span" id={`import-type-${type}-hint`} variant="body2" color="text.secondary">
                    {t(`import:typeHints.${type}`)}
                  </Typography>
                </span>
              }
              data-testid={`import-type-${type}`}
            />
          ))}
        </RadioGroup>
      </FormControl>
    </Paper>
  );
}
