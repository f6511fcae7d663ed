/**
 * The state of a client's page (show-user, create-client): the form's draft of the client, the bodies it
 * sends (checked with the server's own schemas from @bo/domain), and the reducer of the page.
 */

import {
  clientBody,
  clientUpdateBody,
  fieldValidationFrom,
  subUserBody,
  type ClientBody,
  type ClientRecordDto,
  type ClientUpdateBody,
  type SubUserBody,
} from '@bo/domain';

/** Spec 2 "User page: mode view or edit; tabs profile, sub_user, comments, settings, starting on profile". */
export const USER_PAGE_TABS = ['profile', 'sub_user', 'comments', 'settings'] as const;
export type UserPageTab = (typeof USER_PAGE_TABS)[number];
export type UserPageMode = 'view' | 'edit';

/** The tab named in the address (`?tab=…`); anything else starts on the profile. */
export function userPageTab(value: string | null | undefined): UserPageTab {
  return (USER_PAGE_TABS as readonly string[]).includes(value ?? '') ? (value as UserPageTab) : 'profile';
}

/** The second person of a household as its form holds it: every value as typed. */
export interface SubUserDraft {
  name: string;
  surname: string;
  age: string;
  gender: string;
  phone: string;
  email: string;
}

/**
 * A client as a form holds it: texts as typed, numbers as text, a choice as '' when none is made,
 * yes/no/unknown answers as 'true' | 'false' | ''. The page compares it with the loaded values.
 */
export interface ClientDraft {
  name: string;
  surname: string;
  email: string;
  phone: string;
  mobile_phone: string;
  zipcode: string;
  city: string;
  address: string;
  age: string;
  gender: string;
  relations: string;
  working_status: string;
  persons_at_home: string;
  pet: string;
  has_kids: string;
  has_allergies: string;
  type: string;
  company: string;
  locale: string;
  status: string;
  lead_source: string;
  lead_location_id: string;
  category: string;
  time_to_call: string;
  has_onboarding_sms: boolean;
  sub_user: SubUserDraft | null;
}

export type ClientDraftField = Exclude<keyof ClientDraft, 'sub_user'>;
/** A field of the draft: a client field, or `sub_user.<field>` for the second person. */
export type DraftPath = ClientDraftField | `sub_user.${keyof SubUserDraft}`;

export const EMPTY_SUB_USER: SubUserDraft = { name: '', surname: '', age: '', gender: '', phone: '', email: '' };

/** A new client (create-client): B2C, German, status potential, as the server would default it. */
export function emptyClientDraft(): ClientDraft {
  return {
    name: '',
    surname: '',
    email: '',
    phone: '',
    mobile_phone: '',
    zipcode: '',
    city: '',
    address: '',
    age: '',
    gender: '',
    relations: '',
    working_status: '',
    persons_at_home: '',
    pet: '',
    has_kids: '',
    has_allergies: '',
    type: 'B2C',
    company: '',
    locale: 'de',
    status: 'potential',
    lead_source: '',
    lead_location_id: '',
    category: '',
    time_to_call: '',
    has_onboarding_sms: false,
    sub_user: null,
  };
}

const text = (v: string | number | null | undefined) => (v === null || v === undefined ? '' : String(v));
const yesNo = (v: boolean | null) => (v === null ? '' : String(v));

export function clientDraftOf(record: ClientRecordDto): ClientDraft {
  const sub = record.sub_user;
  return {
    name: record.name,
    surname: record.surname,
    email: text(record.email),
    phone: text(record.phone),
    mobile_phone: text(record.mobile_phone),
    zipcode: text(record.zipcode),
    city: text(record.city),
    address: text(record.address),
    age: text(record.age),
    gender: text(record.gender),
    relations: text(record.relations),
    working_status: text(record.working_status),
    persons_at_home: text(record.persons_at_home),
    pet: text(record.pet),
    has_kids: yesNo(record.has_kids),
    has_allergies: yesNo(record.has_allergies),
    type: record.type,
    company: text(record.company),
    locale: record.locale,
    status: text(record.status),
    lead_source: text(record.lead_source),
    lead_location_id: text(record.lead_location?.id),
    category: text(record.category),
    time_to_call: text(record.time_to_call),
    has_onboarding_sms: record.has_onboarding_sms,
    sub_user: sub
      ? {
          name: sub.name,
          surname: sub.surname,
          age: text(sub.age),
          gender: text(sub.gender),
          phone: text(sub.phone),
          email: text(sub.email),
        }
      : null,
  };
}

/** Choices and numbers: '' means none (null); a number that is not one is passed on for the schema to refuse. */
const NULLABLE_CHOICES: readonly ClientDraftField[] = [
  'gender',
  'relations',
  'working_status',
  'persons_at_home',
  'pet',
  'status',
  'lead_source',
  'time_to_call',
];
const NUMBERS: readonly ClientDraftField[] = ['age', 'lead_location_id'];
const YES_NO: readonly ClientDraftField[] = ['has_kids', 'has_allergies'];

function numberOrText(v: string): number | string | null {
  const trimmed = v.trim();
  if (trimmed === '') {
    return null;
  }
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : trimmed;
}

/** One draft value as the API takes it. */
function apiValue(field: ClientDraftField, value: string | boolean): unknown {
  if (typeof value === 'boolean') {
    return value;
  }
  if (NULLABLE_CHOICES.includes(field)) {
    return value === '' ? null : value;
  }
  if (NUMBERS.includes(field)) {
    return numberOrText(value);
  }
  if (YES_NO.includes(field)) {
    return value === '' ? null : value === 'true';
  }
  return value;
}

const CLIENT_FIELDS = Object.keys(emptyClientDraft()).filter((k) => k !== 'sub_user') as ClientDraftField[];

export type Checked<T> = { ok: true; body: T } | { ok: false; errors: Record<string, string> };

function checked<T>(
  result: { success: true; data: T } | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  prefix = '',
): Checked<T> {
  if (result.success) {
    return { ok: true, body: result.data };
  }
  const errors = fieldValidationFrom(result.error.issues);
  return { ok: false, errors: Object.fromEntries(Object.entries(errors).map(([k, v]) => [prefix + k, v])) };
}

/** POST /api/user: every filled field of a new client, checked with the server's own schema. */
export function createBodyOf(draft: ClientDraft): Checked<ClientBody> {
  const raw: Record<string, unknown> = {};
  for (const field of CLIENT_FIELDS) {
    const value = apiValue(field, draft[field]);
    if (value !== null && value !== '') {
      raw[field] = value;
    }
  }
  return checked(clientBody.safeParse(raw));
}

/** PUT /api/user/{id}: only the fields that differ from the loaded values (the server changes only those sent). */
export function updateBodyOf(initial: ClientDraft, draft: ClientDraft): Checked<ClientUpdateBody> {
  const raw: Record<string, unknown> = {};
  for (const field of CLIENT_FIELDS) {
    if (draft[field] !== initial[field]) {
      raw[field] = apiValue(field, draft[field]);
    }
  }
  return checked(clientUpdateBody.safeParse(raw));
}

export type SubUserChange = { kind: 'none' } | { kind: 'remove' } | { kind: 'set'; body: SubUserBody };

/** What to do with the second person on save; errors are keyed `sub_user.<field>`. */
export function subUserChangeOf(initial: ClientDraft, draft: ClientDraft): Checked<SubUserChange> {
  const before = initial.sub_user;
  const after = draft.sub_user;
  if (after === null) {
    return { ok: true, body: before === null ? { kind: 'none' } : { kind: 'remove' } };
  }
  if (before !== null && (Object.keys(after) as (keyof SubUserDraft)[]).every((k) => after[k] === before[k])) {
    return { ok: true, body: { kind: 'none' } };
  }
  const result = checked(
    subUserBody.safeParse({
      ...after,
      age: numberOrText(after.age),
      gender: after.gender === '' ? null : after.gender,
    }),
    'sub_user.',
  );
  return result.ok ? { ok: true, body: { kind: 'set', body: result.body } } : result;
}

/** Spec 4 "User edit" and spec 5: the state of a client's page. */
export interface UserPageState {
  mode: UserPageMode;
  /** The values as loaded (or last saved): what reset goes back to. */
  initial: ClientDraft;
  draft: ClientDraft;
  edited: boolean;
  /** Per-field validation keys: the form's own checks and the server's field_validation, merged. */
  errors: Record<string, string>;
}

export type UserPageAction =
  | { type: 'edit' }
  /** Leave editing without saving: the draft is dropped. */
  | { type: 'view' }
  | { type: 'change'; field: DraftPath; value: string | boolean }
  | { type: 'reset' }
  | { type: 'addSubUser' }
  | { type: 'removeSubUser' }
  /** The form's own check or the server's field_validation after a failed save: the state stays, the errors merge. */
  | { type: 'saveFailed'; fieldValidation: Record<string, string> }
  | { type: 'saved'; data: ClientDraft }
  /** Fresh values from the server (another change on the page, a live update). */
  | { type: 'loaded'; data: ClientDraft };

export function userPageState(data: ClientDraft, mode: UserPageMode = 'view'): UserPageState {
  return { mode, initial: data, draft: data, edited: false, errors: {} };
}

/** The value a path points to, or undefined when the second person is absent. */
export function draftValue(draft: ClientDraft, path: string): string | boolean | undefined {
  if (path.startsWith('sub_user.')) {
    const key = path.slice('sub_user.'.length) as keyof SubUserDraft;
    return draft.sub_user?.[key];
  }
  return (draft as unknown as Record<string, string | boolean | undefined>)[path];
}

function withValue(draft: ClientDraft, path: DraftPath, value: string | boolean): ClientDraft {
  if (path.startsWith('sub_user.')) {
    const key = path.slice('sub_user.'.length) as keyof SubUserDraft;
    return { ...draft, sub_user: { ...(draft.sub_user ?? EMPTY_SUB_USER), [key]: String(value) } };
  }
  return { ...draft, [path]: value };
}

/**
 * Spec 5: "A draft error entry is cleared once its field is non-empty, or once the field is edited."
 * Being non-empty answers only "field is required"; an e-mail that is taken or badly written stays
 * marked until that field itself is edited, so a change elsewhere does not hide a still-true error.
 */
export function remainingErrors(errors: Record<string, string>, draft: ClientDraft, edited?: string): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).filter(([field, key]) => {
      if (field === edited) {
        return false;
      }
      const value = draftValue(draft, field);
      const filled = typeof value === 'boolean' || (typeof value === 'string' && value.trim() !== '');
      return !(key === 'field_is_required' && filled);
    }),
  );
}

export function userPageReducer(state: UserPageState, action: UserPageAction): UserPageState {
  switch (action.type) {
    case 'edit':
      return { ...state, mode: 'edit' };
    case 'view':
      return userPageState(state.initial, 'view');
    case 'change': {
      const draft = withValue(state.draft, action.field, action.value);
      return { ...state, mode: 'edit', draft, edited: true, errors: remainingErrors(state.errors, draft, action.field) };
    }
    case 'reset':
      return { ...state, draft: state.initial, edited: false, errors: {} };
    case 'addSubUser':
      if (state.draft.sub_user !== null) {
        return { ...state, mode: 'edit' };
      }
      return { ...state, mode: 'edit', draft: { ...state.draft, sub_user: EMPTY_SUB_USER }, edited: true };
    case 'removeSubUser': {
      const errors = Object.fromEntries(Object.entries(state.errors).filter(([k]) => !k.startsWith('sub_user.')));
      return { ...state, mode: 'edit', draft: { ...state.draft, sub_user: null }, edited: true, errors };
    }
    case 'saveFailed':
      return { ...state, errors: { ...state.errors, ...action.fieldValidation } };
    case 'saved':
      return userPageState(action.data, 'view');
    case 'loaded':
      // A draft being edited is not overwritten under the user's hands.
      return state.edited ? state : { ...state, initial: action.data, draft: action.data };
  }
}
