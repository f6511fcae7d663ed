import { normalisePhone } from '@bo/domain';
import { z } from 'zod';
import { EXPORT_FIELDS, WorkboardError, type ExportClient, type Workboard, type WorkboardFailure } from './workboard.ts';

/** What can go into a board column: a field of the client, or `full_address` ("Bahnhofstrasse 1, 8001 Zürich"). */
export const MONDAY_FIELDS = [...EXPORT_FIELDS, 'full_address'] as const;
export type MondayField = (typeof MONDAY_FIELDS)[number];

/** The column types we write, each in the value format monday.com documents for it. */
export const MONDAY_COLUMN_TYPES = ['text', 'long_text', 'email', 'phone', 'status', 'dropdown', 'numbers'] as const;
export type MondayColumnType = (typeof MONDAY_COLUMN_TYPES)[number];

export interface MondayColumn {
  id: string;
  type: MondayColumnType;
}
export type MondayColumnMap = Partial<Record<MondayField, MondayColumn>>;

/**
 * `MONDAY_COLUMN_MAP`: our field → the board's column id, e.g. `{"email":"email","phone":"phone_mkq1"}`.
 * A column id alone implies its type from the way monday.com names columns (`email…`, `phone…`,
 * `status…`/`color…`, `long_text…`, `dropdown…`, `numbers…`, otherwise text); `{"id":"…","type":"…"}` says it.
 */
export const mondayColumnMapSchema = z
  .partialRecord(
    z.enum(MONDAY_FIELDS),
    z.union([z.string().min(1), z.object({ id: z.string().min(1), type: z.enum(MONDAY_COLUMN_TYPES) })]),
  )
  .transform((map): MondayColumnMap => {
    const columns: MondayColumnMap = {};
    for (const field of MONDAY_FIELDS) {
      const column = map[field];
      if (column !== undefined) {
        columns[field] = typeof column === 'string' ? { id: column, type: typeFromId(column) } : column;
      }
    }
    return columns;
  });

/** The columns of a new board: Email, Phone, Status and a Text column, here holding the address. */
export const DEFAULT_MONDAY_COLUMN_MAP: MondayColumnMap = mondayColumnMapSchema.parse({
  email: 'email',
  phone: 'phone',
  status: 'status',
  full_address: 'text',
});

function typeFromId(id: string): MondayColumnType {
  const prefixes: [RegExp, MondayColumnType][] = [
    [/^email/, 'email'],
    [/^phone/, 'phone'],
    [/^(status|color)/, 'status'],
    [/^long_text/, 'long_text'],
    [/^dropdown/, 'dropdown'],
    [/^numbers?/, 'numbers'],
  ];
  return prefixes.find(([pattern]) => pattern.test(id))?.[1] ?? 'text';
}

export interface MondayOptions {
  apiToken: string;
  boardId: string;
  /** Without a path; requests go to `{baseUrl}/v2`. */
  baseUrl: string;
  columnMap?: MondayColumnMap;
  /** Items created per request, as aliased mutations; at most 25. */
  batchSize?: number;
  timeoutMs?: number;
}

interface GraphQlAnswer {
  data?: Record<string, { id?: string } | null> | null;
  errors?: { message?: string; extensions?: { code?: string } }[];
  error_message?: string;
  error_code?: string;
}

/** Refusals that pass: the budget of the minute or of concurrent requests is spent. */
const TEMPORARY_CODES = new Set([
  'ComplexityException',
  'COMPLEXITY_BUDGET_EXHAUSTED',
  'RATE_LIMIT_EXCEEDED',
  'IP_RATE_LIMIT_EXCEEDED',
  'maxConcurrencyExceeded',
  'DAILY_LIMIT_EXCEEDED',
]);

/**
 * monday.com's GraphQL API (`POST {base}/v2`, the token in `Authorization`): one `create_item` per client
 * on the configured board, up to 25 aliased mutations per request.
 */
export function mondayWorkboard(opts: MondayOptions): Workboard {
  const url = `${opts.baseUrl.replace(/\/+$/, '')}/v2`;
  const columns = opts.columnMap ?? DEFAULT_MONDAY_COLUMN_MAP;
  const batchSize = Math.min(Math.max(opts.batchSize ?? 25, 1), 25);
  const timeoutMs = opts.timeoutMs ?? 30_000;
  const labels = Object.values(columns).some((c) => c.type === 'status' || c.type === 'dropdown');

  async function createBatch(batch: readonly ExportClient[], exportedBefore: number): Promise<number> {
    const variables: Record<string, string> = { board: opts.boardId };
    const declarations = ['$board: ID!'];
    const mutations = batch.map((client, i) => {
      variables[`n${i}`] = itemName(client);
      variables[`v${i}`] = JSON.stringify(columnValues(client, columns));
      declarations.push(`$n${i}: String!`, `$v${i}: JSON`);
      const extra = labels ? ', create_labels_if_missing: true' : '';
      return `  i${i}: create_item(board_id: $board, item_name: $n${i}, column_values: $v${i}${extra}) { id }`;
    });
    const query = `mutation (${declarations.join(', ')}) {\n${mutations.join('\n')}\n}`;

    let answer: Response;
    try {
      answer = await fetch(url, {
        method: 'POST',
        headers: { authorization: opts.apiToken, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ query, variables }),
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (cause) {
      throw new WorkboardError('provider_unreachable', 'monday.com did not answer', { exported: exportedBefore, cause });
    }
    const text = await answer.text().catch(() => '');
    const body = parseAnswer(text);
    const created = batch.filter((_, i) => body?.data?.[`i${i}`]?.id).length;
    const fail = (reason: WorkboardFailure, message: string) =>
      new WorkboardError(reason, message, { exported: exportedBefore + created, status: answer.status });

    if (!answer.ok) {
      const reason = answer.status >= 500 || answer.status === 429 ? 'provider_unreachable' : 'provider_refused';
      throw fail(reason, `monday.com answered ${answer.status}${describe(body, text)}`);
    }
    if (!body) {
      throw fail('provider_unreachable', `monday.com answered ${answer.status} without JSON`);
    }
    if (body.errors?.length || body.error_message) {
      const codes = [...(body.errors ?? []).map((e) => e.extensions?.code), body.error_code];
      const temporary = codes.some((code) => code !== undefined && TEMPORARY_CODES.has(code));
      throw fail(temporary ? 'provider_unreachable' : 'provider_refused', `monday.com refused the items${describe(body, text)}`);
    }
    if (created !== batch.length) {
      throw fail('provider_refused', `monday.com created ${created} of ${batch.length} items`);
    }
    return created;
  }

  return {
    provider: 'monday',
    async exportClients(clients) {
      let exported = 0;
      for (let start = 0; start < clients.length; start += batchSize) {
        exported += await createBatch(clients.slice(start, start + batchSize), exported);
      }
      return { exported };
    },
  };
}

/** The item's name on the board: the person, else the company, else the client number. */
export function itemName(client: ExportClient): string {
  const person = [client.name, client.surname]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return (person || client.company?.trim() || `Kunde ${client.id}`).slice(0, 255);
}

/** The `column_values` of an item: one value per mapped column, in that column type's format; empty fields are left out. */
export function columnValues(client: ExportClient, columns: MondayColumnMap): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of MONDAY_FIELDS) {
    const column = columns[field];
    const raw = field === 'full_address' ? fullAddress(client) : client[field];
    const text = raw === null || raw === undefined ? '' : String(raw).trim();
    if (!column || !text) {
      continue;
    }
    const value = valueFor(column.type, text);
    if (value !== undefined) {
      values[column.id] = value;
    }
  }
  return values;
}

function valueFor(type: MondayColumnType, text: string): unknown {
  switch (type) {
    case 'text':
      return text;
    case 'long_text':
      return { text };
    case 'email':
      return { email: text, text };
    case 'phone': {
      // A phone column holds only a valid number; one that cannot be read as such stays out.
      const e164 = normalisePhone(text);
      if (!e164) {
        return undefined;
      }
      const country = countryOf(e164);
      return country ? { phone: e164, countryShortName: country } : { phone: e164 };
    }
    case 'status':
      return { label: text };
    case 'dropdown':
      return { labels: [text] };
    case 'numbers':
      return Number.isFinite(Number(text)) ? text : undefined;
  }
}

function fullAddress(client: ExportClient): string {
  const place = [client.zipcode, client.city]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return [client.address?.trim(), place].filter(Boolean).join(', ');
}

/** The country monday.com shows beside a number, for the countries our clients live in. */
const COUNTRY_PREFIXES: [string, string][] = [
  ['+423', 'LI'],
  ['+41', 'CH'],
  ['+49', 'DE'],
  ['+43', 'AT'],
  ['+33', 'FR'],
  ['+39', 'IT'],
];

function countryOf(e164: string): string | undefined {
  return COUNTRY_PREFIXES.find(([prefix]) => e164.startsWith(prefix))?.[1];
}

function parseAnswer(text: string): GraphQlAnswer | null {
  try {
    const body = JSON.parse(text) as GraphQlAnswer | null;
    return body && typeof body === 'object' ? body : null;
  } catch {
    return null;
  }
}

function describe(body: GraphQlAnswer | null, text: string): string {
  const messages = [...(body?.errors ?? []).map((e) => e.message), body?.error_message].filter((m): m is string => Boolean(m));
  const detail = messages.length ? messages.join('; ') : body ? '' : text.slice(0, 200);
  return detail ? `: ${detail}` : '';
}
