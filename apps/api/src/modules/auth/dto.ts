import { roleByCode, toLanguage, type CurrentUserDto, type PrimaryColour, type RoleCode } from '@bo/domain';
import type { UserRow } from './repo.ts';

type Nullable<T extends string> = T | null;

/** What leaves the server about the signed-in user; a new column never leaks by itself. */
export function toCurrentUserDto(user: UserRow, roleCode: RoleCode, impersonator: { id: number; name: string } | null): CurrentUserDto {
  const role = roleByCode(roleCode);
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    surname: user.surname,
    role: { id: role.id, code: role.code, abbr: role.abbr },
    locale: toLanguage(user.locale) ?? 'de',
    phone: user.phone,
    mobile_phone: user.mobilePhone,
    address: user.address,
    zipcode: user.zipcode,
    city: user.city,
    gender: user.gender as Nullable<CurrentUserDto['gender'] & string>,
    relations: user.relations as Nullable<CurrentUserDto['relations'] & string>,
    working_status: user.workingStatus as Nullable<CurrentUserDto['working_status'] & string>,
    persons_at_home: user.personsAtHome as Nullable<CurrentUserDto['persons_at_home'] & string>,
    theme_colour: user.themeColour as PrimaryColour,
    is_active: user.isActive,
    impersonated_by: impersonator,
  };
}
