import { z } from 'zod';
import { FILE_KINDS } from '../uploads.ts';

export const fileDto = z.object({
  id: z.string(),
  kind: z.enum(FILE_KINDS),
  content_type: z.string(),
  size: z.number(),
  name: z.string(),
  /** Where the browser fetches it; served only to roles that may see it. */
  url: z.string(),
});
export type FileDto = z.infer<typeof fileDto>;

export const uploadAnswer = z.object({ file: fileDto });

export const fileParams = z.object({ id: z.uuid('invalid_value') });
