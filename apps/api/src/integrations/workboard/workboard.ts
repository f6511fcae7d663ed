/** One client as it leaves for the work-management tool (POST /api/clients/export-to-monday). */
export interface ExportClient {
  id: number;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  mobile_phone: string | null;
  zipcode: string | null;
  city: string | null;
  address: string | null;
  status: string | null;
  type: string | null;
  company: string | null;
}

/** The fields of an exported client, in the order of the CSV columns. */
export const EXPORT_FIELDS = [
  'id',
  'name',
  'surname',
  'email',
  'phone',
  'mobile_phone',
  'zipcode',
  'city',
  'address',
  'status',
  'type',
  'company',
] as const satisfies readonly (keyof ExportClient)[];

export type ExportField = (typeof EXPORT_FIELDS)[number];

export interface ExportFile {
  name: string;
  contentType: string;
  body: Buffer;
}

export interface WorkboardExport {
  /** How many clients arrived at the tool (or are in the file). */
  exported: number;
  /** The export as a file, when the tool is a file (the local default); the caller stores it for download. */
  file?: ExportFile;
}

/** Where clients are exported to: a CSV file by default, a monday.com board when configured. */
export interface Workboard {
  readonly provider: string;
  exportClients(clients: readonly ExportClient[]): Promise<WorkboardExport>;
}

/**
 * Why an export stopped. `provider_refused`: the tool refused the request (bad token, unknown board or
 * column, invalid value); `provider_unreachable`: network error, timeout, 5xx or rate limit, worth trying later.
 */
export type WorkboardFailure = 'provider_refused' | 'provider_unreachable';

export class WorkboardError extends Error {
  override readonly name = 'WorkboardError';
  readonly reason: WorkboardFailure;
  /** Clients already created on the board before the failure: a retry would create them again. */
  readonly exported: number;
  /** The provider's HTTP status, when it answered. */
  readonly status: number | undefined;

  constructor(reason: WorkboardFailure, message: string, opts: { exported?: number; status?: number; cause?: unknown } = {}) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.reason = reason;
    this.exported = opts.exported ?? 0;
    this.status = opts.status;
  }
}
