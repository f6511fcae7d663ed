import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { LeadFormField } from './layout.ts';
import { leadFormPdf, type FillStyle } from './lead-form.pdf.ts';
import { sampleRect, solveHomography, type Gray } from './registration.ts';

/*
 * Filled forms as a scanner or a phone would give them back, for the tests and the labelled set of the OCR
 * benchmark (bench/ocr-quality.ts): printed at some resolution, then turned, blurred, scaled, noised, JPEG'd, or
 * photographed (perspective, uneven light, a table around the sheet).
 */

const run = promisify(execFile);

/** A filled form printed and scanned straight: a grey PNG at `dpi`. */
export async function filledFormPng(
  values: Partial<Record<LeadFormField, string | null>>,
  opts: { dpi?: number; style?: FillStyle } = {},
): Promise<Buffer> {
  const pdf = await leadFormPdf({ values, style: opts.style ?? 'plain' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lead-form-'));
  try {
    await fs.writeFile(path.join(dir, 'form.pdf'), pdf);
    await run('pdftoppm', [
      '-r',
      String(opts.dpi ?? 200),
      '-gray',
      '-png',
      '-singlefile',
      path.join(dir, 'form.pdf'),
      path.join(dir, 'page'),
    ]);
    return await fs.readFile(path.join(dir, 'page.png'));
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export interface Degradation {
  /** Degrees, clockwise. */
  rotate?: number;
  /** Gaussian blur sigma in pixels. */
  blur?: number;
  /** Resize factor. */
  scale?: number;
  /** Gaussian noise, standard deviation in grey levels. */
  noise?: number;
  /** JPEG quality; none: PNG. */
  jpeg?: number;
  /** A phone photo: the sheet on a table in perspective (corners moved by up to this share of the size), light falling off. */
  photo?: number;
  /** 180°: the sheet went through the scanner upside down. */
  upsideDown?: boolean;
  /** Seed of the random noise and perspective. */
  seed?: number;
}

/** A small deterministic random source (mulberry32). */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

async function gray(img: Buffer): Promise<Gray> {
  const { data, info } = await sharp(img).grayscale().raw().toBuffer({ resolveWithObject: true });
  return { data: new Uint8Array(data.buffer, data.byteOffset, data.length), width: info.width, height: info.height };
}

const rawInput = (g: Gray) => ({ raw: { width: g.width, height: g.height, channels: 1 as const } });

/** The page photographed: on a darker table, in perspective, lit from one side. */
function photograph(page: Gray, amount: number, rnd: () => number): Gray {
  const margin = 0.08;
  const width = Math.round(page.width * (1 + 2 * margin));
  const height = Math.round(page.height * (1 + 2 * margin));
  const jitter = (v: number, size: number) => v + (rnd() * 2 - 1) * amount * size;
  const mx = page.width * margin;
  const my = page.height * margin;
  // Where the page's corners land in the photo.
  const corners = [
    { x: jitter(mx, page.width), y: jitter(my, page.height) },
    { x: jitter(mx + page.width, page.width), y: jitter(my, page.height) },
    { x: jitter(mx + page.width, page.width), y: jitter(my + page.height, page.height) },
    { x: jitter(mx, page.width), y: jitter(my + page.height, page.height) },
  ];
  // Photo pixel → page pixel, sampled as a rectangle of the photo.
  const h = solveHomography(corners, [
    { x: 0, y: 0 },
    { x: page.width, y: 0 },
    { x: page.width, y: page.height },
    { x: 0, y: page.height },
  ]);
  if (!h) {
    return page;
  }
  const table = 70 + Math.round(rnd() * 40);
  const out = sampleRect(page, h, { x: 0, y: 0, w: width, h: height }, 1);
  const light0 = 0.72 + rnd() * 0.15;
  const dir = rnd() < 0.5;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = y * width + x;
      const w = (h[6] as number) * x + (h[7] as number) * y + (h[8] as number);
      const px = ((h[0] as number) * x + (h[1] as number) * y + (h[2] as number)) / w;
      const py = ((h[3] as number) * x + (h[4] as number) * y + (h[5] as number)) / w;
      const inside = px >= 0 && py >= 0 && px < page.width && py < page.height;
      const t = dir ? x / width : y / height;
      const light = light0 + (1 - light0) * t;
      out.data[i] = Math.round((inside ? (out.data[i] as number) : table) * light);
    }
  }
  return out;
}

/** A scan or photo of `png` with the given faults. */
export async function degrade(png: Buffer, d: Degradation): Promise<Buffer> {
  const rnd = random(d.seed ?? 1);
  let img = sharp(png).grayscale();
  if (d.upsideDown) {
    img = img.rotate(180);
  }
  if (d.rotate) {
    img = img.rotate(d.rotate, { background: '#ffffff' });
  }
  let g = await gray(await img.png({ compressionLevel: 1 }).toBuffer());
  if (d.photo) {
    g = photograph(g, d.photo, rnd);
  }
  let s = sharp(Buffer.from(g.data.buffer, g.data.byteOffset, g.data.length), rawInput(g));
  if (d.scale && d.scale !== 1) {
    s = s.resize({ width: Math.round(g.width * d.scale) });
  }
  if (d.blur) {
    s = s.blur(d.blur);
  }
  g = await gray(await s.toColourspace('b-w').png({ compressionLevel: 1 }).toBuffer());
  if (d.noise) {
    for (let i = 0; i < g.data.length; i++) {
      // Box–Muller.
      const n = Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
      g.data[i] = Math.max(0, Math.min(255, Math.round((g.data[i] as number) + n * (d.noise ?? 0))));
    }
  }
  const out = sharp(Buffer.from(g.data.buffer, g.data.byteOffset, g.data.length), rawInput(g)).toColourspace('b-w');
  return d.jpeg ? out.jpeg({ quality: d.jpeg }).toBuffer() : out.png().toBuffer();
}
