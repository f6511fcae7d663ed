import { z } from 'zod';
import { ACADEMY_KINDS } from '../academy.ts';
import { zRequiredText } from '../validation.ts';
import { fileDto } from './files.ts';

export * from '../academy.ts';

/** Ids beyond PostgreSQL's integer cannot exist; they are refused as invalid rather than reaching SQL. */
const MAX_ID = 2_147_483_647;

/** An id typed into a form or sent as a string in a form body: "" and nothing mean "missing". */
const zId = () =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number().int('invalid_value').positive('invalid_value').max(MAX_ID, 'invalid_value'),
  );

export const academyKindParams = z.object({ kind: z.enum(ACADEMY_KINDS) });

/** GET /api/slides/ (videos, audios, docs): the optional category argument narrows to one category. */
export const academyQuery = z.object({
  category: z.coerce.number().int('invalid_value').positive('invalid_value').max(MAX_ID, 'invalid_value').optional(),
});
export type AcademyQuery = z.infer<typeof academyQuery>;

/** POST /api/academy/{kind}/categories and PUT /api/academy/categories/{id}. */
export const academyCategoryBody = z.object({ name: zRequiredText(120) });
export type AcademyCategoryBody = z.infer<typeof academyCategoryBody>;

/** PUT …/position: where the category or item goes, 0 = first; a larger number means last. */
export const academyPositionBody = z.object({ position: z.number().int('invalid_value').min(0, 'invalid_value') });
export type AcademyPositionBody = z.infer<typeof academyPositionBody>;

/**
 * The fields of an item: the form fields of the upload (POST /api/academy/{kind}/items, sent before
 * the file) and the JSON body of PUT /api/academy/items/{id}.
 */
export const academyItemBody = z.object({
  title: zRequiredText(200),
  description: z.string().trim().max(2000, 'too_long').default(''),
  category_id: zId(),
});
export type AcademyItemBody = z.infer<typeof academyItemBody>;

export const academyItemDto = z.object({
  id: z.number(),
  kind: z.enum(ACADEMY_KINDS),
  title: z.string(),
  description: z.string(),
  /** 0-based place within its category. */
  position: z.number(),
  category: z.object({ id: z.number(), name: z.string() }),
  /** `file.url` plays, shows or downloads it (with byte ranges, so players can seek). */
  file: fileDto,
});
export type AcademyItemDto = z.infer<typeof academyItemDto>;

export const academyCategoryDto = z.object({
  id: z.number(),
  kind: z.enum(ACADEMY_KINDS),
  name: z.string(),
  position: z.number(),
  item_count: z.number(),
});
export type AcademyCategoryDto = z.infer<typeof academyCategoryDto>;

/** A category with its items in order. */
export const academyGroupDto = academyCategoryDto.extend({ items: z.array(academyItemDto) });
export type AcademyGroupDto = z.infer<typeof academyGroupDto>;

/** The answer of the four GET endpoints: categories in order, each with its items; empty ones too. */
export const academyListDto = z.object({
  data: z.array(academyGroupDto),
  /** Whether the signed-in user may add, change, reorder and remove (academy.manage). */
  can_manage: z.boolean(),
});
export type AcademyListDto = z.infer<typeof academyListDto>;

export const academyCategoryAnswer = z.object({ data: academyCategoryDto });
export const academyCategoriesAnswer = z.object({ data: z.array(academyCategoryDto) });
export const academyItemAnswer = z.object({ data: academyItemDto });
export const academyItemsAnswer = z.object({ data: z.array(academyItemDto) });
export const academyCategoryDeletedDto = z.object({ data: z.object({ id: z.number(), items_deleted: z.number() }) });
export const academyItemDeletedDto = z.object({ data: z.object({ id: z.number() }) });
