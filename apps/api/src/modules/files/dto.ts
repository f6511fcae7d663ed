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
    url: `/api/files/${row.id}`,
  };
}
