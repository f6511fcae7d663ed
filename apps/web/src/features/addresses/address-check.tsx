import { Alert, Box, Button, Chip, CircularProgress, Paper, Typography } from '@mui/material';
import { addressCheckInput, can, type AddressValidationDto, type ClientRecordDto, type RoleCode } from '@bo/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorKey, errorMessage } from '../../app/error-message.ts';
import { snackbar } from '../../app/snackbar.tsx';
import { useAcceptAddress, useValidateAddress } from './api.ts';

type Component = AddressValidationDto['address']['addressComponents'][number];

/** How a component came out of the check, for its chip. */
function stateOf(c: Component): 'corrected' | 'inferred' | 'confirmed' | 'unconfirmed' | 'suspicious' {
  if (c.confirmationLevel === 'UNCONFIRMED_AND_SUSPICIOUS') {
    return 'suspicious';
  }
  if (c.confirmationLevel === 'UNCONFIRMED_BUT_PLAUSIBLE') {
    return 'unconfirmed';
  }
  return c.spellCorrected ? 'corrected' : c.inferred ? 'inferred' : 'confirmed';
}

const CHIP_COLOR = { confirmed: 'success', corrected: 'info', inferred: 'info', unconfirmed: 'warning', suspicious: 'error' } as const;

/**
 * The client's address check (spec 7 "POST /api/address-validation", spec 4 severity): the verdict, each
 * part with how it was confirmed, and the corrected address to take over.
 */
export function AddressCheck({ record, role }: { record: ClientRecordDto; role: RoleCode }) {
  const { t } = useTranslation(['addresses', 'common']);
  const validate = useValidateAddress();
  const accept = useAcceptAddress();
  const [empty, setEmpty] = useState(false);
  if (!can(role, 'addresses.validate')) {
    return null;
  }
  const result = validate.data;
  const run = () => {
    const built = addressCheckInput(record);
    setEmpty(!built.ok);
    if (built.ok) {
      validate.mutate(built.input, { onError: (err) => snackbar.show(errorMessage(err, t)) });
    }
  };
  const take = (correction: NonNullable<AddressValidationDto['correction']>) => {
    accept.mutate(
      { user_id: record.id, ...correction },
      {
        onSuccess: () => {
          snackbar.show(t('addresses:accepted'), 'success');
          validate.reset();
        },
        onError: (err) => snackbar.show(errorMessage(err, t)),
      },
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1.5 }} component="section" aria-labelledby="address-check-title">
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2" id="address-check-title">
          {t('addresses:title')}
        </Typography>
        <Button variant="outlined" onClick={run} disabled={validate.isPending} data-testid="address-validate">
          {validate.isPending ? <CircularProgress size={20} aria-label={t('addresses:checking')} /> : t('addresses:check')}
        </Button>
      </Box>
      {empty && (
        <Alert severity="error" data-testid="address-empty">
          {t(`common:${errorKey('container.address_validation.errors.address_empty')}`)}
        </Alert>
      )}
      {result && (
        <Box sx={{ display: 'grid', gap: 1.5 }} data-testid="address-verdict" data-severity={result.verdict.severity}>
          <Alert severity={result.verdict.severity}>
            <strong>{t(`addresses:severity.${result.verdict.severity}`)}</strong> {result.address.formattedAddress}
          </Alert>
          <Box
            component="ul"
            sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', p: 0, m: 0 }}
            aria-label={t('addresses:parts')}
          >
            {result.address.addressComponents.map((c) => {
              const state = stateOf(c);
              return (
                <li key={c.componentType}>
                  <Chip
                    size="small"
                    variant="outlined"
                    // The state's colour on the border only: coloured text on white is too faint to read.
                    sx={{ borderColor: `${CHIP_COLOR[state]}.main`, borderWidth: 2 }}
                    data-testid={`address-part-${c.componentType}`}
                    label={`${t(`addresses:component.${c.componentType}`)}: ${c.componentName.text} · ${t(`addresses:state.${state}`)}`}
                  />
                </li>
              );
            })}
            {result.address.missingComponentTypes.map((type) => (
              <li key={`missing-${type}`}>
                <Chip
                  size="small"
                  variant="outlined"
                  sx={{ borderColor: 'warning.main', borderWidth: 2 }}
                  label={`${t(`addresses:component.${type}`)} · ${t('addresses:state.missing')}`}
                />
              </li>
            ))}
          </Box>
          {result.geocode && (
            <Typography variant="body2" color="text.secondary">
              {t(`addresses:precision.${result.geocode.precision}`)}
            </Typography>
          )}
          {result.correction && (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }} data-testid="address-correction">
              <Typography>
                {t('addresses:suggestion')}{' '}
                <strong>{`${result.correction.address}, ${result.correction.zipcode} ${result.correction.city}`}</strong>
              </Typography>
              {record.can_edit && (
                <Button
                  variant="contained"
                  onClick={() => take(result.correction!)}
                  disabled={accept.isPending}
                  data-testid="address-accept"
                >
                  {t('addresses:accept')}
                </Button>
              )}
            </Box>
          )}
        </Box>
      )}
    </Paper>
  );
}
