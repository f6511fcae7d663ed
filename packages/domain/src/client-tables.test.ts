import { describe, expect, it } from 'vitest';
import {
  BUYER_PRESETS,
  CLIENT_TABLES,
  clientTableFilters,
  defaultClientFilters,
  LIST_PRESETS,
  presetsOfTable,
  type ClientPreset,
  type ClientTable,
} from './clients.ts';
import { presetsAllowedFor } from './schemas/clients.ts';

describe('clientTableFilters: the buyers tab filters by rules of its own (spec 6, 7)', () => {
  it.each<[ClientTable | undefined, boolean, readonly ClientPreset[], readonly ClientPreset[]]>([
    ['buyers', false, [], BUYER_PRESETS],
    ['b2c', true, LIST_PRESETS, []],
    ['b2b', true, LIST_PRESETS, []],
    ['email_reminders', true, LIST_PRESETS, []],
    ['listing', true, LIST_PRESETS, []],
    [undefined, true, LIST_PRESETS, []],
  ])('%s: status filter %s, panel presets %j, toggles %j', (table, statusFilter, panel, toggles) => {
    const rules = clientTableFilters(table);
    expect(rules.statusFilter).toBe(statusFilter);
    expect(rules.panelPresets).toEqual(panel);
    expect(rules.togglePresets).toEqual(toggles);
  });

  it('the panel presets are every preset but the buyers’', () => {
    expect(LIST_PRESETS).toEqual(['exclude_sm_leads', 'exclude_linked_agent', 'recall']);
  });

  it.each<[ClientTable | undefined, 'admin' | 'call_agent' | 'sales_agent', ClientPreset[]]>([
    ['buyers', 'admin', []],
    ['buyers', 'call_agent', []],
    ['b2c', 'admin', defaultClientFilters('admin').presets],
    ['b2c', 'call_agent', defaultClientFilters('call_agent').presets],
    ['listing', 'sales_agent', defaultClientFilters('sales_agent').presets],
    [undefined, 'call_agent', defaultClientFilters('call_agent').presets],
  ])('%s for a %s starts with the presets %j', (table, role, presets) => {
    expect(clientTableFilters(table).defaultPresets(role)).toEqual(presets);
  });

  it.each<[ClientTable | undefined, ClientPreset[], ClientPreset[]]>([
    ['buyers', ['finished', 'recall', 'invoice_sent'], ['finished', 'invoice_sent']],
    ['b2c', ['finished', 'recall', 'exclude_sm_leads'], ['recall', 'exclude_sm_leads']],
    ['listing', [], []],
    [undefined, ['activated', 'exclude_linked_agent'], ['exclude_linked_agent']],
  ])('%s sends of %j the presets %j', (table, chosen, sent) => {
    expect(presetsOfTable(table, chosen)).toEqual(sent);
  });

  it.each<[ClientTable | undefined, ClientPreset[], boolean]>([
    ['buyers', ['finished', 'activated'], true],
    ['buyers', ['exclude_sm_leads'], true],
    ['buyers', [], true],
    ['b2c', ['exclude_sm_leads', 'recall'], true],
    ['b2c', ['finished'], false],
    ['listing', ['invoice_not_sent'], false],
    [undefined, ['recall'], true],
    [undefined, ['activated'], false],
  ])('%s accepts the presets %j: %s', (table, presets, accepted) => {
    expect(presetsAllowedFor(table, presets)).toBe(accepted);
  });

  it('names every tab', () => {
    expect(CLIENT_TABLES.map((t) => clientTableFilters(t).statusFilter)).toEqual(CLIENT_TABLES.map((t) => t !== 'buyers'));
  });
});
