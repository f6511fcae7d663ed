import {
  genderOfSalutation,
  INITIAL_CLIENT_STATUS,
  isLanguage,
  languageCode,
  normalisePhone,
  type ImportRowData,
  type LaunchImportAnswer,
} from '@bo/domain';
import type { z } from 'zod';
import type { launchImportBody } from '@bo/domain';
import type { Actor } from '../../core/actor.ts';
import type { Db } from '../../db/client.ts';
import { insertImportedClientsIn, mergeImportIntoClientIn, takenContactsIn, type ImportedLead } from '../clients/index.ts';
import * as repo from './repo.ts';

type LaunchError = LaunchImportAnswer['errors'][number];

function leadOf(row: Pick<repo.ImportRowRow, 'data' | 'importType' | 'locationId'>): ImportedLead {
  const d: ImportRowData = row.data;
  const age = d.age && /^\d{1,3}$/.test(d.age) ? Number(d.age) : null;
  const language = languageCode(d.language);
  return {
    name: d.name,
    surname: d.surname,
    email: d.email,
    phone: d.phone,
    mobile_phone: d.mobile_phone,
    address: d.address,
    zipcode: d.zipcode,
    city: d.city,
    age,
    company: d.company,
    gender: genderOfSalutation(d.salutation),
    locale: language && isLanguage(language) ? language : null,
    leadSource: row.importType,
    leadLocationId: row.locationId,
    status: row.importType === 'ocr' ? 'imported_from_ocr' : INITIAL_CLIENT_STATUS,
    note: d.note,
  };
}

/**
 * POST /api/import/launch-import, in one transaction (a failure leaves nothing imported): the selected
 * pending rows of the caller (or all of the type), locked. A row with errors is refused into `errors`.
 * Each other row follows its decision, else: a row matching existing clients takes the launch's
 * `duplicates` choice (skip by default), a row repeating an earlier row of its file that was imported is
 * skipped, any other row is created. Creations refuse an e-mail or phone another client holds (as the
 * client form does). Created clients get the import type as lead source, the row's location as lead
 * location, and the first status (imported_from_ocr for OCR rows); a merge fills only what the existing
 * client lacks and records the import in the client's notes.
 */
export async function launchImport(db: Db, actor: Actor, body: z.infer<typeof launchImportBody>): Promise<LaunchImportAnswer> {
  return db.transaction(async (tx) => {
    const scope = { createdById: actor.userId, importType: body.importType };
    const rows = await repo.rowsForLaunch(tx, scope, body.all ? 'all' : body.ids);
    const errors: LaunchError[] = [];
    const outcomes: repo.RowOutcome[] = [];
    const refuse = (r: (typeof rows)[number], field: string | null, error: string) =>
      errors.push({ row_id: r.row.id, row_no: r.row.rowNo, file_name: r.fileName, field, error });

    const batchIds = [...new Set(rows.map((r) => r.row.batchId))];
    const done = new Set((await repo.doneRowNos(tx, batchIds)).map((d) => `${d.batchId}:${d.rowNo}`));
    const toCreate: (typeof rows)[number][] = [];
    const toMerge: { r: (typeof rows)[number]; into: number }[] = [];
    for (const r of rows) {
      const row = r.row;
      const fieldErrors = Object.entries(row.errors);
      if (fieldErrors.length > 0) {
        fieldErrors.forEach(([field, key]) => refuse(r, field, key));
        continue;
      }
      let decision = row.decision;
      if (!decision) {
        if (row.matches.length > 0) {
          decision = body.duplicates;
        } else if (row.fileDuplicateOf.some((n) => done.has(`${row.batchId}:${n}`))) {
          decision = 'skip';
        } else {
          decision = 'create';
        }
      }
      if (decision === 'skip') {
        outcomes.push({ id: row.id, state: 'skipped', clientId: null });
      } else if (decision === 'merge') {
        const into = row.mergeIntoId ?? row.matches[0]?.client_id;
        if (into === undefined) {
          refuse(r, 'merge_into_id', 'field_is_required');
          continue;
        }
        toMerge.push({ r, into });
        done.add(`${row.batchId}:${row.rowNo}`);
      } else {
        toCreate.push(r);
        done.add(`${row.batchId}:${row.rowNo}`);
      }
    }

    // The e-mails and phones held already, and those an earlier row of this launch takes.
    const taken = await takenContactsIn(
      tx,
      toCreate.flatMap((r) => (r.row.data.email ? [r.row.data.email] : [])),
      toCreate.flatMap((r) => [r.row.data.phone, r.row.data.mobile_phone].filter((p): p is string => Boolean(p))),
    );
    const claimedEmails = new Set<string>();
    const claimedPhones = new Set<string>();
    const creating: (typeof rows)[number][] = [];
    for (const r of toCreate) {
      const d = r.row.data;
      const email = d.email?.toLowerCase() ?? null;
      if (email && (taken.emailTaken(email) || claimedEmails.has(email))) {
        refuse(r, 'email', 'duplicated email');
        continue;
      }
      const phoneField = (['phone', 'mobile_phone'] as const).find((f) => {
        const p = d[f];
        return p && (taken.phoneTaken(p) || claimedPhones.has(normalisePhone(p) ?? p));
      });
      if (phoneField) {
        refuse(r, phoneField, 'duplicated phone');
        continue;
      }
      if (email) {
        claimedEmails.add(email);
      }
      for (const p of [d.phone, d.mobile_phone]) {
        if (p) {
          claimedPhones.add(normalisePhone(p) ?? p);
        }
      }
      creating.push(r);
    }
    const ids = await insertImportedClientsIn(
      tx,
      actor,
      creating.map((r) => leadOf(r.row)),
    );
    creating.forEach((r, i) => outcomes.push({ id: r.row.id, state: 'created', clientId: ids[i]! }));

    for (const { r, into } of toMerge) {
      const source = `Import «${r.fileName}», Zeile ${r.row.rowNo}`;
      const merged = await mergeImportIntoClientIn(tx, actor, into, leadOf(r.row), source);
      if (!merged) {
        refuse(r, 'merge_into_id', 'UNKNOWN_USER_ID');
        continue;
      }
      outcomes.push({ id: r.row.id, state: 'merged', clientId: into });
    }

    await repo.writeOutcomes(tx, outcomes);
    await repo.markLaunched(tx, batchIds);
    const countOf = (state: repo.RowOutcome['state']) => outcomes.filter((o) => o.state === state).length;
    return {
      // Rows that changed the client base: created or merged. A skipped duplicate changed nothing, so a
      // file imported a second time answers 0 and the screen shows why (spec 8).
      updatedN: countOf('created') + countOf('merged'),
      created: countOf('created'),
      merged: countOf('merged'),
      skipped: countOf('skipped'),
      errors: errors.sort((a, b) => a.row_id - b.row_id),
    };
  });
}
