import type { FileDto } from '@bo/domain';
import type { FileRow } from './repo.ts';

/** What leaves the server about a stored file: where to download it, never where it is stored. */
export function toFileDto(row: FileRow): FileDto {
  return {
    id: row.id,
    kind: row.kind,
    content_type: row.contentType,
    size: row.sizeBytes,
    name: row.originalName,
    url: fileUrl(row.id),
  };
}

/** Where the browser downloads a stored file (served to whoever may see it). */
export function fileUrl(id: string): string {
  return `/api/files/${id}`;
}
