import { describe, expect, it } from 'vitest';
import {
  clientDraftOf,
  createBodyOf,
  emptyClientDraft,
  EMPTY_SUB_USER,
  remainingErrors,
  subUserChangeOf,
  updateBodyOf,
  userPageReducer,
  userPageState,
  userPageTab,
  type ClientDraft,
  type UserPageAction,
  type UserPageState,
} from './page-state.ts';
import type { ClientRecordDto } from '@bo/domain';

const LOADED: ClientDraft = { ...emptyClientDraft(), name: 'Anna', surname: 'Muster', city: 'Bern', email: 'anna@example.ch' };
const SAVED: ClientDraft = { ...LOADED, city: 'Thun' };
const view = userPageState(LOADED);
const editing = userPageReducer(view, { type: 'edit' });
const edited = userPageReducer(editing, { type: 'change', field: 'city', value: 'Zürich' });
const withErrors: UserPageState = { ...edited, errors: { email: 'already_taken', surname: 'field_is_required' } };

describe('userPageTab: spec 2 "starting on profile"', () => {
  it.each([
    [null, 'profile'],
    ['', 'profile'],
    ['profile', 'profile'],
    ['sub_user', 'sub_user'],
    ['comments', 'comments'],
    ['settings', 'settings'],
    ['history', 'profile'],
  ] as const)('%s → %s', (value, tab) => {
    expect(userPageTab(value)).toBe(tab);
  });
});

describe('userPageReducer: spec 4 "User edit"', () => {
  const cases: [string, UserPageState, UserPageAction, Partial<UserPageState>][] = [
    ['the page starts in view mode, not edited, without errors', view, { type: 'edit' }, { mode: 'edit', edited: false, errors: {} }],
    ['viewing becomes editing by changing mode', view, { type: 'edit' }, { mode: 'edit', draft: LOADED }],
    [
      'viewing becomes editing by adding a sub-user',
      view,
      { type: 'addSubUser' },
      { mode: 'edit', edited: true, draft: { ...LOADED, sub_user: EMPTY_SUB_USER } },
    ],
    [
      'a draft change sets the edited flag',
      editing,
      { type: 'change', field: 'city', value: 'Zürich' },
      { edited: true, draft: { ...LOADED, city: 'Zürich' } },
    ],
    [
      'a change to the second person is a draft change too',
      userPageReducer(view, { type: 'addSubUser' }),
      { type: 'change', field: 'sub_user.name', value: 'Beat' },
      { edited: true, draft: { ...LOADED, sub_user: { ...EMPTY_SUB_USER, name: 'Beat' } } },
    ],
    ['reset restores the initial values', edited, { type: 'reset' }, { mode: 'edit', draft: LOADED, edited: false }],
    ['reset drops the errors of the discarded draft', withErrors, { type: 'reset' }, { errors: {} }],
    ['leaving edit mode drops the draft', withErrors, { type: 'view' }, { mode: 'view', draft: LOADED, edited: false, errors: {} }],
    [
      'a successful save replaces the data and clears the errors',
      withErrors,
      { type: 'saved', data: SAVED },
      { mode: 'view', initial: SAVED, draft: SAVED, edited: false, errors: {} },
    ],
    [
      'a user-save error keeps the state and merges field validation (spec 8)',
      { ...edited, errors: { surname: 'field_is_required' } },
      { type: 'saveFailed', fieldValidation: { email: 'already_taken' } },
      { mode: 'edit', draft: edited.draft, edited: true, errors: { surname: 'field_is_required', email: 'already_taken' } },
    ],
    [
      'the server’s word replaces the form’s for the same field',
      { ...edited, errors: { email: 'invalid_email' } },
      { type: 'saveFailed', fieldValidation: { email: 'already_taken' } },
      { errors: { email: 'already_taken' } },
    ],
    [
      'removing the second person is a draft change',
      userPageReducer(view, { type: 'addSubUser' }),
      { type: 'removeSubUser' },
      { draft: LOADED, edited: true },
    ],
    ['fresh data replaces an untouched page', view, { type: 'loaded', data: SAVED }, { mode: 'view', initial: SAVED, draft: SAVED }],
    [
      'fresh data does not overwrite a draft being edited',
      edited,
      { type: 'loaded', data: SAVED },
      { initial: LOADED, draft: edited.draft },
    ],
  ];
  it.each(cases)('%s', (_name, state, action, expected) => {
    expect(userPageReducer(state, action)).toMatchObject(expected);
  });
});

describe('error entries: spec 5 "cleared once its field is non-empty, or once the field is edited"', () => {
  it.each([
    ['editing a field clears its entry', { email: 'already_taken' }, 'email', 'x@y.ch', {}],
    ['editing a field clears its entry even when it stays empty', { surname: 'field_is_required' }, 'surname', '', {}],
    ['a required field that is filled loses its entry on the next change', { surname: 'field_is_required' }, 'city', 'Bern', {}],
    [
      'an entry that still holds stays when another field is edited',
      { email: 'already_taken' },
      'city',
      'Bern',
      { email: 'already_taken' },
    ],
    ['a required entry of a still-empty field stays', { company: 'field_is_required' }, 'city', 'Bern', { company: 'field_is_required' }],
    ['second-person fields are fields too', { 'sub_user.name': 'field_is_required' }, 'sub_user.name', 'Beat', {}],
  ] as const)('%s', (_name, errors, field, value, expected) => {
    const start: UserPageState = { ...userPageState({ ...LOADED, name: '', sub_user: EMPTY_SUB_USER }, 'edit'), errors: { ...errors } };
    const next = userPageReducer(start, { type: 'change', field, value });
    expect(next.errors).toEqual(expected);
  });

  it('a filled draft leaves only what still holds', () => {
    expect(remainingErrors({ name: 'field_is_required', email: 'invalid_email' }, LOADED)).toEqual({ email: 'invalid_email' });
  });
});

describe('bodies sent to the API', () => {
  it.each([
    ['nothing changed sends nothing', {}, {}],
    ['a changed text is sent alone', { city: 'Zürich' }, { city: 'Zürich' }],
    ['a cleared choice is sent as null', { gender: '' }, { gender: null }],
    ['an age typed as text becomes a number', { age: '42' }, { age: 42 }],
    ['a yes/no answer becomes a boolean', { has_kids: 'true' }, { has_kids: true }],
    ['a new status is sent (it goes to the status history)', { status: 'sale_agents' }, { status: 'sale_agents' }],
    ['the e-mail is sent in lower case', { email: 'Anna@Example.CH' }, { email: 'anna@example.ch' }],
  ] as const)('update: %s', (_name, change, expected) => {
    const before = { ...LOADED, gender: 'female' };
    const result = updateBodyOf(before, { ...before, ...change });
    expect(result).toEqual({ ok: true, body: expected });
  });

  it.each([
    ['an invalid e-mail', { email: 'anna@' }, { email: 'invalid_email' }],
    ['an empty surname', { surname: '' }, { surname: 'field_is_required' }],
    ['a zipcode that is not four digits', { zipcode: '12' }, { zipcode: 'invalid_value' }],
    ['an age that is no number', { age: 'vierzig' }, { age: 'invalid_value' }],
  ] as const)('update refuses %s, keyed by field', (_name, change, errors) => {
    expect(updateBodyOf(LOADED, { ...LOADED, ...change })).toEqual({ ok: false, errors });
  });

  it('create needs name and surname and sends only what is filled', () => {
    expect(createBodyOf(emptyClientDraft())).toEqual({ ok: false, errors: { name: 'field_is_required', surname: 'field_is_required' } });
    expect(createBodyOf({ ...emptyClientDraft(), name: 'Anna', surname: 'Muster', phone: '079 123 45 67', lead_location_id: '3' })).toEqual(
      {
        ok: true,
        body: {
          name: 'Anna',
          surname: 'Muster',
          phone: '079 123 45 67',
          lead_location_id: 3,
          type: 'B2C',
          locale: 'de',
          status: 'potential',
          has_onboarding_sms: false,
        },
      },
    );
  });

  it.each<[string, ClientDraft['sub_user'], ClientDraft['sub_user'], unknown]>([
    ['no second person before or after', null, null, { ok: true, body: { kind: 'none' } }],
    [
      'an unchanged second person',
      { ...EMPTY_SUB_USER, name: 'Beat' },
      { ...EMPTY_SUB_USER, name: 'Beat' },
      { ok: true, body: { kind: 'none' } },
    ],
    ['a removed second person', { ...EMPTY_SUB_USER, name: 'Beat' }, null, { ok: true, body: { kind: 'remove' } }],
    [
      'an added second person',
      null,
      { ...EMPTY_SUB_USER, name: 'Beat', age: '40', gender: 'male' },
      { ok: true, body: { kind: 'set', body: { name: 'Beat', surname: '', age: 40, gender: 'male', phone: '', email: '' } } },
    ],
    ['a second person without a name', null, EMPTY_SUB_USER, { ok: false, errors: { 'sub_user.name': 'field_is_required' } }],
  ])('sub-user: %s', (_name, before, after, expected) => {
    expect(subUserChangeOf({ ...LOADED, sub_user: before }, { ...LOADED, sub_user: after })).toEqual(expected);
  });
});

describe('clientDraftOf', () => {
  it('holds the record as the form shows it', () => {
    const record = {
      id: 7,
      name: 'Anna',
      surname: 'Muster',
      email: null,
      phone: '079 123 45 67',
      mobile_phone: null,
      zipcode: '3000',
      city: 'Bern',
      address: 'Marktgasse 1',
      type: 'B2C',
      company: null,
      age: 44,
      status: 'potential',
      lead_source: 'mall',
      lead_location: { id: 3, code: 'GLATT', display_name: 'Glattzentrum' },
      has_kids: false,
      has_allergies: null,
      locale: 'de',
      has_onboarding_sms: true,
      sub_user: { id: 1, name: 'Beat', surname: 'Muster', age: null, gender: 'male', phone: null, email: null },
    } as unknown as ClientRecordDto;
    expect(clientDraftOf(record)).toMatchObject({
      email: '',
      age: '44',
      lead_location_id: '3',
      has_kids: 'false',
      has_allergies: '',
      gender: '',
      has_onboarding_sms: true,
      sub_user: { name: 'Beat', surname: 'Muster', age: '', gender: 'male', phone: '', email: '' },
    });
  });
});
