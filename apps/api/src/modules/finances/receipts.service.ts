import { isFinalReceipt, type CommissionDto, type ReceiptRowDto } from '@bo/domain';
import type { Db, Tx } from '../../db/client.ts';
import { AppError, refused } from '../../core/errors.ts';
import type { Actor } from '../../core/actor.ts';
import type { FilesDeps } from '../files/index.ts';
import { globalSettings } from '../settings/index.ts';
import * as repo from './commissions.repo.ts';
import { companyLogo } from './company.service.ts';
import { statementTexts } from './documents.texts.ts';
import { commissionDtoOf, receiptDtoOf } from './dto.ts';
import { localeOfUser } from './orders.repo.ts';
import { moneyScope } from './policy.ts';
import { statementPdf } from './statements.pdf.ts';

export async function receiptsPage(
  db: Db,
  actor: Actor,
  q: { status?: string[] | undefined; agent_id?: number | undefined; limit: number; offset: number },
) {
  const where = repo.receiptsWhere(moneyScope(actor), q.status, q.agent_id);
  const [rows, total] = await Promise.all([repo.selectReceipts(db, where, q.limit, q.offset), repo.countReceipts(db, where)]);
  return { data: rows.map(receiptDtoOf), total, limit: q.limit, offset: q.offset };
}

export async function receiptById(tx: Tx, actor: Actor, id: number): Promise<ReceiptRowDto> {
  const [row] = await repo.selectReceipts(tx, repo.receiptsWhere(moneyScope(actor), undefined, undefined, id), 1, 0);
  if (!row) {
    throw new AppError('NOT_FOUND');
  }
  return receiptDtoOf(row);
}

/** POST /api/finances/receipt/{agentId}: gathers the agent's open commissions of the period into a new receipt. */
export async function createReceipt(db: Db, actor: Actor, agentId: number, period: { from: string; to: string }): Promise<ReceiptRowDto> {
  if (period.to < period.from) {
    throw new AppError('VALIDATION_ERROR', { fieldValidation: { to: 'invalid_value' } });
  }
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertReceipt(tx, { agentId, periodFrom: period.from, periodTo: period.to, createdById: actor.userId });
    const total = await repo.gatherReceipt(tx, { id, agentId, periodFrom: period.from, periodTo: period.to });
    await repo.updateReceipt(tx, id, { total });
    return id;
  });
  return receiptById(db, actor, id);
}

/** GET /api/finances/rebuild-receipt/{id}: recomputes what an open receipt holds, in one transaction. */
export async function rebuildReceipt(db: Db, actor: Actor, id: number): Promise<ReceiptRowDto> {
  await db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, id, moneyScope(actor));
    if (!r) {
      throw new AppError('NOT_FOUND');
    }
    if (isFinalReceipt(r.status)) {
      throw refused('paid_receipt_final', 'A paid receipt is not rebuilt.');
    }
    const total = await repo.gatherReceipt(tx, { id, agentId: r.agentId, periodFrom: String(r.periodFrom), periodTo: String(r.periodTo) });
    await repo.updateReceipt(tx, id, { total });
  });
  return receiptById(db, actor, id);
}

/** PUT /api/finances/receipt/{id}: paid marks its commissions paid; a paid receipt stays paid. */
export async function setReceiptStatus(db: Db, actor: Actor, id: number, status: 'open' | 'paid'): Promise<ReceiptRowDto> {
  await db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, id, moneyScope(actor));
    if (!r) {
      throw new AppError('NOT_FOUND');
    }
    if (isFinalReceipt(r.status) && status !== 'paid') {
      throw refused('paid_receipt_final', 'A paid receipt stays paid.');
    }
    if (status === 'paid' && !isFinalReceipt(r.status)) {
      await repo.payReceiptRows(tx, id);
      await repo.updateReceipt(tx, id, { status: 'paid', paidAt: new Date() });
    }
  });
  return receiptById(db, actor, id);
}

export async function deleteReceipt(db: Db, actor: Actor, id: number): Promise<{ id: number }> {
  await db.transaction(async (tx) => {
    const r = await repo.lockReceipt(tx, id, moneyScope(actor));
    if (!r) {
      throw new AppError('NOT_FOUND');
    }
    if (isFinalReceipt(r.status)) {
      throw refused('paid_receipt_final', 'A paid receipt is kept.');
    }
    await repo.deleteReceipt(tx, id);
  });
  return { id };
}

export async function receiptLines(tx: Tx, id: number): Promise<CommissionDto[]> {
  return (await repo.commissionsOfReceipt(tx, id)).map(commissionDtoOf);
}

/**
 * GET /api/finances/receipt/{id}/pdf: the commission statement of a receipt, in the language of the agent
 * it is addressed to, with the company's logo.
 */
export async function receiptStatement(
  deps: { db: Db; files: FilesDeps },
  actor: Actor,
  id: number,
): Promise<{ filename: string; pdf: Buffer }> {
  const { db } = deps;
  const receipt = await receiptById(db, actor, id);
  const company = await globalSettings(db);
  const pdf = await statementPdf({
    receipt,
    lines: await receiptLines(db, receipt.id),
    company: { ...company },
    logo: await companyLogo(deps.files, company),
    texts: statementTexts(await localeOfUser(db, receipt.agent.id)),
  });
  return { filename: `provisionsabrechnung-${receipt.id}.pdf`, pdf };
}
