import { addressSeverity, type AddressComponentType, type AddressValidationDto } from '@bo/domain';
import type { AddressCheck, AddressQuery } from '../../integrations/address-validation/index.ts';

const textOf = (check: AddressCheck, type: AddressComponentType) => check.components.find((c) => c.type === type)?.text ?? '';

/** The address line, postcode and place as the check writes them. */
export function checkedAddress(check: AddressCheck, query: AddressQuery): { address: string; zipcode: string; city: string } {
  const confirmedOr = (type: AddressComponentType, given: string) => {
    const c = check.components.find((k) => k.type === type);
    return c && c.confirmationLevel === 'CONFIRMED' ? c.text : given;
  };
  const route = confirmedOr('route', query.route.trim());
  const number = textOf(check, 'street_number');
  return {
    address: [route, number].filter((s) => s !== '').join(' '),
    zipcode: confirmedOr('postal_code', query.postal_code.trim()),
    city: confirmedOr('locality', query.locality.trim()),
  };
}

const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** The check's answer (spec 7 "POST /api/address-validation") with spec 4's severity. */
export function toValidationDto(check: AddressCheck, query: AddressQuery, provider: 'offline' | 'google'): AddressValidationDto {
  const missing = check.missing;
  const hasSuspicious = check.components.some((c) => c.confirmationLevel === 'UNCONFIRMED_AND_SUSPICIOUS');
  const addressComplete = missing.filter((t) => t !== 'country').length === 0 && !hasSuspicious;
  const severity = addressSeverity({ addressComplete, components: check.components });
  const written = checkedAddress(check, query);
  const given = {
    address: [query.route, query.street_number]
      .map((s) => s.trim())
      .filter((s) => s !== '')
      .join(' '),
    zipcode: query.postal_code.trim(),
    city: query.locality.trim(),
  };
  const changed = !same(written.address, given.address) || written.zipcode !== given.zipcode || !same(written.city, given.city);
  const lines = [written.address, [written.zipcode, written.city].filter((s) => s !== '').join(' '), 'Switzerland'].filter((s) => s !== '');
  return {
    address: {
      formattedAddress: lines.join(', '),
      addressComponents: check.components.map((c) => ({
        componentName: { text: c.text },
        componentType: c.type,
        confirmationLevel: c.confirmationLevel,
        inferred: c.inferred,
        spellCorrected: c.spellCorrected,
      })),
      missingComponentTypes: missing,
      unconfirmedComponentTypes: check.components.filter((c) => c.confirmationLevel !== 'CONFIRMED').map((c) => c.type),
    },
    verdict: {
      addressComplete,
      hasInferredComponents: check.components.some((c) => c.inferred),
      hasUnconfirmedComponents: check.components.some((c) => c.confirmationLevel !== 'CONFIRMED'),
      hasSpellCorrectedComponents: check.components.some((c) => c.spellCorrected),
      severity,
    },
    geocode: check.geocode
      ? { location: { latitude: check.geocode.lat, longitude: check.geocode.lon }, precision: check.geocode.precision }
      : null,
    correction: changed && written.address !== '' && written.zipcode !== '' && written.city !== '' ? written : null,
    provider,
  };
}
