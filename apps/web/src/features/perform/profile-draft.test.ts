import { describe, expect, it } from 'vitest';
import { profileChanges, profileOf, subUserChange, subUserOf, type ProfileDraft, type SubUserDraft } from './profile-draft.ts';
import { aProfile, aSubUser } from './test-data.ts';

describe("only what the agent changed goes to the client's record", () => {
  it.each<[string, ProfileDraft, Record<string, unknown> | undefined]>([
    ['nothing changed', aProfile(), undefined],
    ['a new city, trimmed', aProfile({ city: ' Bern ' }), { city: 'Bern' }],
    ['an additional field', aProfile({ has_kids: true, pet: 'dog' }), { has_kids: true, pet: 'dog' }],
    ['a field emptied', aProfile({ mobile_phone: '' }), { mobile_phone: '' }],
  ])('%s', (_name, now, changes) => {
    expect(profileChanges(now, aProfile())).toEqual(changes);
  });
});

describe('the second person to send', () => {
  it.each<[string, SubUserDraft, boolean, unknown]>([
    ['none, and there was none: no change', aSubUser(), false, undefined],
    ['none, and there was one: removed', aSubUser(), true, null],
    [
      'one, trimmed',
      aSubUser({ enabled: true, name: ' Ben ', surname: ' Muster ', age: 40, gender: 'male', phone: ' ', email: '' }),
      false,
      { name: 'Ben', surname: 'Muster', age: 40, gender: 'male', phone: '', email: '' },
    ],
  ])('%s', (_name, sub, had, expected) => {
    expect(subUserChange(sub, had)).toEqual(expected);
  });
});

describe('the profile and second person a flow starts from', () => {
  const client = {
    id: 1,
    name: 'Anna',
    surname: 'Muster',
    phone: null,
    mobile_phone: '+41791234567',
    zipcode: '8001',
    city: 'Zürich',
    address: 'Bahnhofstrasse 1',
    status: 'make_a_demo',
  } as unknown as Parameters<typeof profileOf>[0];

  it("from the event's client when the record may not be read: contact data, no additional fields", () => {
    expect(profileOf(client, null)).toEqual(aProfile({ phone: '' }));
  });

  it('from the record, an unknown value of a list field read as none', () => {
    const record = { ...client, email: 'anna@example.ch', pet: 'dragon', has_kids: false } as unknown as Parameters<typeof profileOf>[1];
    expect(profileOf(client, record)).toMatchObject({ email: 'anna@example.ch', pet: null, has_kids: false });
  });

  it.each<[string, Parameters<typeof subUserOf>[0], SubUserDraft]>([
    ['none', null, aSubUser()],
    [
      'one, with an unknown gender read as none',
      { id: 3, name: 'Ben', surname: 'Muster', age: 40, gender: 'other', phone: null, email: null },
      aSubUser({ enabled: true, name: 'Ben', surname: 'Muster', age: 40 }),
    ],
  ])('second person: %s', (_name, sub, expected) => {
    expect(subUserOf(sub)).toEqual(expected);
  });
});
