import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { createWorkboard } from './index.ts';
import { columnValues, DEFAULT_MONDAY_COLUMN_MAP, mondayWorkboard } from './monday-workboard.ts';
import { WorkboardError, type ExportClient } from './workboard.ts';

interface CreatedItem {
  board: string;
  name: string;
  values: Record<string, unknown>;
  labels: boolean;
}

/**
 * A local server speaking monday.com's GraphQL API as documented: `POST /v2` with the token in
 * `Authorization` and `{ query, variables }`, `create_item` mutations (aliased, several per request) that
 * answer `{ data: { alias: { id } } }`, and errors as `{ errors: [{ message, extensions }] }`.
 */
async function startFakeMonday(token: string, boardId: string) {
  const items: CreatedItem[] = [];
  const requests: { path: string; authorization: string; mutations: number }[] = [];
  /** A failure to answer the request numbered `request` (1 = the next one), after creating `createFirst` of its items. */
  const state = { fail: null as null | { request: number; status: number; body: unknown; createFirst?: number } };
  let nextId = 1;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const { query, variables } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        query: string;
        variables: Record<string, unknown>;
      };
      const mutations = [
        ...query.matchAll(
          /(\w+): create_item\(board_id: \$board, item_name: \$(\w+), column_values: \$(\w+)(, create_labels_if_missing: true)?\) \{ id \}/g,
        ),
      ];
      requests.push({ path: req.url ?? '', authorization: req.headers.authorization ?? '', mutations: mutations.length });
      if (req.method !== 'POST' || req.url !== '/v2') {
        json(404, { errors: [{ message: 'Not Found' }] });
        return;
      }
      if (req.headers.authorization !== token) {
        json(401, { errors: [{ message: 'Not Authenticated', extensions: { code: 'UNAUTHENTICATED' } }] });
        return;
      }
      if (!/^mutation \(\$board: ID!(, \$n\d+: String!, \$v\d+: JSON)*\) \{/.test(query) || mutations.length === 0) {
        json(200, { errors: [{ message: 'Parse error on query', extensions: { code: 'GRAPHQL_PARSE_FAILED' } }] });
        return;
      }
      if (variables.board !== boardId) {
        json(200, { errors: [{ message: 'Board not found', extensions: { code: 'ResourceNotFoundException' } }] });
        return;
      }
      const fail = state.fail?.request === requests.length ? state.fail : null;
      const data: Record<string, { id: string } | null> = {};
      mutations.forEach(([, alias, name, values, labels], i) => {
        if (fail && i >= (fail.createFirst ?? 0)) {
          data[alias!] = null;
          return;
        }
        items.push({
          board: String(variables.board),
          name: String(variables[name!]),
          values: JSON.parse(String(variables[values!])) as Record<string, unknown>,
          labels: Boolean(labels),
        });
        data[alias!] = { id: String(nextId++) };
      });
      if (fail) {
        json(fail.status, fail.createFirst ? { ...(fail.body as object), data } : fail.body);
        return;
      }
      json(200, { data });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    items,
    requests,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let monday: Awaited<ReturnType<typeof startFakeMonday>>;

beforeAll(async () => {
  monday = await startFakeMonday('monday-token', '1234567890');
});

afterAll(async () => {
  await monday?.close();
});

beforeEach(() => {
  monday.items.length = 0;
  monday.requests.length = 0;
  monday.state.fail = null;
});

const client = (id: number, over: Partial<ExportClient> = {}): ExportClient => ({
  id,
  name: 'Jürg',
  surname: `Müller ${id}`,
  email: `client${id}@example.ch`,
  phone: '044 123 45 67',
  mobile_phone: '+41 79 765 43 21',
  zipcode: '8001',
  city: 'Zürich',
  address: 'Bahnhofstrasse 1',
  status: 'Termin',
  type: 'private',
  company: null,
  ...over,
});

const workboard = (over: Partial<Parameters<typeof mondayWorkboard>[0]> = {}) =>
  mondayWorkboard({ apiToken: 'monday-token', boardId: '1234567890', baseUrl: monday.baseUrl, ...over });

async function failure(promise: Promise<unknown>): Promise<WorkboardError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(WorkboardError);
  return error as WorkboardError;
}

describe('monday.com workboard', () => {
  it('creates one item per client on the board, with the default columns in their documented formats', async () => {
    const result = await workboard().exportClients([client(1)]);

    expect(result).toEqual({ exported: 1 });
    expect(monday.requests).toEqual([{ path: '/v2', authorization: 'monday-token', mutations: 1 }]);
    expect(monday.items).toEqual([
      {
        board: '1234567890',
        name: 'Jürg Müller 1',
        labels: true,
        values: {
          email: { email: 'client1@example.ch', text: 'client1@example.ch' },
          phone: { phone: '+41441234567', countryShortName: 'CH' },
          status: { label: 'Termin' },
          text: 'Bahnhofstrasse 1, 8001 Zürich',
        },
      },
    ]);
  });

  it('sends at most 25 items per request', async () => {
    const clients = Array.from({ length: 60 }, (_, i) => client(i + 1));
    const result = await workboard().exportClients(clients);

    expect(result.exported).toBe(60);
    expect(monday.requests.map((r) => r.mutations)).toEqual([25, 25, 10]);
    expect(monday.items.map((i) => i.name)).toEqual(clients.map((c) => `Jürg Müller ${c.id}`));
  });

  it('writes the columns of the configured map, inferring types from monday.com’s column ids', async () => {
    const columnMap = {
      mobile_phone: { id: 'phone_mk2', type: 'phone' as const },
      company: { id: 'text_mk7', type: 'text' as const },
      type: { id: 'dropdown_mk1', type: 'dropdown' as const },
      id: { id: 'numbers', type: 'numbers' as const },
    };
    await workboard({ columnMap }).exportClients([client(5, { company: 'Meier AG', mobile_phone: '+49 151 23456789' })]);

    expect(monday.items[0]?.values).toEqual({
      numbers: '5',
      phone_mk2: { phone: '+4915123456789', countryShortName: 'DE' },
      dropdown_mk1: { labels: ['private'] },
      text_mk7: 'Meier AG',
    });
  });

  it('leaves out empty fields and phones that are no valid number, and names an item without a person by its company', () => {
    const values = columnValues(
      client(9, { name: null, surname: ' ', email: null, phone: 'unbekannt', status: null, address: null }),
      DEFAULT_MONDAY_COLUMN_MAP,
    );
    expect(values).toEqual({ text: '8001 Zürich' });
  });

  it('gives item names the company, then the client number, when there is no name', async () => {
    await workboard().exportClients([
      client(3, { name: null, surname: null, company: 'Meier AG' }),
      client(4, { name: null, surname: null }),
    ]);
    expect(monday.items.map((i) => i.name)).toEqual(['Meier AG', 'Kunde 4']);
  });

  it('reports GraphQL errors in a 200 answer as refused, with how many items were already created', async () => {
    monday.state.fail = {
      request: 1,
      status: 200,
      body: { errors: [{ message: 'Column value format is invalid', extensions: { code: 'ColumnValueException' } }] },
      createFirst: 3,
    };
    const clients = Array.from({ length: 30 }, (_, i) => client(i + 1));
    const error = await failure(workboard().exportClients(clients));

    expect(error.reason).toBe('provider_refused');
    expect(error.message).toContain('Column value format is invalid');
    expect(error.exported).toBe(3);
    expect(monday.requests).toHaveLength(1);
  });

  it('reports errors after a first full batch with the items of that batch', async () => {
    monday.state.fail = { request: 2, status: 200, body: { errors: [{ message: 'Board not found' }] } };
    const error = await failure(workboard().exportClients(Array.from({ length: 30 }, (_, i) => client(i + 1))));

    expect(error.reason).toBe('provider_refused');
    expect(error.exported).toBe(25);
    expect(monday.items).toHaveLength(25);
  });

  it('reports a spent complexity budget as temporary', async () => {
    monday.state.fail = {
      request: 1,
      status: 200,
      body: { errors: [{ message: 'Complexity budget exhausted', extensions: { code: 'COMPLEXITY_BUDGET_EXHAUSTED' } }] },
    };
    const error = await failure(workboard().exportClients([client(1)]));
    expect(error.reason).toBe('provider_unreachable');
  });

  it('reports a board that is not the configured one as refused', async () => {
    const error = await failure(workboard({ boardId: '999' }).exportClients([client(1)]));
    expect(error.reason).toBe('provider_refused');
    expect(error.message).toContain('Board not found');
    expect(monday.items).toEqual([]);
  });

  it('reports a wrong token as refused', async () => {
    const error = await failure(workboard({ apiToken: 'other' }).exportClients([client(1)]));
    expect(error.reason).toBe('provider_refused');
    expect(error.status).toBe(401);
    expect(error.message).toContain('Not Authenticated');
  });

  it('reports a server error and a closed port as unreachable', async () => {
    monday.state.fail = { request: 1, status: 500, body: { error_message: 'Internal server error', status_code: 500 } };
    const error = await failure(workboard().exportClients([client(1)]));
    expect(error.reason).toBe('provider_unreachable');
    expect(error.status).toBe(500);

    const gone = http.createServer();
    await new Promise<void>((resolve) => gone.listen(0, '127.0.0.1', resolve));
    const port = (gone.address() as AddressInfo).port;
    await new Promise<void>((resolve) => gone.close(() => resolve()));
    const closed = await failure(workboard({ baseUrl: `http://127.0.0.1:${port}` }).exportClients([client(1)]));
    expect(closed.reason).toBe('provider_unreachable');
  });

  it('sends nothing for no clients', async () => {
    expect(await workboard().exportClients([])).toEqual({ exported: 0 });
    expect(monday.requests).toEqual([]);
  });
});

describe('createWorkboard', () => {
  it('is the CSV file unless monday.com is configured', () => {
    expect(createWorkboard(loadConfig({})).provider).toBe('local');
    const config = loadConfig({ WORKBOARD_PROVIDER: 'monday', MONDAY_API_TOKEN: 't', MONDAY_BOARD_ID: '1234567890' });
    expect(createWorkboard(config).provider).toBe('monday');
    expect(config.workboard).toMatchObject({ baseUrl: 'https://api.monday.com', columnMap: DEFAULT_MONDAY_COLUMN_MAP });
  });

  it('reads the column map, and refuses unknown fields and broken JSON', () => {
    const config = loadConfig({
      WORKBOARD_PROVIDER: 'monday',
      MONDAY_API_TOKEN: 't',
      MONDAY_BOARD_ID: '1',
      MONDAY_COLUMN_MAP: '{"email":"email_mk1","city":{"id":"long_text","type":"long_text"},"status":"color_mk3"}',
    });
    expect(config.workboard).toMatchObject({
      columnMap: {
        email: { id: 'email_mk1', type: 'email' },
        city: { id: 'long_text', type: 'long_text' },
        status: { id: 'color_mk3', type: 'status' },
      },
    });
    const env = { WORKBOARD_PROVIDER: 'monday', MONDAY_API_TOKEN: 't', MONDAY_BOARD_ID: '1' };
    expect(() => loadConfig({ ...env, MONDAY_COLUMN_MAP: '{"birthday":"date"}' })).toThrow(/MONDAY_COLUMN_MAP/);
    expect(() => loadConfig({ ...env, MONDAY_COLUMN_MAP: '{email' })).toThrow(/MONDAY_COLUMN_MAP: not JSON/);
  });

  it('will not start with monday.com but without token and board', () => {
    expect(() => loadConfig({ WORKBOARD_PROVIDER: 'monday', MONDAY_API_TOKEN: 't' })).toThrow(
      /MONDAY_API_TOKEN, MONDAY_BOARD_ID: required/,
    );
    expect(() => loadConfig({ WORKBOARD_PROVIDER: 'monday', MONDAY_API_TOKEN: 't', MONDAY_BOARD_ID: 'my-board' })).toThrow(
      /MONDAY_BOARD_ID/,
    );
  });
});
