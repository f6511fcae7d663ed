import type { ImportRowData } from '@bo/domain';
import { describe, expect, it } from 'vitest';
import { fileDuplicates } from './check.service.ts';

/** The file's own duplicates: each row's earlier rows that are the same person. */

const row = (rowNo: number, data: Partial<ImportRowData>) => ({
  rowNo,
  data: { name: 'Anna', surname: 'Muster', zipcode: '8001', city: 'Zürich', address: 'Bahnhofstrasse 1', ...data } as ImportRowData,
});

describe('fileDuplicates', () => {
  it('names the earlier rows of the same person, by e-mail, phone or name within the postcode', () => {
    const rows = [
      row(1, { email: 'anna@example.ch' }),
      row(2, { name: 'Zora', surname: 'Keller', zipcode: '3000', city: 'Bern', address: 'Weg 9' }),
      row(3, { email: 'ANNA@example.ch ' }),
      row(4, { name: 'Anna', surname: 'Müster', mobile_phone: '079 111 22 33' }),
      row(5, { name: 'Zora', surname: 'Keller', zipcode: '3000', city: 'Bern', address: 'Weg 9', phone: '031 555 66 77' }),
    ];
    expect(fileDuplicates(rows)).toEqual([[], [], [1], [1, 3], [2]]);
  });

  it('makes a row with the same number as phone and mobile no repeat of itself', () => {
    const rows = [
      row(1, { phone: '079 111 22 33', mobile_phone: '0791112233' }),
      row(2, { name: 'Zora', surname: 'Keller', zipcode: '3000', city: 'Bern', address: 'Weg 9', phone: '079 111 22 33' }),
      row(3, { phone: '+41 79 111 22 33', mobile_phone: '079 111 22 33' }),
    ];
    expect(fileDuplicates(rows)).toEqual([[], [], [1]]);
  });
});
