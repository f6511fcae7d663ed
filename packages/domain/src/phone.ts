import { parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * E.164 form of a phone number typed in any writing (`079 123 45 67`, `0041 79…`, `+41…`),
 * Swiss by default; undefined when it is no valid number. Lookups use this form.
 */
export function normalisePhone(input: string | null | undefined): string | undefined {
  if (!input) {
    return undefined;
  }
  const cleaned = input.trim().replace(/^00/, '+');
  const parsed = parsePhoneNumberFromString(cleaned, 'CH');
  return parsed?.isValid() ? parsed.number : undefined;
}
