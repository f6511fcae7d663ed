import type { AcademyCategoryDto, AcademyGroupDto, AcademyItemDto } from '@bo/domain';
import { toFileDto } from '../files/index.ts';
import type { CategoryRow, ItemWithFile } from './repo.ts';

export function toAcademyCategoryDto(row: CategoryRow, itemCount: number): AcademyCategoryDto {
  return { id: row.id, kind: row.kind, name: row.name, position: row.position, item_count: itemCount };
}

export function toAcademyItemDto(row: ItemWithFile): AcademyItemDto {
  return {
    id: row.item.id,
    kind: row.item.kind,
    title: row.item.title,
    description: row.item.description,
    position: row.item.position,
    category: { id: row.item.categoryId, name: row.categoryName },
    file: toFileDto(row.file),
  };
}

/** Categories in order, each with its items in order (items arrive sorted by category, then position). */
export function toAcademyGroups(categories: { category: CategoryRow; items: number }[], items: ItemWithFile[]): AcademyGroupDto[] {
  const byCategory = new Map<number, AcademyItemDto[]>();
  for (const row of items) {
    const list = byCategory.get(row.item.categoryId) ?? [];
    list.push(toAcademyItemDto(row));
    byCategory.set(row.item.categoryId, list);
  }
  return categories.map(({ category, items: count }) => ({
    ...toAcademyCategoryDto(category, count),
    items: byCategory.get(category.id) ?? [],
  }));
}
