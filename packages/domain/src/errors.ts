/**
 * Error identifiers sent as `{ error }`. The first block is the spec's catalogue (section 8), the
 * second our additions for cases the catalogue does not name.
 */
export const ERROR_STATUS = {
  'Not allowed.': 403,
  'unknown user hash': 404,
  UNKNOWN_USER_ID: 404,
  'wrong password': 401,
  'duplicated email': 409,
  'duplicated phone': 409,
  NO_ENTITIES_WERE_UPDATED: 404,
  NO_ENTITIES_WERE_CREATED: 400,
  ONLY_UNCONFIRMED_CAN_BE_DELETED: 409,
  UNKNOWN_LOCATION_ID: 404,
  'wrong recovery hash': 400,
  'IP blocked': 429,

  unauthorized: 401,
  VALIDATION_ERROR: 400,
  NOT_FOUND: 404,
  ACCOUNT_BLOCKED: 403,
  'wrong code': 400,
  NOT_IMPERSONATING: 409,
  ALREADY_SIGNED_UP: 409,
  UNKNOWN_ACCOUNT_ID: 404,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_FILE_TYPE: 415,
  EMPTY_FILE: 400,
  SERVICE_UNAVAILABLE: 503,
  INTERNAL_ERROR: 500,
  LOCATION_CODE_TAKEN: 409,
  LOCATION_IN_USE: 409,
  PRODUCT_CODE_TAKEN: 409,
  PRODUCT_IN_USE: 409,
  CATEGORY_NAME_TAKEN: 409,
  UNKNOWN_ACADEMY_CATEGORY_ID: 404,
  UNKNOWN_ACADEMY_ITEM_ID: 404,
  TELEPHONY_NOT_CONFIGURED: 409,
  UNKNOWN_RECOMMENDATION_ID: 404,
  ONLY_UNCONFIRMED_CAN_BE_CHANGED: 409,
  RECOMMENDATION_STATUS_NOT_ALLOWED: 409,
  /** Spec 8 message key: the calendar refused a booking or a move; `data.error` says why. */
  calendar_event_error: 409,
  /** The event is not planned any more (performed, canceled): it cannot be performed or moved again. */
  EVENT_NOT_PLANNED: 409,
  /** The SMS is not in the dead-letter list (sent, planned, or already sent again): nothing to retry. */
  SMS_NOT_DEAD_LETTER: 409,
  /** The mail has not failed for good (sent, waiting, or already sent again): nothing to retry. */
  MAIL_NOT_DEAD_LETTER: 409,
  UNKNOWN_PRODUCT_ID: 404,
  /** An invoice with a QR-bill is only for an order paid by bill. */
  ORDER_NOT_PAID_BY_BILL: 409,
  /** The global settings lack the company's name or address, which the QR-bill must carry. */
  INVOICE_SETTINGS_INCOMPLETE: 409,
  /** An import batch that is being checked, or launched already, cannot be mapped, changed or discarded now. */
  IMPORT_BATCH_NOT_READY: 409,
  /** Spec 5: an address check for a client without id, or without address, zipcode and city. */
  'container.address_validation.errors.address_empty': 400,
  /** The address check's provider could not be asked (network, refused key, 5xx). */
  ADDRESS_VALIDATION_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export interface ErrorBody {
  error: ErrorCode;
  message?: string;
  field_validation?: Record<string, ValidationKey>;
}

/** Per-field message keys (spec section 5 names the first eight). */
export const VALIDATION_KEYS = [
  'invalid_email',
  'passwords_dont_match',
  'invalid_website_url',
  'field_is_required',
  'invalid_phone',
  'unauthorized',
  'field_name_is_required',
  'one_of_the_dates_is_required',
  'too_short',
  'too_long',
  'invalid_value',
  'already_taken',
  /** A recommendation discount larger than what was sold in money. */
  'discount_exceeds_sale',
  /** A negative payment amount that is not recorded as a refund. */
  'refund_not_marked',
  /** Import rows (packages/domain/src/import/validate-row.ts): neither a first name nor a surname. */
  'name_missing',
  /** Import rows: no phone, mobile or e-mail, no way to reach the person. */
  'contact_missing',
  /** A Swiss postcode that does not exist. */
  'postcode_unknown',
  /** A locality that is not one of the postcode's. */
  'locality_mismatch',
  /** The OCR read the field with too little confidence: a person must look at it. */
  'ocr_uncertain',
  /** Uploaded files: empty; no header line; unreadable or damaged; not a type the import takes; too large; too many rows. */
  'file_empty',
  'file_no_header',
  'file_unreadable',
  'file_type_unsupported',
  'file_too_large',
  'file_too_many_rows',
] as const;

export type ValidationKey = (typeof VALIDATION_KEYS)[number];

export function isValidationKey(value: unknown): value is ValidationKey {
  return typeof value === 'string' && (VALIDATION_KEYS as readonly string[]).includes(value);
}

export function statusOf(code: ErrorCode): number {
  return ERROR_STATUS[code];
}

/**
 * Why a request was refused with `Not allowed.` although the role may call it: the rule the record
 * stands against. Sent as `data.reason` beside the English message, so the browser can say it in the
 * user's language (`refusals.<reason>`).
 */
export const REFUSALS = [
  'own_account_block',
  /** Staff changing the sign-in e-mail of a client who has signed up (only the owner may). */
  'login_email_owner_only',
  'special_location',
  'own_calendar_only',
  'paid_commission_final',
  'paid_receipt_final',
  'order_toggle_not_allowed',
  'canceled_order_no_payment',
  'order_lines_locked',
  'order_terms_locked',
  'discount_exceeds_sale',
  'order_without_event',
  'delivered_line_final',
  'canceled_order_not_delivered',
  'canceled_order_not_financed',
  'financing_already_applied',
  'staff_only_status',
  'admin_only_reward',
  /** Licences: a checkout while the licence is active; a licence for someone who is no independent agent; an activation of a licence not requested. */
  'licence_already_active',
  'not_independent_agent',
  'licence_not_requested',
  /** An independent agent's call while their licence restricts them (a payment owed past the grace period). */
  'licence_restricted',
  /** The local payment provider's checkout page or simulator while a real provider is configured, or a checkout page already used. */
  'local_payments_only',
  'checkout_closed',
  /** Referral forms: the link's owner signing up through their own link; a form token too old, too young or forged; an agent application through a client's link. */
  'self_referral',
  'referral_form_expired',
  'referral_agent_not_offered',
  /** A change requested by a page of another site or port (docs/permissions.md). */
  'cross_site',
] as const;
export type Refusal = (typeof REFUSALS)[number];
