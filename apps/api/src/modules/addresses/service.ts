import {
  ADDRESS_EMPTY,
  addressKeyOf,
  splitAddressLine,
  streetKeyOf,
  type AddressAcceptBody,
  type AddressCheckBody,
  type AddressValidationDto,
} from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import { AppError } from '../../core/errors.ts';
import type { Db, Tx } from '../../db/client.ts';
import {
  AddressValidationError,
  type AddressQuery,
  type AddressValidator,
  type StreetKnowledge,
} from '../../integrations/address-validation/index.ts';
import { announceClientUpdated, updateClientIn, type Publish } from '../clients/index.ts';
import { clientToCheck } from './policy.ts';
import { toValidationDto } from './dto.ts';
import { buildingsOnStreets, confirmStreet, coveredPostcodes, saveGeocode, streetsIn } from './repo.ts';

export interface AddressDeps {
  db: Db;
  validator: AddressValidator;
  publish: Publish;
}

/** What the database knows of streets and buildings, for the offline check. */
export function knowledgeOf(tx: Tx): StreetKnowledge {
  return {
    streetsIn: (postcodes) => streetsIn(tx, postcodes),
    buildingsOn: (pairs) => buildingsOnStreets(tx, pairs),
    coveredPostcodes: (postcodes) => coveredPostcodes(tx, postcodes),
  };
}

async function check(deps: AddressDeps, query: AddressQuery): Promise<AddressValidationDto> {
  try {
    const result = await deps.validator.validate(query, knowledgeOf(deps.db));
    return toValidationDto(result, query, deps.validator.provider);
  } catch (err) {
    if (err instanceof AddressValidationError) {
      throw new AppError('ADDRESS_VALIDATION_UNAVAILABLE', { message: err.message });
    }
    throw err;
  }
}

/** Keeps what a check found: the point of this address for distances, and a street the provider confirmed. */
async function remember(
  tx: Tx,
  userId: number,
  query: AddressQuery,
  dto: AddressValidationDto,
  confirmedBy: 'provider' | 'person',
): Promise<void> {
  const address = [query.route, query.street_number]
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(' ');
  if (dto.geocode) {
    await saveGeocode(tx, {
      userId,
      addressKey: addressKeyOf({ address, zipcode: query.postal_code, city: query.locality }),
      lat: dto.geocode.location.latitude,
      lon: dto.geocode.location.longitude,
      precision: dto.geocode.precision,
      source: dto.provider,
      severity: dto.verdict.severity,
    });
  }
  const level = (type: string) => dto.address.addressComponents.find((c) => c.componentType === type);
  const route = level('route');
  const postcode = level('postal_code');
  const locality = level('locality');
  // The offline check confirms streets it already knows; Google's confirmation, or a person accepting a
  // checked address whose postcode and place are confirmed, teaches a new one.
  const teaches = confirmedBy === 'person' ? route !== undefined : route?.confirmationLevel === 'CONFIRMED' && dto.provider === 'google';
  if (teaches && route && postcode?.confirmationLevel === 'CONFIRMED' && locality?.confirmationLevel === 'CONFIRMED') {
    const street = route.componentName.text;
    if (streetKeyOf(street) !== '') {
      await confirmStreet(tx, {
        postcode: postcode.componentName.text,
        streetKey: streetKeyOf(street),
        street,
        locality: locality.componentName.text,
      });
    }
  }
}

/**
 * POST /api/address-validation: spec 3's input for a client of the actor's scope (UNKNOWN_USER_ID
 * otherwise), `address_empty` when it holds nothing to check; the geocode is kept for distances.
 */
export async function validateAddress(deps: AddressDeps, actor: Actor, body: AddressCheckBody): Promise<AddressValidationDto> {
  await clientToCheck(deps.db, actor, body.user_id);
  const query: AddressQuery = {
    route: body.route,
    street_number: body.street_number,
    postal_code: body.postal_code,
    locality: body.locality,
  };
  if ([query.route, query.street_number, query.postal_code, query.locality].every((v) => v.trim() === '')) {
    throw new AppError(ADDRESS_EMPTY);
  }
  const dto = await check(deps, query);
  await remember(deps.db, body.user_id, query, dto, 'provider');
  return dto;
}

/**
 * POST /api/address-validation/accept: the person takes the offered address for the client. It is
 * checked again, written to the client through the clients module (one transaction with the geocode)
 * and announced to the open tables.
 */
export async function acceptAddress(deps: AddressDeps, actor: Actor, body: AddressAcceptBody): Promise<AddressValidationDto> {
  await clientToCheck(deps.db, actor, body.user_id);
  const query: AddressQuery = { ...splitAddressLine(body.address), postal_code: body.zipcode, locality: body.city };
  const dto = await check(deps, query);
  await deps.db.transaction(async (tx) => {
    await updateClientIn(tx, actor, body.user_id, { address: body.address, zipcode: body.zipcode, city: body.city });
    await remember(tx, body.user_id, query, dto, 'person');
  });
  await announceClientUpdated(deps, actor, body.user_id);
  return dto;
}
