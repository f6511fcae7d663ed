import { z } from 'zod';
import { ADDRESS_COMPONENT_TYPES, CONFIRMATION_LEVELS } from '../addresses.ts';

const text = (max: number) => z.string().trim().max(max, 'too_long').default('');

/** POST /api/address-validation: spec 3's address check input (built by `addressCheckInput`). */
export const addressCheckBody = z.object({
  user_id: z.coerce.number().int().positive(),
  route: text(200),
  street_number: text(30),
  postal_code: text(10),
  locality: text(100),
});
export type AddressCheckBody = z.infer<typeof addressCheckBody>;

/** POST /api/address-validation/accept: the corrected address a person accepts for the client. */
export const addressAcceptBody = z.object({
  user_id: z.coerce.number().int().positive(),
  address: z.string().trim().min(1, 'field_is_required').max(200, 'too_long'),
  zipcode: z
    .string()
    .trim()
    .regex(/^\d{4}$/, 'invalid_value'),
  city: z.string().trim().min(1, 'field_is_required').max(100, 'too_long'),
});
export type AddressAcceptBody = z.infer<typeof addressAcceptBody>;

export const addressComponentDto = z.object({
  componentName: z.object({ text: z.string() }),
  componentType: z.enum(ADDRESS_COMPONENT_TYPES),
  confirmationLevel: z.enum(CONFIRMATION_LEVELS),
  /** Not in the input: filled in from the other parts (a locality from its postcode, and back). */
  inferred: z.boolean(),
  /** In the input with a spelling or digit mistake, corrected here. */
  spellCorrected: z.boolean(),
});
export type AddressComponentDto = z.infer<typeof addressComponentDto>;

export const ADDRESS_SEVERITIES = ['success', 'info', 'warning', 'error'] as const;

export const addressValidationDto = z.object({
  address: z.object({
    formattedAddress: z.string(),
    addressComponents: z.array(addressComponentDto),
    missingComponentTypes: z.array(z.enum(ADDRESS_COMPONENT_TYPES)),
    unconfirmedComponentTypes: z.array(z.enum(ADDRESS_COMPONENT_TYPES)),
  }),
  verdict: z.object({
    addressComplete: z.boolean(),
    hasInferredComponents: z.boolean(),
    hasUnconfirmedComponents: z.boolean(),
    hasSpellCorrectedComponents: z.boolean(),
    /** Spec 4's severity of the verdict. */
    severity: z.enum(ADDRESS_SEVERITIES),
  }),
  geocode: z
    .object({
      location: z.object({ latitude: z.number(), longitude: z.number() }),
      precision: z.enum(['building', 'street', 'locality']),
    })
    .nullable(),
  /** The address as the check would write it, when it differs from the client's; null when nothing to correct. */
  correction: z.object({ address: z.string(), zipcode: z.string(), city: z.string() }).nullable(),
  provider: z.enum(['offline', 'google']),
});
export type AddressValidationDto = z.infer<typeof addressValidationDto>;

export const addressValidationAnswer = z.object({ data: addressValidationDto });
