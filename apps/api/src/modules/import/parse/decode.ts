import iconv from 'iconv-lite';

export type TextEncoding = 'utf-8' | 'utf-8-bom' | 'utf-16le' | 'utf-16be' | 'windows-1252';

/**
 * The encoding of a text file a Swiss office produces: a byte-order mark first (UTF-8, UTF-16 LE or
 * BE), else UTF-8 when the bytes are valid UTF-8, else Windows-1252 (Excel's "CSV" on Windows).
 */
export function detectEncoding(bytes: Uint8Array): TextEncoding {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return 'utf-8-bom';
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) {
    return 'utf-16le';
  }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) {
    return 'utf-16be';
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return 'utf-8';
  } catch {
    return 'windows-1252';
  }
}

/** The file's text, its byte-order mark removed. */
export function decodeText(bytes: Buffer): { text: string; encoding: TextEncoding } {
  const encoding = detectEncoding(bytes);
  switch (encoding) {
    case 'utf-8':
      return { text: bytes.toString('utf8'), encoding };
    case 'utf-8-bom':
      return { text: bytes.subarray(3).toString('utf8'), encoding };
    case 'utf-16le':
      return { text: iconv.decode(bytes.subarray(2), 'utf-16le'), encoding };
    case 'utf-16be':
      return { text: iconv.decode(bytes.subarray(2), 'utf-16be'), encoding };
    case 'windows-1252':
      return { text: iconv.decode(bytes, 'win1252'), encoding };
  }
}

/**
 * Whether decoded text is text at all: no NUL anywhere and few control characters in its head (a binary
 * file renamed .csv is not). A NUL deep in a file would reach a row's stored cells, which PostgreSQL
 * refuses: the whole file is refused at its upload instead.
 */
export function looksLikeText(text: string): boolean {
  if (text.includes('\u0000')) {
    return false;
  }
  const head = text.slice(0, 64 * 1024);
  let control = 0;
  for (let i = 0; i < head.length; i += 1) {
    const c = head.charCodeAt(i);
    if (c < 32 && c !== 9 && c !== 10 && c !== 13) {
      control += 1;
    }
  }
  return control <= head.length / 100;
}
