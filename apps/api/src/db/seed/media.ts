/**
 * Small real media files made in code for the demo data: PNG images with simple shapes and block
 * letters, WAV sounds of sine tones and one-page PDF documents. Each opens in any browser or player.
 */
import { encodePng } from './png.ts';

export type Rgb = readonly [number, number, number];

// PNG

/** 5×7 block letters, one string of five bits per row. */
const GLYPHS: Record<string, readonly string[]> = {
  A: ['01110', '10001', '10001', '11111', '10001', '10001', '10001'],
  B: ['11110', '10001', '10001', '11110', '10001', '10001', '11110'],
  C: ['01110', '10001', '10000', '10000', '10000', '10001', '01110'],
  D: ['11110', '10001', '10001', '10001', '10001', '10001', '11110'],
  E: ['11111', '10000', '10000', '11110', '10000', '10000', '11111'],
  F: ['11111', '10000', '10000', '11110', '10000', '10000', '10000'],
  G: ['01110', '10001', '10000', '10111', '10001', '10001', '01111'],
  H: ['10001', '10001', '10001', '11111', '10001', '10001', '10001'],
  I: ['01110', '00100', '00100', '00100', '00100', '00100', '01110'],
  J: ['00111', '00010', '00010', '00010', '00010', '10010', '01100'],
  K: ['10001', '10010', '10100', '11000', '10100', '10010', '10001'],
  L: ['10000', '10000', '10000', '10000', '10000', '10000', '11111'],
  M: ['10001', '11011', '10101', '10101', '10001', '10001', '10001'],
  N: ['10001', '10001', '11001', '10101', '10011', '10001', '10001'],
  O: ['01110', '10001', '10001', '10001', '10001', '10001', '01110'],
  P: ['11110', '10001', '10001', '11110', '10000', '10000', '10000'],
  Q: ['01110', '10001', '10001', '10001', '10101', '10010', '01101'],
  R: ['11110', '10001', '10001', '11110', '10100', '10010', '10001'],
  S: ['01111', '10000', '10000', '01110', '00001', '00001', '11110'],
  T: ['11111', '00100', '00100', '00100', '00100', '00100', '00100'],
  U: ['10001', '10001', '10001', '10001', '10001', '10001', '01110'],
  V: ['10001', '10001', '10001', '10001', '10001', '01010', '00100'],
  W: ['10001', '10001', '10001', '10101', '10101', '10101', '01010'],
  X: ['10001', '10001', '01010', '00100', '01010', '10001', '10001'],
  Y: ['10001', '10001', '01010', '00100', '00100', '00100', '00100'],
  Z: ['11111', '00001', '00010', '00100', '01000', '10000', '11111'],
  '0': ['01110', '10001', '10011', '10101', '11001', '10001', '01110'],
  '1': ['00100', '01100', '00100', '00100', '00100', '00100', '01110'],
  '2': ['01110', '10001', '00001', '00010', '00100', '01000', '11111'],
  '3': ['11111', '00010', '00100', '00010', '00001', '10001', '01110'],
  '4': ['00010', '00110', '01010', '10010', '11111', '00010', '00010'],
  '5': ['11111', '10000', '11110', '00001', '00001', '10001', '01110'],
  '6': ['00110', '01000', '10000', '11110', '10001', '10001', '01110'],
  '7': ['11111', '00001', '00010', '00100', '01000', '01000', '01000'],
  '8': ['01110', '10001', '10001', '01110', '10001', '10001', '01110'],
  '9': ['01110', '10001', '10001', '01111', '00001', '00010', '01100'],
  ' ': ['00000', '00000', '00000', '00000', '00000', '00000', '00000'],
  '-': ['00000', '00000', '00000', '11111', '00000', '00000', '00000'],
  '.': ['00000', '00000', '00000', '00000', '00000', '01100', '01100'],
  '!': ['00100', '00100', '00100', '00100', '00100', '00000', '00100'],
  '/': ['00001', '00010', '00010', '00100', '01000', '01000', '10000'],
};

/** A picture to draw on with simple shapes; `png()` encodes it. */
export class Canvas {
  readonly pixels: Buffer;

  constructor(
    readonly width: number,
    readonly height: number,
    background: Rgb,
  ) {
    this.pixels = Buffer.alloc(width * height * 3);
    this.rect(0, 0, width, height, background);
  }

  private set(x: number, y: number, [r, g, b]: Rgb, alpha = 1): void {
    if (x < 0 || y < 0 || x >= this.width || y >= this.height) {
      return;
    }
    const i = (y * this.width + x) * 3;
    this.pixels[i] = Math.round(this.pixels[i]! * (1 - alpha) + r * alpha);
    this.pixels[i + 1] = Math.round(this.pixels[i + 1]! * (1 - alpha) + g * alpha);
    this.pixels[i + 2] = Math.round(this.pixels[i + 2]! * (1 - alpha) + b * alpha);
  }

  rect(x: number, y: number, w: number, h: number, colour: Rgb, alpha = 1): this {
    const [x0, x1] = [Math.max(0, Math.round(x)), Math.min(this.width, Math.round(x + w))];
    const [y0, y1] = [Math.max(0, Math.round(y)), Math.min(this.height, Math.round(y + h))];
    if (x1 <= x0 || y1 <= y0) {
      return this;
    }
    if (alpha >= 1) {
      // Opaque: one row of the colour, copied into each line.
      const row = Buffer.alloc((x1 - x0) * 3);
      const [r, g, b] = colour.map(Math.round) as [number, number, number];
      for (let i = 0; i < row.length; i += 3) {
        row[i] = r;
        row[i + 1] = g;
        row[i + 2] = b;
      }
      for (let j = y0; j < y1; j += 1) {
        row.copy(this.pixels, (j * this.width + x0) * 3);
      }
      return this;
    }
    for (let j = y0; j < y1; j += 1) {
      for (let i = x0; i < x1; i += 1) {
        this.set(i, j, colour, alpha);
      }
    }
    return this;
  }

  circle(cx: number, cy: number, radius: number, colour: Rgb, alpha = 1): this {
    for (let j = Math.floor(cy - radius); j <= Math.ceil(cy + radius); j += 1) {
      for (let i = Math.floor(cx - radius); i <= Math.ceil(cx + radius); i += 1) {
        if ((i - cx) ** 2 + (j - cy) ** 2 <= radius ** 2) {
          this.set(i, j, colour, alpha);
        }
      }
    }
    return this;
  }

  /** Vertical gradient from `top` to `bottom` over the whole picture. */
  gradient(top: Rgb, bottom: Rgb): this {
    for (let j = 0; j < this.height; j += 1) {
      const f = j / Math.max(1, this.height - 1);
      const colour: Rgb = [0, 1, 2].map((k) => top[k]! + (bottom[k]! - top[k]!) * f) as unknown as Rgb;
      this.rect(0, j, this.width, 1, colour);
    }
    return this;
  }

  /** Block letters `scale` pixels per dot, centred on `cy` (and on `cx`, or starting at `x` when given). */
  text(value: string, cy: number, scale: number, colour: Rgb, opts: { cx?: number; x?: number } = {}): this {
    const glyphs = [...value.toUpperCase()].map((ch) => GLYPHS[ch] ?? GLYPHS[' ']!);
    const width = glyphs.length * 6 * scale - scale;
    let x = opts.x ?? Math.round((opts.cx ?? this.width / 2) - width / 2);
    const y = Math.round(cy - (7 * scale) / 2);
    for (const glyph of glyphs) {
      glyph.forEach((row, j) => {
        [...row].forEach((bit, i) => {
          if (bit === '1') {
            this.rect(x + i * scale, y + j * scale, scale, scale, colour);
          }
        });
      });
      x += 6 * scale;
    }
    return this;
  }

  png(): Buffer {
    return encodePng(this.width, this.height, this.pixels);
  }
}

// WAV

export interface Tone {
  /** Hertz; 0 is a pause. */
  frequency: number;
  seconds: number;
}

/** 16-bit mono PCM: each tone softly faded in and out so that nothing clicks. */
export function wav(tones: readonly Tone[], sampleRate = 16_000, volume = 0.35): Buffer {
  const samples: number[] = [];
  for (const tone of tones) {
    const n = Math.round(tone.seconds * sampleRate);
    const fade = Math.min(n / 2, Math.round(0.02 * sampleRate));
    for (let i = 0; i < n; i += 1) {
      const envelope = Math.min(1, i / fade, (n - 1 - i) / fade);
      // A touch of the octave makes the tone rounder than a bare sine.
      const t = i / sampleRate;
      const wave = Math.sin(2 * Math.PI * tone.frequency * t) * 0.8 + Math.sin(4 * Math.PI * tone.frequency * t) * 0.2;
      samples.push(tone.frequency > 0 ? wave * envelope * volume : 0);
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(Math.round(Math.max(-1, Math.min(1, s)) * 32767), i * 2));
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16); // size of the fmt chunk
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28); // bytes per second
  header.writeUInt16LE(2, 32); // bytes per sample frame
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

// PDF

/** Text in a PDF string: Latin-1 (WinAnsi) with its three special characters escaped. */
function pdfText(value: string): string {
  return value.replace(/[\\()]/g, (c) => `\\${c}`);
}

/**
 * A one-page A4 PDF: a title and lines of text in Helvetica. The cross-reference table carries the
 * real byte offsets, so strict readers open it without repairing it.
 */
export function pdf(title: string, lines: readonly string[]): Buffer {
  const content = [
    'BT',
    '/F2 22 Tf',
    '56 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 12 Tf',
    '0 -36 Td',
    '16 TL',
    ...lines.map((line) => `(${pdfText(line)}) '`),
    'ET',
    // A coloured bar under the title.
    '0.12 0.43 0.78 rg',
    '56 752 483 3 re f',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
