import type { FileKind } from './uploads.ts';

/**
 * The academy (spec 2): slides, videos, audios and docs, each kind grouped by category. The kinds are
 * the spec's tab and endpoint names (`GET /api/slides/` …).
 */
export const ACADEMY_KINDS = ['slides', 'videos', 'audios', 'docs'] as const;
export type AcademyKind = (typeof ACADEMY_KINDS)[number];

/**
 * The file an item of each kind holds. A slide is one image: a category of slides is a deck that the
 * viewer pages through. Documents are PDF or Office files.
 */
export const ACADEMY_FILE_KIND: Record<AcademyKind, FileKind> = {
  slides: 'image',
  videos: 'video',
  audios: 'audio',
  docs: 'document',
};

/** What the browser's file picker offers for a kind (the server still checks the bytes). */
export const ACADEMY_ACCEPT: Record<AcademyKind, string> = {
  slides: 'image/png,image/jpeg,image/webp,image/gif',
  videos: 'video/mp4,video/webm,video/quicktime',
  audios: 'audio/mpeg,audio/mp4,audio/x-m4a,audio/ogg,audio/wav,.mp3,.m4a,.ogg,.wav',
  docs: '.pdf,.docx,.pptx,.xlsx,application/pdf',
};

/**
 * The order after moving `id` to `position` (0-based, clamped to the list): positions stay dense and
 * unique, whatever the caller asked for. An id not in the list leaves it unchanged.
 */
export function moveTo<T>(ids: readonly T[], id: T, position: number): T[] {
  const from = ids.indexOf(id);
  if (from < 0) {
    return [...ids];
  }
  const rest = ids.filter((_, i) => i !== from);
  const to = Number.isFinite(position) ? Math.min(Math.max(0, Math.trunc(position)), rest.length) : rest.length;
  return [...rest.slice(0, to), id, ...rest.slice(to)];
}
