import { encodePng } from '../src/db/seed/png.ts';

/** A real PNG of one colour, `size` pixels square. */
export function png(size = 4, rgb: [number, number, number] = [30, 110, 200]): Buffer {
  return encodePng(
    size,
    size,
    Uint8Array.from({ length: size * size * 3 }, (_, i) => rgb[i % 3]!),
  );
}

/** The start of an MP4 (an `ftyp` box), enough for content sniffing. */
export function mp4(extra = 64): Buffer {
  const ftyp = Buffer.concat([
    Buffer.from([0, 0, 0, 0x18]),
    Buffer.from('ftypisom', 'ascii'),
    Buffer.from([0, 0, 2, 0]),
    Buffer.from('isomiso2', 'ascii'),
  ]);
  return Buffer.concat([ftyp, Buffer.alloc(extra)]);
}

export function pdf(): Buffer {
  return Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
}

/** A Windows executable's header: what a renamed .exe starts with. */
export function exe(): Buffer {
  const buf = Buffer.alloc(512);
  buf.write('MZ', 0, 'ascii');
  buf.writeUInt32LE(0x80, 0x3c);
  buf.write('PE\0\0', 0x80, 'binary');
  return buf;
}

/** A multipart/form-data body with one file, for `app.inject`. */
export function multipart(file: Buffer, filename: string, field = 'file', contentType = 'application/octet-stream') {
  const boundary = `----bo${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    file,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
