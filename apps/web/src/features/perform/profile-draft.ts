import {
  GENDERS,
  PERSONS_AT_HOME,
  PETS,
  RELATIONS,
  WORKING_STATUSES,
  type ClientRecordDto,
  type ClientUpdateBody,
  type EventDetailDto,
  type SubUserBody,
} from '@bo/domain';

type OneOf<T extends readonly string[]> = T[number];

/** The client's contact data and the additional profile fields of spec 3, as the profile step edits them. */
export interface ProfileDraft {
  name: string;
  surname: string;
  phone: string;
  mobile_phone: string;
  email: string;
  address: string;
  zipcode: string;
  city: string;
  pet: OneOf<typeof PETS> | null;
  has_allergies: boolean | null;
  working_status: OneOf<typeof WORKING_STATUSES> | null;
  relations: OneOf<typeof RELATIONS> | null;
  persons_at_home: OneOf<typeof PERSONS_AT_HOME> | null;
  has_kids: boolean | null;
}

export const CONTACT_FIELDS = ['name', 'surname', 'phone', 'mobile_phone', 'email', 'address', 'zipcode', 'city'] as const;

/** The second person living with the client (spec "sub_user"). */
export interface SubUserDraft {
  enabled: boolean;
  name: string;
  surname: string;
  age: number | null;
  gender: OneOf<typeof GENDERS> | null;
  phone: string;
  email: string;
}

function oneOf<T extends string>(value: string | null | undefined, allowed: readonly T[]): T | null {
  return (allowed as readonly (string | null | undefined)[]).includes(value) ? (value as T) : null;
}

/**
 * The profile from the client's record when the agent may read it, else from the event's client
 * (which has the contact data but not the additional fields).
 */
export function profileOf(client: EventDetailDto['client'], record: ClientRecordDto | null): ProfileDraft {
  const c = record ?? client;
  return {
    name: c?.name ?? '',
    surname: c?.surname ?? '',
    phone: c?.phone ?? '',
    mobile_phone: c?.mobile_phone ?? '',
    email: record?.email ?? '',
    address: c?.address ?? '',
    zipcode: c?.zipcode ?? '',
    city: c?.city ?? '',
    pet: oneOf(record?.pet, PETS),
    has_allergies: record?.has_allergies ?? null,
    working_status: oneOf(record?.working_status, WORKING_STATUSES),
    relations: oneOf(record?.relations, RELATIONS),
    persons_at_home: oneOf(record?.persons_at_home, PERSONS_AT_HOME),
    has_kids: record?.has_kids ?? null,
  };
}

export function subUserOf(sub: EventDetailDto['sub_user']): SubUserDraft {
  return sub
    ? {
        enabled: true,
        name: sub.name,
        surname: sub.surname,
        age: sub.age,
        gender: oneOf(sub.gender, GENDERS),
        phone: sub.phone ?? '',
        email: sub.email ?? '',
      }
    : { enabled: false, name: '', surname: '', age: null, gender: null, phone: '', email: '' };
}

/** Only what the agent changed goes to the client's record; undefined when nothing did. */
export function profileChanges(now: ProfileDraft, loaded: ProfileDraft): ClientUpdateBody | undefined {
  const changes: Partial<ProfileDraft> = {};
  for (const key of Object.keys(now) as (keyof ProfileDraft)[]) {
    const value = now[key];
    if (value !== loaded[key]) {
      Object.assign(changes, { [key]: typeof value === 'string' ? value.trim() : value });
    }
  }
  return Object.keys(changes).length > 0 ? changes : undefined;
}

/** The second person to send: a body when present, null to remove the one there was, undefined for no change. */
export function subUserChange(sub: SubUserDraft, hadSubUser: boolean): SubUserBody | null | undefined {
  if (!sub.enabled) {
    return hadSubUser ? null : undefined;
  }
  return {
    name: sub.name.trim(),
    surname: sub.surname.trim(),
    age: sub.age,
    gender: sub.gender,
    phone: sub.phone.trim(),
    email: sub.email.trim(),
  };
}
