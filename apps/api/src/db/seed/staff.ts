import { normalisePhone, roleByCode, type ClientAccess, type RoleCode } from '@bo/domain';
import type { Tx } from '../client.ts';
import { accounts, users } from '../schema/index.ts';

interface DemoStaff {
  name: string;
  surname: string;
  role: RoleCode;
  locale: string;
  phone: string;
  /** Blocked by an admin: shown as blocked in the accounts list, their sign-in refused. */
  blocked?: boolean;
  /** Created and invited, but no password chosen yet. */
  invited?: boolean;
  access?: ClientAccess;
  telephony?: { userId: string; number: string };
}

/**
 * Colleagues of the demo sign-ins, so the user, agent and account lists have something to show:
 * a few per role, some blocked, some still invited, with different access to clients and telephony.
 */
export const DEMO_STAFF: readonly DemoStaff[] = [
  { name: 'Luca', surname: 'Rossi', role: 'sales_agent', locale: 'it', phone: '079 311 22 41', access: 'b2c' },
  { name: 'Sandra', surname: 'Huber', role: 'sales_agent', locale: 'de', phone: '078 422 10 93' },
  { name: 'Thomas', surname: 'Widmer', role: 'sales_agent', locale: 'de', phone: '076 510 77 02', blocked: true },
  { name: 'Nadia', surname: 'Gerber', role: 'sales_agent', locale: 'de', phone: '079 640 18 55', invited: true },
  {
    name: 'Fabienne',
    surname: 'Rochat',
    role: 'call_agent',
    locale: 'en',
    phone: '021 601 44 10',
    telephony: { userId: '810233', number: '+41 21 601 44 10' },
  },
  {
    name: 'Reto',
    surname: 'Baumann',
    role: 'call_agent',
    locale: 'de',
    phone: '044 512 30 20',
    blocked: true,
    telephony: { userId: '810234', number: '+41 44 512 30 20' },
  },
  {
    name: 'Elena',
    surname: 'Bianchi',
    role: 'call_agent',
    locale: 'it',
    phone: '091 922 15 60',
    access: 'b2b',
    telephony: { userId: '810235', number: '+41 91 922 15 60' },
  },
  { name: 'Jonas', surname: 'Steiner', role: 'prom_agent', locale: 'de', phone: '079 233 81 14', access: 'none' },
  { name: 'Chiara', surname: 'Conti', role: 'prom_agent', locale: 'it', phone: '076 390 42 77', invited: true },
  { name: 'Beat', surname: 'Zürcher', role: 'partner', locale: 'de', phone: '031 381 90 12', access: 'none' },
  { name: 'Monique', surname: 'Dubois', role: 'partner', locale: 'en', phone: '022 781 55 30', blocked: true, access: 'none' },
  { name: 'Simon', surname: 'Frei', role: 'ocr_manager', locale: 'de', phone: '061 271 40 08', access: 'none' },
  { name: 'Daniela', surname: 'Graf', role: 'independent_agent', locale: 'de', phone: '079 812 60 35', access: 'b2c' },
  { name: 'Yves', surname: 'Perrin', role: 'independent_agent', locale: 'en', phone: '078 655 21 49', invited: true },
  { name: 'Martin', surname: 'Schmid', role: 'admin', locale: 'de', phone: '044 210 11 00' },
];

function emailOf(s: DemoStaff): string {
  const plain = `${s.name}.${s.surname}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
  return `${plain}@demo.test`;
}

/** Adds DEMO_STAFF with their accounts; `passwordHash` is the demo password's, for those who signed up. */
export async function seedDemoStaff(tx: Tx, passwordHash: string, createdById: number | null): Promise<number> {
  const rows = await tx
    .insert(users)
    .values(
      DEMO_STAFF.map((s) => ({
        roleId: roleByCode(s.role).id,
        email: emailOf(s),
        passwordHash: s.invited ? null : passwordHash,
        name: s.name,
        surname: s.surname,
        phone: s.phone,
        phoneE164: normalisePhone(s.phone) ?? null,
        locale: s.locale,
        isActive: !s.blocked,
        createdById,
      })),
    )
    .returning({ id: users.id });
  await tx.insert(accounts).values(
    DEMO_STAFF.map((s, i) => ({
      userId: rows[i]!.id,
      accessToClients: s.access ?? 'all',
      telephonyUserId: s.telephony?.userId ?? null,
      telephonyNumber: s.telephony?.number ?? null,
    })),
  );
  return rows.length;
}
