import { deriveDemoOutcome, fromCommaList, type EventDetailDto, type EventDto, type ProductLineDto } from '@bo/domain';
import type { eventProducts, files, products, recallHistory, userDocuments } from '../../db/schema/index.ts';
import type { Actor } from '../../core/actor.ts';
import { canEdit, canPerform } from './policy.ts';
import type { EventRowRead } from './repo.ts';
import { productRefOf } from '../products/index.ts';

/** An event row as lists show it, with the order it made (finances tells which). */
export type EventRow = EventRowRead & { orderId: number | null };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An event as lists and the calendar show it; outside the viewer's scope only the busy time shows. */
export function toEventDto(actor: Actor, row: EventRow): EventDto {
  const e = row.event;
  const inScope = Boolean(row.inScope);
  return {
    id: e.id,
    type: e.type,
    status: e.status,
    date: e.startsAt.toISOString(),
    ends_at: e.endsAt.toISOString(),
    comment: inScope ? e.comment : '',
    client: inScope ? row.client : null,
    agent: row.agent,
    created_by: inScope ? row.creator : null,
    demo_outcome: inScope
      ? deriveDemoOutcome({ status: e.status, remeet_presentation_id: e.remeetEventId, recall_count: row.recallCount })
      : null,
    order_id: inScope ? row.orderId : null,
    can_edit: canEdit(actor, e, inScope),
    can_perform: inScope && canPerform(actor, e),
  };
}

type LineRow = { line: typeof eventProducts.$inferSelect; product: typeof products.$inferSelect };

/** How a line names its product: the products module's one form. */
export const productOf = productRefOf;

export function toLineDto(r: LineRow): ProductLineDto {
  return {
    id: r.line.id,
    event_id: r.line.eventId,
    order_id: r.line.orderId,
    product_id: r.line.productId,
    product: productOf(r.product),
    status: r.line.status,
    repayment_type: r.line.repaymentType,
    quantity: r.line.quantity,
    years_of_guarantee: r.line.yearsOfGuarantee,
    price: r.line.price,
    rec_price: r.line.recPrice,
  };
}

export interface DetailParts {
  row: EventRow;
  lines: LineRow[];
  recalls: (typeof recallHistory.$inferSelect)[];
  remeet: EventDto | null;
  documents: { doc: typeof userDocuments.$inferSelect; file: typeof files.$inferSelect }[];
  gift: typeof products.$inferSelect | null;
  subUser: EventDetailDto['sub_user'];
}

export function toEventDetail(actor: Actor, p: DetailParts): EventDetailDto {
  const e = p.row.event;
  const mainLines = p.lines.filter((l) => l.product.type === 'main' && l.line.status !== 'gift');
  return {
    ...toEventDto(actor, p.row),
    client_id: e.clientId,
    was_at_home: e.wasAtHome,
    has_order: e.hasOrder,
    quality: e.quality,
    bad_quality_reason: fromCommaList(e.badQualityReasons),
    bad_quality_reason_desc: e.badQualityReasonDesc,
    got_gift: e.gotGift,
    gift: p.gift ? productOf(p.gift) : null,
    rej_gift_reason_desc: fromCommaList(e.rejGiftReasons),
    saw_presentation: e.sawPresentation,
    dont_saw_reason: fromCommaList(e.dontSawReasons),
    dont_saw_reason_desc: e.dontSawReasonDesc,
    bought_product: e.boughtProduct,
    bought_other_products: e.boughtOtherProducts,
    dont_buy_reason: fromCommaList(e.dontBuyReasons),
    discount_rec_sum: e.discountRecSum,
    discount_rec_count: e.discountRecCount,
    payment_method: e.paymentMethod,
    contract_number: e.contractNumber,
    bank_processing_commission: e.bankProcessingCommission,
    first_payment_month: e.firstPaymentMonth,
    payment_installments: e.paymentInstallments,
    flow_step: e.flowStep,
    finished_at: iso(e.finishedAt),
    presentation_products: p.lines.map(toLineDto),
    recall_history: p.recalls.map((r) => ({
      id: r.id,
      recall_at: r.recallAt.toISOString(),
      comment: r.comment,
      created_at: r.createdAt.toISOString(),
    })),
    remeet_presentation_id: e.remeetEventId,
    remeet_presentation: p.remeet,
    related_event_id: e.relatedEventId,
    user_documents: p.documents.map((d) => ({
      id: d.doc.id,
      file_id: d.file.id,
      name: d.file.originalName,
      content_type: d.file.contentType,
      size_bytes: d.file.sizeBytes,
      url: `/api/files/${d.file.id}`,
      created_at: d.doc.createdAt.toISOString(),
    })),
    sub_user: p.subUser,
    product_delivered: mainLines.length > 0 && mainLines.every((l) => l.line.delivered),
  };
}
