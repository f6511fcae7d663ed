import { createHash } from 'node:crypto';
import { importRowData, proposeMapping, type ImportRowData, type ImportType } from '@bo/domain';
import type { Tx } from '../client.ts';
import { importBatches, importRows, type users } from '../schema/index.ts';

type ClientRow = typeof users.$inferInsert;

const HEADERS = ['Anrede', 'Vorname', 'Name', 'Strasse', 'PLZ', 'Ort', 'Natel', 'E-Mail'];
const DAY = 86_400_000;

function dataOf(c: ClientRow): ImportRowData {
  return importRowData.parse({
    salutation: c.gender === 'female' ? 'Frau' : 'Herr',
    name: c.name,
    surname: c.surname,
    address: c.address ?? null,
    zipcode: c.zipcode ?? null,
    city: c.city ?? null,
    mobile_phone: c.mobilePhone ?? null,
    email: c.email ?? null,
  });
}

const cellsOf = (d: ImportRowData) =>
  [d.salutation, d.name, d.surname, d.address, d.zipcode, d.city, d.mobile_phone, d.email].map((v) => v ?? '');

/**
 * Past imports for the demo: two launched files (leads of a fair, a perspective list) whose rows made
 * demo clients (and skipped two known ones), and one checked file waiting for review, so the import
 * screen shows its stages with the demo sign-ins (admin@demo.test, om@demo.test).
 */
export async function seedDemoImports(
  tx: Tx,
  opts: { admin: number; ocrManager: number; clients: { id: number; row: ClientRow }[]; locationId: number | null },
): Promise<void> {
  const mapping = proposeMapping(HEADERS);
  const batch = async (
    importType: ImportType,
    fileName: string,
    createdById: number,
    daysAgo: number,
    stage: 'launched' | 'ready',
    rows: ImportRowData[],
  ) => {
    const at = new Date(Date.now() - daysAgo * DAY);
    const [b] = await tx
      .insert(importBatches)
      .values({
        importType,
        uploadType: 'local',
        fileName,
        fileSha256: createHash('sha256').update(fileName).digest('hex'),
        createdById,
        stage,
        progress: 100,
        headers: HEADERS,
        sample: rows.slice(0, 5).map(cellsOf),
        rowCount: rows.length,
        mapping,
        mappingRemembered: true,
        locationId: opts.locationId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: importBatches.id });
    return { id: b!.id, at };
  };

  const leads = opts.clients.filter((c) => c.row.leadSource === 'leads').slice(0, 10);
  const perspective = opts.clients.filter((c) => c.row.leadSource === 'perspective').slice(0, 8);
  const known = opts.clients.filter((c) => c.row.leadSource !== 'leads' && c.row.leadSource !== 'perspective').slice(0, 3);

  for (const [importType, fileName, by, daysAgo, made] of [
    ['leads', 'messe-zuerich-fruehling.csv', opts.admin, 40, leads],
    ['perspective', 'perspektive-bern.xlsx', opts.ocrManager, 12, perspective],
  ] as const) {
    const people = [...made, ...known.slice(0, 2)];
    const b = await batch(
      importType,
      fileName,
      by,
      daysAgo,
      'launched',
      people.map((c) => dataOf(c.row)),
    );
    await tx.insert(importRows).values(
      people.map((c, i) => {
        const skipped = i >= made.length;
        return {
          batchId: b.id,
          rowNo: i + 1,
          importType,
          createdById: by,
          locationId: opts.locationId,
          data: dataOf(c.row),
          raw: cellsOf(dataOf(c.row)),
          reviewStatus: 'reviewed' as const,
          duplicationStatus: skipped ? ('duplicates' as const) : ('without_duplicates' as const),
          matches: skipped ? [{ client_id: c.id, score: 1, reasons: ['same_email', 'same_phone'] }] : [],
          state: skipped ? ('skipped' as const) : ('created' as const),
          clientId: skipped ? null : c.id,
          createdAt: b.at,
          updatedAt: b.at,
        };
      }),
    );
  }

  // A file checked and waiting: new people, one with a wrong postcode, one who is a client already.
  const waiting: { data: ImportRowData; errors: Record<string, string>; matchOf?: number }[] = [
    {
      data: importRowData.parse({
        salutation: 'Frau',
        name: 'Lea',
        surname: 'Brunner',
        address: 'Seestrasse 14',
        zipcode: '8002',
        city: 'Zürich',
        mobile_phone: '079 412 33 10',
        email: 'lea.brunner@example.ch',
      }),
      errors: {},
    },
    {
      data: importRowData.parse({
        salutation: 'Herr',
        name: 'Marco',
        surname: 'Bernasconi',
        address: 'Via Cantonale 3',
        zipcode: '6900',
        city: 'Lugano',
        phone: '091 923 45 10',
      }),
      errors: {},
    },
    {
      data: importRowData.parse({
        salutation: 'Frau',
        name: 'Chantal',
        surname: 'Favre',
        address: 'Rue du Lac 8',
        zipcode: '1007',
        city: 'Lausanne',
        mobile_phone: '078 655 12 90',
      }),
      errors: {},
    },
    {
      data: importRowData.parse({
        salutation: 'Herr',
        name: 'Peter',
        surname: 'Gerber',
        address: 'Dorfstrasse 2',
        zipcode: '3999',
        city: 'Thun',
        mobile_phone: '079 300 20 10',
      }),
      errors: { zipcode: 'postcode_unknown' },
    },
  ];
  const twin = known[2];
  if (twin) {
    waiting.push({ data: dataOf(twin.row), errors: {}, matchOf: twin.id });
  }
  const b = await batch(
    'leads',
    'herbstmesse-luzern.csv',
    opts.admin,
    1,
    'ready',
    waiting.map((w) => w.data),
  );
  await tx.insert(importRows).values(
    waiting.map((w, i) => ({
      batchId: b.id,
      rowNo: i + 1,
      importType: 'leads' as const,
      createdById: opts.admin,
      locationId: opts.locationId,
      data: w.data,
      raw: cellsOf(w.data),
      errors: w.errors,
      hasErrors: Object.keys(w.errors).length > 0,
      duplicationStatus: w.matchOf ? ('duplicates' as const) : ('without_duplicates' as const),
      matches: w.matchOf ? [{ client_id: w.matchOf, score: 1, reasons: ['same_email', 'same_phone'] }] : [],
      createdAt: b.at,
      updatedAt: b.at,
    })),
  );
}
