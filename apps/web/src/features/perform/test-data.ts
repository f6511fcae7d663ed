import type { LineDraft, PresentationDraft } from './draft.ts';
import type { ProfileDraft, SubUserDraft } from './profile-draft.ts';
import type { ServiceDraft } from './service-draft.ts';

/*
 * The one way the perform flow's unit tests build their data: a draft as a presentation starts it
 * (nothing answered yet), with only what a test is about given.
 */

/** A main product sold at CHF 2'490. */
export function aLine(over: Partial<LineDraft> = {}): LineDraft {
  return {
    key: 'l1',
    product_id: 7,
    product_type: 'main',
    status: 'sell',
    quantity: 1,
    years_of_guarantee: null,
    price: 249_000,
    rec_price: null,
    ...over,
  };
}

export function aProfile(over: Partial<ProfileDraft> = {}): ProfileDraft {
  return {
    name: 'Anna',
    surname: 'Muster',
    phone: '',
    mobile_phone: '+41791234567',
    email: '',
    address: 'Bahnhofstrasse 1',
    zipcode: '8001',
    city: 'Zürich',
    pet: null,
    has_allergies: null,
    working_status: null,
    relations: null,
    persons_at_home: null,
    has_kids: null,
    ...over,
  };
}

export function aSubUser(over: Partial<SubUserDraft> = {}): SubUserDraft {
  return { enabled: false, name: '', surname: '', age: null, gender: null, phone: '', email: '', ...over };
}

export function aDraft(over: Partial<PresentationDraft> = {}): PresentationDraft {
  const profile = aProfile();
  return {
    was_at_home: null,
    demo_outcome: null,
    outcome_time: '',
    quality: null,
    bad_quality_reason: [],
    bad_quality_reason_desc: '',
    got_gift: null,
    gift: null,
    rej_gift_reason_desc: [],
    saw_presentation: null,
    dont_saw_reason: [],
    dont_saw_reason_desc: '',
    bought_product: null,
    bought_other_products: null,
    dont_buy_reason: [],
    lines: [],
    discount_rec_sum: null,
    discount_rec_count: null,
    payment_method: null,
    contract_number: null,
    bank_processing_commission: 0,
    first_payment_month: '',
    payment_installments: null,
    profile,
    profile_loaded: profile,
    sub_user: aSubUser(),
    had_sub_user: false,
    comments: '',
    documents: [],
    ...over,
  };
}

/** A held presentation where the client bought the main product (the lines given, a main one by default). */
export function aSale(over: Partial<PresentationDraft> = {}): PresentationDraft {
  return aDraft({
    was_at_home: true,
    quality: 'good',
    got_gift: false,
    saw_presentation: true,
    bought_product: true,
    bought_other_products: false,
    lines: [aLine()],
    payment_method: 'cash',
    ...over,
  });
}

export function aServiceDraft(over: Partial<ServiceDraft> = {}): ServiceDraft {
  return { was_at_home: null, recall_time: '', has_order: null, lines: [], comments: '', ...over };
}
