import type { Config } from '../../config.ts';
import type { AddressValidator } from './address-validator.ts';
import { googleValidator } from './google-validator.ts';
import { offlineValidator } from './offline-validator.ts';

export {
  AddressValidationError,
  allowedEdits,
  editDistance,
  type AddressCheck,
  type AddressQuery,
  type AddressValidator,
  type CheckedComponent,
  type KnownBuilding,
  type KnownStreet,
  type StreetKnowledge,
} from './address-validator.ts';
export { googleValidator, type GoogleValidatorOptions } from './google-validator.ts';
export { offlineValidator } from './offline-validator.ts';

/** The address check named by `ADDRESS_VALIDATION_PROVIDER`: offline by default, or Google's API. */
export function createAddressValidator(config: Pick<Config, 'addressValidation'>): AddressValidator {
  const c = config.addressValidation;
  return c.provider === 'google' ? googleValidator({ apiKey: c.apiKey, baseUrl: c.baseUrl }) : offlineValidator();
}
