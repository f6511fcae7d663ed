import { describe, expect, it } from 'vitest';
import { ERROR_STATUS, VALIDATION_KEYS, isValidationKey, statusOf, type ErrorCode } from './errors.ts';

// Spec 8 names the identifiers; the statuses are ours (the spec does not show them).
const SPEC_ERRORS: [ErrorCode, number][] = [
  ['Not allowed.', 403],
  ['unknown user hash', 404],
  ['UNKNOWN_USER_ID', 404],
  // Spec 5: an address check without an address.
  ['container.address_validation.errors.address_empty', 400],
  ['wrong password', 401],
  ['duplicated email', 409],
  ['duplicated phone', 409],
  ['NO_ENTITIES_WERE_UPDATED', 404],
  ['NO_ENTITIES_WERE_CREATED', 400],
  ['ONLY_UNCONFIRMED_CAN_BE_DELETED', 409],
  ['UNKNOWN_LOCATION_ID', 404],
  ['wrong recovery hash', 400],
  ['IP blocked', 429],
];

const OUR_ERRORS: [ErrorCode, number][] = [
  ['unauthorized', 401],
  ['VALIDATION_ERROR', 400],
  ['NOT_FOUND', 404],
  ['ACCOUNT_BLOCKED', 403],
  ['wrong code', 400],
  ['NOT_IMPERSONATING', 409],
  ['ALREADY_SIGNED_UP', 409],
  ['UNKNOWN_ACCOUNT_ID', 404],
  ['FILE_TOO_LARGE', 413],
  ['UNSUPPORTED_FILE_TYPE', 415],
  ['EMPTY_FILE', 400],
  ['SERVICE_UNAVAILABLE', 503],
  ['INTERNAL_ERROR', 500],
  ['LOCATION_CODE_TAKEN', 409],
  ['LOCATION_IN_USE', 409],
  ['PRODUCT_CODE_TAKEN', 409],
  ['PRODUCT_IN_USE', 409],
  ['CATEGORY_NAME_TAKEN', 409],
  ['UNKNOWN_ACADEMY_CATEGORY_ID', 404],
  ['UNKNOWN_ACADEMY_ITEM_ID', 404],
  ['TELEPHONY_NOT_CONFIGURED', 409],
  ['UNKNOWN_RECOMMENDATION_ID', 404],
  ['ONLY_UNCONFIRMED_CAN_BE_CHANGED', 409],
  ['RECOMMENDATION_STATUS_NOT_ALLOWED', 409],
  ['calendar_event_error', 409],
  ['EVENT_NOT_PLANNED', 409],
  ['SMS_NOT_DEAD_LETTER', 409],
  ['MAIL_NOT_DEAD_LETTER', 409],
  ['UNKNOWN_PRODUCT_ID', 404],
  ['ORDER_NOT_PAID_BY_BILL', 409],
  ['INVOICE_SETTINGS_INCOMPLETE', 409],
  ['IMPORT_BATCH_NOT_READY', 409],
  ['ADDRESS_VALIDATION_UNAVAILABLE', 503],
];

describe('statusOf', () => {
  it.each(SPEC_ERRORS)('answers the spec identifier %j with %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it.each(OUR_ERRORS)('answers our identifier %j with %i', (code, status) => {
    expect(statusOf(code)).toBe(status);
  });

  it('knows no identifier beyond those two lists', () => {
    expect(Object.keys(ERROR_STATUS).sort()).toEqual([...SPEC_ERRORS, ...OUR_ERRORS].map(([code]) => code).sort());
  });
});

describe('isValidationKey', () => {
  // Spec 5: invalid email, passwords don't match, invalid website URL, field is required, invalid phone,
  // unauthorized, field name is required, one of the dates is required.
  const SPEC_KEYS = [
    'invalid_email',
    'passwords_dont_match',
    'invalid_website_url',
    'field_is_required',
    'invalid_phone',
    'unauthorized',
    'field_name_is_required',
    'one_of_the_dates_is_required',
  ];
  const OUR_KEYS = [
    'too_short',
    'too_long',
    'invalid_value',
    'already_taken',
    'discount_exceeds_sale',
    'refund_not_marked',
    'name_missing',
    'contact_missing',
    'postcode_unknown',
    'locality_mismatch',
    'ocr_uncertain',
    'file_empty',
    'file_no_header',
    'file_unreadable',
    'file_type_unsupported',
    'file_too_large',
    'file_too_many_rows',
  ];

  it.each([...SPEC_KEYS, ...OUR_KEYS])('accepts %j', (key) => {
    expect(isValidationKey(key)).toBe(true);
  });

  it('lists exactly the spec keys and ours', () => {
    expect([...VALIDATION_KEYS].sort()).toEqual([...SPEC_KEYS, ...OUR_KEYS].sort());
  });

  it.each([['Field is required'], ['field is required'], ['FIELD_IS_REQUIRED'], [''], ['Not allowed.'], [undefined], [null], [1], [{}]])(
    'rejects %j',
    (value) => {
      expect(isValidationKey(value)).toBe(false);
    },
  );
});
