import {
  agentName,
  roleById,
  toLanguage,
  type AgentDto,
  type PlainUserDto,
  type SalesAgentUserDto,
  type UserListItemDto,
} from '@bo/domain';
import type { UserListRow } from './repo.ts';

function roleOf(row: UserListRow) {
  const role = roleById(row.roleId);
  if (!role) {
    throw new Error(`user ${row.id} has the unknown role id ${row.roleId}`);
  }
  return role;
}

/** What the user lists show about a user; a new column of `users` never leaks by itself. */
export function toUserListItemDto(row: UserListRow): UserListItemDto {
  const role = roleOf(row);
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    role: { id: role.id, code: role.code, abbr: role.abbr },
    locale: toLanguage(row.locale) ?? 'de',
    is_active: row.isActive,
    signed_up: row.signedUp,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A client in a picker: who they are and how to reach them. */
export function toPlainUserDto(row: UserListRow): PlainUserDto {
  return {
    id: row.id,
    name: row.name,
    surname: row.surname,
    email: row.email,
    phone: row.phone,
    mobile_phone: row.mobilePhone,
    zipcode: row.zipcode,
    city: row.city,
    is_active: row.isActive,
  };
}

/** Spec 3 "Sales agent / call agent": id, name (first and last), is_active; nothing else. */
export function toAgentDto(row: UserListRow): AgentDto {
  return { id: row.id, name: agentName(row.name, row.surname), is_active: row.isActive };
}

export function toSalesAgentUserDto(row: UserListRow): SalesAgentUserDto {
  const code = roleOf(row).code;
  if (code !== 'sales_agent' && code !== 'independent_agent') {
    throw new Error(`user ${row.id} is a ${code}, not an agent who performs presentations`);
  }
  return { ...toAgentDto(row), role: code };
}
