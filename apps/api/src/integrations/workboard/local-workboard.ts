import { formatDateTime } from '@bo/domain';
import { EXPORT_FIELDS, type ExportClient, type ExportField, type Workboard } from './workboard.ts';

const HEADERS: Record<ExportField, string> = {
  id: 'Id',
  name: 'Vorname',
  surname: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  mobile_phone: 'Mobile',
  zipcode: 'PLZ',
  city: 'Ort',
  address: 'Adresse',
  status: 'Status',
  type: 'Typ',
  company: 'Firma',
};

const BOM = '\uFEFF';

/**
 * The local default: the export is a CSV file as Swiss Excel opens it with a double click (UTF-8 with a
 * byte order mark, semicolons, CRLF), which the caller stores and offers for download.
 */
export function localWorkboard(opts: { now?: () => Date } = {}): Workboard {
  const now = opts.now ?? (() => new Date());
  return {
    provider: 'local',
    exportClients(clients) {
      const lines = [EXPORT_FIELDS.map((f) => csvCell(HEADERS[f])), ...clients.map(csvRow)].map((cells) => cells.join(';'));
      const body = Buffer.from(`${BOM}${lines.join('\r\n')}\r\n`, 'utf8');
      return Promise.resolve({
        exported: clients.length,
        file: { name: `Kunden-Export-${fileStamp(now())}.csv`, contentType: 'text/csv; charset=utf-8', body },
      });
    },
  };
}

function csvRow(client: ExportClient): string[] {
  return EXPORT_FIELDS.map((field) => {
    const value = client[field];
    return csvCell(value === null || value === undefined ? '' : String(value));
  });
}

/**
 * One cell: a value that a spreadsheet would run as a formula (= + - @, or a tab or carriage return first)
 * gets a leading apostrophe; a value with a separator, a quote or a line break is quoted, quotes doubled.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[;"\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** `2025-03-31-1405`: the moment of the export on the office's clock (Europe/Zurich), sortable in a folder. */
function fileStamp(at: Date): string {
  const m = /^(\d\d)\.(\d\d)\.(\d{4}) (\d\d):(\d\d)$/.exec(formatDateTime(at));
  return m ? `${m[3]}-${m[2]}-${m[1]}-${m[4]}${m[5]}` : 'export';
}
