import type { ValidationKey } from './errors.ts';
import { statusAfterOutcome, type DemoOutcome } from './events.ts';

/*
 * The cross-field rules of performing an event, which a schema of single fields cannot say: the server
 * refuses a finished draft by them (VALIDATION_ERROR with these field keys) and the browser's flow checks
 * them before it goes on, so the agent hears of them at the step that asks.
 */

/** What the presentation draft's cross-field rules read (PUT /api/finish-presentation/{id}). */
export interface PresentationOutcomeFacts {
  was_at_home: boolean | null;
  demo_outcome: DemoOutcome | null;
  /** Instants (ISO 8601) or null. */
  recall_time: string | null;
  remeet_time: string | null;
  got_gift: boolean | null;
  gift: number | null;
  payment_installments: number | null;
  first_payment_month: string | null;
  order_products: readonly unknown[];
}

export type PresentationDraftField = 'demo_outcome' | 'recall_time' | 'remeet_time' | 'gift' | 'first_payment_month' | 'order_products';

/**
 * A visit that did not take place needs an outcome; a recall or a follow-up demo its time (a recall not
 * in the past); a gift handed over names the gift; instalments name their first month; lines are sold
 * only at a presentation that was held.
 */
export function presentationDraftProblems(d: PresentationOutcomeFacts, now: Date): Partial<Record<PresentationDraftField, ValidationKey>> {
  const out: Partial<Record<PresentationDraftField, ValidationKey>> = {};
  if (d.was_at_home === false && !d.demo_outcome) {
    out.demo_outcome = 'field_is_required';
  }
  if (d.demo_outcome === 'recall' && !d.recall_time) {
    out.recall_time = 'field_is_required';
  }
  if (d.demo_outcome === 'remeet' && !d.remeet_time) {
    out.remeet_time = 'field_is_required';
  }
  if (d.recall_time && d.demo_outcome === 'recall' && new Date(d.recall_time) < now) {
    out.recall_time = 'invalid_value';
  }
  if (d.got_gift && !d.gift) {
    out.gift = 'field_is_required';
  }
  if (d.payment_installments !== null && !d.first_payment_month) {
    out.first_payment_month = 'field_is_required';
  }
  const held = statusAfterOutcome(d.was_at_home === true, d.demo_outcome) === 'success';
  if (!held && d.order_products.length > 0) {
    out.order_products = 'invalid_value';
  }
  return out;
}

/** What the service's cross-field rules read (POST /api/event/perform-service/{id}). */
export interface ServiceOutcomeFacts {
  was_at_home: boolean;
  recall_time: string | null;
  has_order: boolean;
  order_products: readonly unknown[];
}

export type ServiceFinishField = 'order_products' | 'recall_time';

/** Lines only at a visit that took place, and an order has lines; a recall is not in the past. */
export function serviceFinishProblems(d: ServiceOutcomeFacts, now: Date): Partial<Record<ServiceFinishField, ValidationKey>> {
  const out: Partial<Record<ServiceFinishField, ValidationKey>> = {};
  if (!d.was_at_home && d.order_products.length > 0) {
    out.order_products = 'invalid_value';
  } else if (d.has_order && d.order_products.length === 0) {
    out.order_products = 'field_is_required';
  }
  if (d.recall_time && new Date(d.recall_time) < now) {
    out.recall_time = 'invalid_value';
  }
  return out;
}
