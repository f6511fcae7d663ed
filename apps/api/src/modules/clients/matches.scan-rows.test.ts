import { describe, expect, it } from 'vitest';
import { CopyRows, readRow, rowRecord, SCAN_COLUMNS } from './matches.scan-rows.ts';

/** PostgreSQL's binary COPY, read from chunks however the stream cuts it. */

/** A binary COPY of rows of text fields (null: a null field), as PostgreSQL writes it. */
function copyOf(rows: (string | null)[][]): Buffer {
  const parts: Buffer[] = [Buffer.from('PGCOPY\n\xff\r\n\0', 'latin1'), Buffer.alloc(4), Buffer.from([0, 0, 0, 4]), Buffer.from('ext!')];
  for (const row of rows) {
    const count = Buffer.alloc(2);
    count.writeInt16BE(row.length);
    parts.push(count);
    for (const field of row) {
      const length = Buffer.alloc(4);
      if (field === null) {
        length.writeInt32BE(-1);
        parts.push(length);
      } else {
        const bytes = Buffer.from(field, 'utf8');
        length.writeInt32BE(bytes.length);
        parts.push(length, bytes);
      }
    }
  }
  parts.push(Buffer.from([0xff, 0xff]));
  return Buffer.concat(parts);
}

class Collected extends CopyRows {
  readonly seen: (string | null)[][] = [];
  protected row(buf: Buffer, from: number, to: number): void {
    const fields: (string | null)[] = [];
    for (let f = 0; f < 3; f += 1) {
      fields.push(this.starts[f]! < 0 ? null : buf.toString('utf8', this.starts[f], this.ends[f]));
    }
    // The row's bytes are the whole row: its field count first.
    expect(buf.readInt16BE(from)).toBe(3);
    expect(to - from).toBeGreaterThan(2);
    this.seen.push(fields);
  }
}

describe('CopyRows', () => {
  const rows: (string | null)[][] = Array.from({ length: 300 }, (_, i) => [
    String(i),
    i % 7 === 0 ? null : `Müller ${i}`,
    // Now and then a row longer than a chunk, and longer than the first bytes joined to a row begun before.
    i % 50 === 3 ? 'x'.repeat(20_000) : `Bahnhofstrasse ${i}`,
  ]);
  const copy = copyOf(rows);

  it.each([
    ['in one chunk', [copy.length]],
    ['byte by byte', [1]],
    ['in chunks of 2 to 40 bytes', [2, 17, 40, 3, 29]],
    ['in chunks of 5,000 bytes', [5_000]],
    ['in chunks of 65,536 bytes', [65_536]],
  ])('reads every row once, %s', (_, sizes) => {
    const reader = new Collected(3);
    let k = 0;
    for (let at = 0; at < copy.length; k += 1) {
      const size = sizes[k % sizes.length]!;
      reader.feed(copy.subarray(at, at + size));
      at += size;
    }
    expect(reader.ended).toBe(true);
    expect(reader.rows).toBe(rows.length);
    expect(reader.seen).toEqual(rows);
  });

  it('has not ended before the trailer', () => {
    const reader = new Collected(3);
    reader.feed(copy.subarray(0, copy.length - 1));
    expect(reader.ended).toBe(false);
    expect(reader.rows).toBe(rows.length);
    reader.feed(copy.subarray(copy.length - 1));
    expect(reader.ended).toBe(true);
  });
});

describe('rowRecord', () => {
  /** A scanned row's fields by column name (the id as four bytes, as the binary COPY writes an integer). */
  function scannedRow(fields: Partial<Record<(typeof SCAN_COLUMNS)[number], string | null>>, id: number): Buffer {
    const parts: Buffer[] = [];
    const count = Buffer.alloc(2);
    count.writeInt16BE(SCAN_COLUMNS.length);
    parts.push(count);
    for (const column of SCAN_COLUMNS) {
      const length = Buffer.alloc(4);
      if (column === 'id') {
        const value = Buffer.alloc(4);
        value.writeInt32BE(id);
        length.writeInt32BE(4);
        parts.push(length, value);
        continue;
      }
      const field = fields[column] ?? null;
      if (field === null) {
        length.writeInt32BE(-1);
        parts.push(length);
      } else {
        const bytes = Buffer.from(field, 'utf8');
        length.writeInt32BE(bytes.length);
        parts.push(length, bytes);
      }
    }
    return Buffer.concat(parts);
  }

  it('reads every field of the row, the later ones when first asked for, each time the same', () => {
    const fields = {
      name: 'Zoë',
      surname: null,
      email: 'zoe@example.ch',
      phone: '044 123 45 67',
      mobile_phone: null,
      zipcode: '8001',
      city: 'Zürich',
      address: 'Bahnhofstrasse 12a',
      phone_e164: '+41441234567',
      mobile_phone_e164: null,
    };
    // The row lies behind other bytes, as in a chunk of the scan.
    const row = Buffer.concat([Buffer.from('other rows'), scannedRow(fields, 4711)]);
    const starts = new Int32Array(SCAN_COLUMNS.length);
    const ends = new Int32Array(SCAN_COLUMNS.length);
    expect(readRow(row, 10, starts, ends)).toBe(row.length);
    const record = rowRecord(row, starts, ends);
    // The field places are the reader's, used again for the next row: the record keeps its own.
    starts.fill(0);
    ends.fill(0);
    const read = () => ({
      id: record.id,
      address: record.address,
      city: record.city,
      name: record.name,
      surname: record.surname,
      email: record.email,
      phone: record.phone,
      mobile_phone: record.mobile_phone,
      zipcode: record.zipcode,
      phone_e164: record.phone_e164,
      mobile_phone_e164: record.mobile_phone_e164,
    });
    expect(read()).toEqual({ id: 4711, ...fields });
    expect(read()).toEqual({ id: 4711, ...fields });
  });
});
