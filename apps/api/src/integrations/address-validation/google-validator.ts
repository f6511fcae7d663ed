import { ADDRESS_COMPONENT_TYPES, CONFIRMATION_LEVELS, type AddressComponentType, type ConfirmationLevel } from '@bo/domain';
import { AddressValidationError, type AddressCheck, type AddressValidator, type CheckedComponent } from './address-validator.ts';

export interface GoogleValidatorOptions {
  apiKey: string;
  /** `https://addressvalidation.googleapis.com` (`GOOGLE_ADDRESS_VALIDATION_URL`; the tests' local fake). */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

interface GoogleComponent {
  componentName?: { text?: string };
  componentType?: string;
  confirmationLevel?: string;
  inferred?: boolean;
  spellCorrected?: boolean;
  replaced?: boolean;
  unexpected?: boolean;
}

interface GoogleAnswer {
  result?: {
    verdict?: { geocodeGranularity?: string; validationGranularity?: string };
    address?: { addressComponents?: GoogleComponent[]; missingComponentTypes?: string[] };
    geocode?: { location?: { latitude?: number; longitude?: number } };
  };
  error?: { code?: number; message?: string; status?: string };
}

const isType = (t: string | undefined): t is AddressComponentType => (ADDRESS_COMPONENT_TYPES as readonly string[]).includes(t ?? '');
const levelOf = (l: string | undefined): ConfirmationLevel =>
  (CONFIRMATION_LEVELS as readonly string[]).includes(l ?? '') ? (l as ConfirmationLevel) : 'UNCONFIRMED_BUT_PLAUSIBLE';

const BUILDING = new Set(['SUB_PREMISE', 'PREMISE', 'PREMISE_PROXIMITY']);
const STREET = new Set(['BLOCK', 'ROUTE']);

/**
 * Google's Address Validation API (https://developers.google.com/maps/documentation/address-validation):
 * `POST /v1:validateAddress?key=…` with `{ address: { regionCode: 'CH', postalCode, locality, addressLines } }`.
 * Of its answer the spec's components (route, street_number, postal_code, locality, country) are kept
 * with their confirmation level and flags (a replaced component counts as spell-corrected); the
 * geocode's precision follows the geocode granularity.
 */
export function googleValidator(opts: GoogleValidatorOptions): AddressValidator {
  const doFetch = opts.fetch ?? fetch;
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v1:validateAddress?key=${encodeURIComponent(opts.apiKey)}`;
  return {
    provider: 'google',
    async validate(query): Promise<AddressCheck> {
      const line = [query.route, query.street_number]
        .map((s) => s.trim())
        .filter((s) => s !== '')
        .join(' ');
      const body = {
        address: {
          regionCode: 'CH',
          ...(query.postal_code.trim() ? { postalCode: query.postal_code.trim() } : {}),
          ...(query.locality.trim() ? { locality: query.locality.trim() } : {}),
          addressLines: line ? [line] : [],
        },
      };
      let res: Response;
      try {
        res = await doFetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(opts.timeoutMs ?? 10_000),
        });
      } catch (err) {
        throw new AddressValidationError('Google Address Validation could not be reached', { cause: err });
      }
      let answer: GoogleAnswer;
      try {
        answer = (await res.json()) as GoogleAnswer;
      } catch (err) {
        throw new AddressValidationError(`Google Address Validation answered ${res.status} without JSON`, {
          status: res.status,
          cause: err,
        });
      }
      if (!res.ok || !answer.result) {
        // The key never goes into the message (it is in the URL only).
        throw new AddressValidationError(`Google Address Validation answered ${res.status} ${answer.error?.status ?? ''}`.trim(), {
          status: res.status,
        });
      }
      const { result } = answer;
      const components: CheckedComponent[] = [];
      for (const c of result.address?.addressComponents ?? []) {
        if (isType(c.componentType) && !components.some((k) => k.type === c.componentType)) {
          components.push({
            type: c.componentType,
            text: c.componentName?.text ?? '',
            confirmationLevel: c.unexpected ? 'UNCONFIRMED_AND_SUSPICIOUS' : levelOf(c.confirmationLevel),
            inferred: Boolean(c.inferred),
            spellCorrected: Boolean(c.spellCorrected || c.replaced),
          });
        }
      }
      components.sort((a, b) => ADDRESS_COMPONENT_TYPES.indexOf(a.type) - ADDRESS_COMPONENT_TYPES.indexOf(b.type));
      const missing = (result.address?.missingComponentTypes ?? []).filter(isType);
      const loc = result.geocode?.location;
      const granularity = result.verdict?.geocodeGranularity ?? '';
      const geocode =
        loc && typeof loc.latitude === 'number' && typeof loc.longitude === 'number'
          ? {
              lat: loc.latitude,
              lon: loc.longitude,
              precision: BUILDING.has(granularity)
                ? ('building' as const)
                : STREET.has(granularity)
                  ? ('street' as const)
                  : ('locality' as const),
            }
          : null;
      return { components, missing, geocode };
    },
  };
}
