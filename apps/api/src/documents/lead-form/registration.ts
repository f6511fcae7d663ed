import { MARK_SIZE, MARKS, ORIENTATION_BAR, PAGE, type Rect } from './layout.ts';

/** A grey image, one byte a pixel, row by row. */
export interface Gray {
  data: Uint8Array;
  width: number;
  height: number;
}

export interface Point {
  x: number;
  y: number;
}

/** A projective map, row-major 3×3 (the last entry 1): template points → image pixels. */
export type Homography = readonly number[];

/** The homography taking each `from[i]` to `to[i]` (four points, no three on a line). */
export function solveHomography(from: readonly Point[], to: readonly Point[]): Homography | null {
  const a: number[][] = [];
  for (let i = 0; i < 4; i++) {
    const { x, y } = from[i] as Point;
    const { x: u, y: v } = to[i] as Point;
    a.push([x, y, 1, 0, 0, 0, -u * x, -u * y, u]);
    a.push([0, 0, 0, x, y, 1, -v * x, -v * y, v]);
  }
  // Gauss–Jordan elimination with partial pivoting on the 8×9 augmented matrix.
  for (let col = 0; col < 8; col++) {
    let pivot = col;
    for (let r = col + 1; r < 8; r++) {
      if (Math.abs((a[r] as number[])[col] as number) > Math.abs((a[pivot] as number[])[col] as number)) {
        pivot = r;
      }
    }
    const p = a[pivot] as number[];
    if (Math.abs(p[col] as number) < 1e-12) {
      return null;
    }
    a[pivot] = a[col] as number[];
    a[col] = p;
    const div = p[col] as number;
    for (let c = col; c < 9; c++) {
      p[c] = (p[c] as number) / div;
    }
    for (let r = 0; r < 8; r++) {
      const row = a[r] as number[];
      const f = row[col] as number;
      if (r !== col && f !== 0) {
        for (let c = col; c < 9; c++) {
          row[c] = (row[c] as number) - f * (p[c] as number);
        }
      }
    }
  }
  return [...a.map((row) => row[8] as number), 1];
}

export function project(h: Homography, x: number, y: number): Point {
  const w = (h[6] as number) * x + (h[7] as number) * y + (h[8] as number);
  return {
    x: ((h[0] as number) * x + (h[1] as number) * y + (h[2] as number)) / w,
    y: ((h[3] as number) * x + (h[4] as number) * y + (h[5] as number)) / w,
  };
}

/**
 * A template rectangle sampled out of the image through `h` at `scale` pixels per point (bilinear), white outside
 * the image: the field as if the page had been scanned straight.
 */
export function sampleRect(img: Gray, h: Homography, rect: Rect, scale: number): Gray {
  const width = Math.max(1, Math.round(rect.w * scale));
  const height = Math.max(1, Math.round(rect.h * scale));
  const out = new Uint8Array(width * height);
  const { data, width: iw, height: ih } = img;
  for (let j = 0; j < height; j++) {
    const ty = rect.y + (j + 0.5) / scale;
    for (let i = 0; i < width; i++) {
      const tx = rect.x + (i + 0.5) / scale;
      const w = (h[6] as number) * tx + (h[7] as number) * ty + (h[8] as number);
      const sx = ((h[0] as number) * tx + (h[1] as number) * ty + (h[2] as number)) / w - 0.5;
      const sy = ((h[3] as number) * tx + (h[4] as number) * ty + (h[5] as number)) / w - 0.5;
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      if (x0 < 0 || y0 < 0 || x0 + 1 >= iw || y0 + 1 >= ih) {
        out[j * width + i] = 255;
        continue;
      }
      const fx = sx - x0;
      const fy = sy - y0;
      const k = y0 * iw + x0;
      const top = (data[k] as number) * (1 - fx) + (data[k + 1] as number) * fx;
      const bottom = (data[k + iw] as number) * (1 - fx) + (data[k + iw + 1] as number) * fx;
      out[j * width + i] = Math.round(top * (1 - fy) + bottom * fy);
    }
  }
  return { data: out, width, height };
}

interface Blob {
  cx: number;
  cy: number;
  area: number;
  w: number;
  h: number;
}

/** Dark pixels: darker than 60 % of the neighbourhood's mean (a window an eighth of the image), so shadows pass. */
function binarize(img: Gray): Uint8Array {
  const { data, width, height } = img;
  const integral = new Float64Array((width + 1) * (height + 1));
  for (let y = 0; y < height; y++) {
    let rowSum = 0;
    for (let x = 0; x < width; x++) {
      rowSum += data[y * width + x] as number;
      integral[(y + 1) * (width + 1) + x + 1] = (integral[y * (width + 1) + x + 1] as number) + rowSum;
    }
  }
  const r = Math.max(8, Math.round(Math.max(width, height) / 16));
  const out = new Uint8Array(width * height);
  for (let y = 0; y < height; y++) {
    const y0 = Math.max(0, y - r);
    const y1 = Math.min(height, y + r + 1);
    for (let x = 0; x < width; x++) {
      const x0 = Math.max(0, x - r);
      const x1 = Math.min(width, x + r + 1);
      const sum =
        (integral[y1 * (width + 1) + x1] as number) -
        (integral[y0 * (width + 1) + x1] as number) -
        (integral[y1 * (width + 1) + x0] as number) +
        (integral[y0 * (width + 1) + x0] as number);
      const mean = sum / ((y1 - y0) * (x1 - x0));
      out[y * width + x] = (data[y * width + x] as number) < mean * 0.6 ? 1 : 0;
    }
  }
  return out;
}

/** Solid, roughly square dark blobs: where the registration marks may be. */
function squareBlobs(img: Gray): Blob[] {
  const { width, height } = img;
  const dark = binarize(img);
  const seen = new Uint8Array(width * height);
  const stack = new Int32Array(width * height);
  const blobs: Blob[] = [];
  const minSide = Math.max(6, Math.max(width, height) / 250);
  for (let start = 0; start < dark.length; start++) {
    if (!dark[start] || seen[start]) {
      continue;
    }
    let top = 0;
    stack[top++] = start;
    seen[start] = 1;
    let area = 0;
    let sx = 0;
    let sy = 0;
    let minX = width;
    let maxX = 0;
    let minY = height;
    let maxY = 0;
    while (top > 0) {
      const p = stack[--top] as number;
      const x = p % width;
      const y = (p - x) / width;
      area++;
      sx += x;
      sy += y;
      minX = Math.min(minX, x);
      maxX = Math.max(maxX, x);
      minY = Math.min(minY, y);
      maxY = Math.max(maxY, y);
      if (x > 0 && dark[p - 1] && !seen[p - 1]) {
        seen[p - 1] = 1;
        stack[top++] = p - 1;
      }
      if (x + 1 < width && dark[p + 1] && !seen[p + 1]) {
        seen[p + 1] = 1;
        stack[top++] = p + 1;
      }
      if (y > 0 && dark[p - width] && !seen[p - width]) {
        seen[p - width] = 1;
        stack[top++] = p - width;
      }
      if (y + 1 < height && dark[p + width] && !seen[p + width]) {
        seen[p + width] = 1;
        stack[top++] = p + width;
      }
    }
    const w = maxX - minX + 1;
    const h = maxY - minY + 1;
    if (w < minSide || h < minSide || w / h > 1.5 || h / w > 1.5) {
      continue;
    }
    // A square turned by θ fills cos²-ish of its bounding box: 1 upright, 0.5 at 45°; skew stays well under 20°.
    if (area / (w * h) < 0.6) {
      continue;
    }
    blobs.push({ cx: sx / area + 0.5, cy: sy / area + 0.5, area, w, h });
  }
  return blobs;
}

function area4(p: readonly Point[]): number {
  let s = 0;
  for (let i = 0; i < p.length; i++) {
    const a = p[i] as Point;
    const b = p[(i + 1) % p.length] as Point;
    s += a.x * b.y - b.x * a.y;
  }
  return Math.abs(s) / 2;
}

const dist = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);

/** Four blobs in clockwise order (y downwards) around their centre. */
function clockwise(points: Point[]): Point[] {
  const cx = points.reduce((s, p) => s + p.x, 0) / points.length;
  const cy = points.reduce((s, p) => s + p.y, 0) / points.length;
  return [...points].sort((a, b) => Math.atan2(a.y - cy, a.x - cx) - Math.atan2(b.y - cy, b.x - cx));
}

/** The mean grey of a template rectangle seen through `h`. */
function meanOf(img: Gray, h: Homography, rect: Rect): number {
  const s = sampleRect(img, h, rect, 1);
  let sum = 0;
  for (const v of s.data) {
    sum += v;
  }
  return sum / s.data.length;
}

const MARK_W = (MARKS[1] as Point).x - (MARKS[0] as Point).x;
const MARK_H = (MARKS[3] as Point).y - (MARKS[0] as Point).y;
/** A white strip under the orientation bar, to compare the bar with. */
const BELOW_BAR: Rect = { x: ORIENTATION_BAR.x, y: ORIENTATION_BAR.y + ORIENTATION_BAR.h + 6, w: ORIENTATION_BAR.w, h: 14 };

export interface Registration {
  /** Template points → pixels of the image given. */
  h: Homography;
  /** The marks as found (image pixels), TL, TR, BR, BL of the template. */
  marks: Point[];
}

/**
 * Finds the four corner marks on a (small) picture of the page and the way up, and answers the homography
 * from the template onto it; null when the marks are not there (another paper, a corner cut off or covered).
 */
export function register(img: Gray): Registration | null {
  const blobs = squareBlobs(img)
    .sort((a, b) => b.area - a.area)
    .slice(0, 14);
  let best: { score: number; reg: Registration } | null = null;
  for (let a = 0; a < blobs.length; a++) {
    for (let b = a + 1; b < blobs.length; b++) {
      for (let c = b + 1; c < blobs.length; c++) {
        for (let d = c + 1; d < blobs.length; d++) {
          const four = [blobs[a], blobs[b], blobs[c], blobs[d]] as Blob[];
          const areas = four.map((f) => f.area);
          if (Math.max(...areas) > 2.5 * Math.min(...areas)) {
            continue;
          }
          const pts = clockwise(four.map((f) => ({ x: f.cx, y: f.cy })));
          const sides = pts.map((p, i) => dist(p, pts[(i + 1) % 4] as Point));
          const [s0, s1, s2, s3] = sides as [number, number, number, number];
          // Opposite sides about equal (perspective allowed), and the page's proportions either way round.
          if (Math.max(s0, s2) > 1.6 * Math.min(s0, s2) || Math.max(s1, s3) > 1.6 * Math.min(s1, s3)) {
            continue;
          }
          const ratio = (s0 + s2) / (s1 + s3);
          const expected = MARK_W / MARK_H;
          const fitsRatio = [expected, 1 / expected].some((e) => ratio > e * 0.7 && ratio < e * 1.4);
          if (!fitsRatio) {
            continue;
          }
          // The marks' size against the page: a mark is MARK_SIZE of the MARK_W-wide rectangle.
          const short = Math.min(s0 + s2, s1 + s3) / 2;
          const side = Math.sqrt(areas.reduce((s, v) => s + v, 0) / 4);
          const rel = side / short / (MARK_SIZE / MARK_W);
          if (rel < 0.55 || rel > 1.6) {
            continue;
          }
          const quad = area4(pts);
          for (let shift = 0; shift < 4; shift++) {
            const marks = [0, 1, 2, 3].map((i) => pts[(i + shift) % 4] as Point);
            const h = solveHomography(MARKS, marks);
            if (!h) {
              continue;
            }
            const bar = meanOf(img, h, ORIENTATION_BAR);
            const paper = meanOf(img, h, BELOW_BAR);
            if (paper - bar < 0.3 * paper) {
              continue;
            }
            const score = quad * (paper - bar);
            if (!best || score > best.score) {
              best = { score, reg: { h, marks } };
            }
          }
        }
      }
    }
  }
  return best?.reg ?? null;
}

/** The homography of a page filling the whole image (when no marks were found). */
export function wholeImage(width: number, height: number): Homography {
  return solveHomography(
    [
      { x: 0, y: 0 },
      { x: PAGE.width, y: 0 },
      { x: PAGE.width, y: PAGE.height },
      { x: 0, y: PAGE.height },
    ],
    [
      { x: 0, y: 0 },
      { x: width, y: 0 },
      { x: width, y: height },
      { x: 0, y: height },
    ],
  ) as Homography;
}

/** `h` (template → small image) for the full image, `factor` times larger. */
export function scaleHomography(h: Homography, factor: number): Homography {
  return h.map((v, i) => (i < 6 ? v * factor : v));
}
