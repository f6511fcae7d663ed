/**
 * What may be uploaded: the content type is sniffed from the bytes (never taken from the name), and
 * each kind has its own size limit.
 */
/** `contract`: the signed contract of a presentation, photographed on a tablet or scanned to PDF. */
export const FILE_KINDS = ['image', 'video', 'audio', 'document', 'contract'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const MB = 1024 * 1024;

export const UPLOAD_RULES: Record<FileKind, { maxBytes: number; types: readonly string[] }> = {
  image: { maxBytes: 5 * MB, types: ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] },
  video: { maxBytes: 200 * MB, types: ['video/mp4', 'video/webm', 'video/quicktime'] },
  audio: {
    maxBytes: 50 * MB,
    types: ['audio/mpeg', 'audio/mp4', 'audio/x-m4a', 'audio/ogg', 'audio/wav', 'audio/x-wav', 'audio/vnd.wave'],
  },
  document: {
    maxBytes: 50 * MB,
    types: [
      'application/pdf',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
  },
  contract: { maxBytes: 20 * MB, types: ['image/png', 'image/jpeg', 'image/webp', 'image/heic', 'application/pdf'] },
};

export type UploadVerdict = { ok: true } | { ok: false; reason: 'too_large' | 'wrong_type' | 'empty' };

/** Whether a sniffed content type and a size fit the kind an endpoint expects. */
export function checkUpload(kind: FileKind, sniffedType: string | undefined, sizeBytes: number): UploadVerdict {
  if (sizeBytes === 0) {
    return { ok: false, reason: 'empty' };
  }
  const rule = UPLOAD_RULES[kind];
  if (sizeBytes > rule.maxBytes) {
    return { ok: false, reason: 'too_large' };
  }
  if (!sniffedType || !rule.types.includes(sniffedType)) {
    return { ok: false, reason: 'wrong_type' };
  }
  return { ok: true };
}

/** `bytes=0-499`, `bytes=500-`, `bytes=-500` → an inclusive range within the size; undefined when unusable. */
export function parseByteRange(header: string | undefined, size: number): { start: number; end: number } | undefined {
  const m = header ? /^bytes=(\d*)-(\d*)$/.exec(header.trim()) : null;
  if (!m || size === 0 || (m[1] === '' && m[2] === '')) {
    return undefined;
  }
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) {
      return undefined;
    }
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  return start <= end && start < size ? { start, end } : undefined;
}
