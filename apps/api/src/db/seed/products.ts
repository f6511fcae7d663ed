import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { francsToRappen, type ProductStatus, type ProductType } from '@bo/domain';
import type { FileStorage } from '../../integrations/storage/index.ts';
import type { Tx } from '../client.ts';
import { files, productCategories, products } from '../schema/index.ts';
import { encodePng } from './png.ts';

type Shape = 'drop' | 'wind' | 'gift' | 'cartridge' | 'gear';
type Rgb = readonly [number, number, number];

interface DemoProduct {
  code: string;
  name: string;
  type: ProductType;
  /** As the price list writes it. */
  price: string;
  status?: ProductStatus;
  category: string;
  shape: Shape;
  colour: Rgb;
}

const CATEGORIES = ['Wasseraufbereitung', 'Luftreinigung', 'Werbegeschenke', 'Filter & Kartuschen', 'Service & Zubehör'] as const;

const WATER: Rgb = [21, 101, 192];
const AIR: Rgb = [0, 150, 136];

/** Spec 3: six main products (water and air devices) and nine promotion gifts, plus accessories. */
export const DEMO_PRODUCTS: DemoProduct[] = [
  {
    code: 'AQ-500',
    name: 'AquaPur 500 Wasserfilter',
    type: 'main',
    price: "2'490.00",
    category: 'Wasseraufbereitung',
    shape: 'drop',
    colour: WATER,
  },
  {
    code: 'AQ-700',
    name: 'AquaPur 700 Osmoseanlage',
    type: 'main',
    price: "3'890.00",
    category: 'Wasseraufbereitung',
    shape: 'drop',
    colour: [40, 53, 147],
  },
  {
    code: 'AQ-DUO',
    name: 'KalkStop Duo Entkalker',
    type: 'main',
    price: "1'690.00",
    category: 'Wasseraufbereitung',
    shape: 'drop',
    colour: [2, 136, 209],
  },
  {
    code: 'AIR-PRO',
    name: 'AirClean Pro Luftreiniger',
    type: 'main',
    price: "1'890.00",
    category: 'Luftreinigung',
    shape: 'wind',
    colour: AIR,
  },
  {
    code: 'AIR-MAX',
    name: 'AirClean Max Luftwäscher',
    type: 'main',
    price: "2'290.00",
    category: 'Luftreinigung',
    shape: 'wind',
    colour: [46, 125, 50],
  },
  {
    code: 'AIR-HUM',
    name: 'AirBalance Luftbefeuchter',
    type: 'main',
    price: '990.00',
    category: 'Luftreinigung',
    shape: 'wind',
    colour: [0, 131, 143],
  },

  {
    code: 'G-THERMO',
    name: 'Thermosflasche',
    type: 'gift',
    price: '29.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [198, 40, 40],
  },
  {
    code: 'G-KNIFE',
    name: 'Schweizer Sackmesser',
    type: 'gift',
    price: '39.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [211, 47, 47],
  },
  {
    code: 'G-BOARD',
    name: 'Bambus-Schneidebrett',
    type: 'gift',
    price: '24.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [142, 36, 170],
  },
  {
    code: 'G-BOTTLE',
    name: 'Glas-Trinkflasche',
    type: 'gift',
    price: '19.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [216, 27, 96],
  },
  {
    code: 'G-BAG',
    name: 'Baumwoll-Einkaufstasche',
    type: 'gift',
    price: '9.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [245, 124, 0],
  },
  {
    code: 'G-BLANKET',
    name: 'Kuscheldecke',
    type: 'gift',
    price: '34.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [93, 64, 55],
  },
  {
    code: 'G-TEA',
    name: 'Teeset Kräutergarten',
    type: 'gift',
    price: '14.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [85, 139, 47],
  },
  {
    code: 'G-UMBRELLA',
    name: 'Taschenschirm',
    type: 'gift',
    price: '19.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [69, 90, 100],
  },
  {
    code: 'G-TORCH',
    name: 'Schlüsselanhänger mit Taschenlampe',
    type: 'gift',
    price: '7.90',
    category: 'Werbegeschenke',
    shape: 'gift',
    colour: [251, 140, 0],
  },

  {
    code: 'H-SHOWER',
    name: 'Duschfilter Vita',
    type: 'hula',
    price: '89.00',
    category: 'Service & Zubehör',
    shape: 'drop',
    colour: [0, 172, 193],
  },
  {
    code: 'H-CARAFE',
    name: 'Wasserkaraffe AquaPur',
    type: 'hula',
    price: '59.00',
    category: 'Service & Zubehör',
    shape: 'drop',
    colour: [57, 73, 171],
  },
  {
    code: 'H-AROMA',
    name: 'Aroma-Diffusor',
    type: 'hula',
    price: '79.00',
    category: 'Service & Zubehör',
    shape: 'wind',
    colour: [123, 31, 162],
  },

  {
    code: 'F-AQ500',
    name: 'Ersatzfilter AquaPur 500',
    type: 'other',
    price: '129.00',
    category: 'Filter & Kartuschen',
    shape: 'cartridge',
    colour: WATER,
  },
  {
    code: 'F-AQ700',
    name: 'Osmose-Membran AquaPur 700',
    type: 'other',
    price: '189.00',
    category: 'Filter & Kartuschen',
    shape: 'cartridge',
    colour: [40, 53, 147],
  },
  {
    code: 'F-HEPA',
    name: 'HEPA-Filter AirClean Pro',
    type: 'other',
    price: '149.00',
    category: 'Filter & Kartuschen',
    shape: 'cartridge',
    colour: AIR,
  },
  {
    code: 'F-CARBON',
    name: 'Aktivkohle-Kartusche',
    type: 'other',
    price: '69.00',
    category: 'Filter & Kartuschen',
    shape: 'cartridge',
    colour: [66, 66, 66],
  },
  {
    code: 'F-AQ300',
    name: 'Ersatzfilter AquaPur 300',
    type: 'other',
    price: '99.00',
    status: 'archived',
    category: 'Filter & Kartuschen',
    shape: 'cartridge',
    colour: [120, 144, 156],
  },
  {
    code: 'S-WATER',
    name: 'Servicekit Wasser (jährlich)',
    type: 'other',
    price: '249.00',
    category: 'Service & Zubehör',
    shape: 'gear',
    colour: [21, 101, 192],
  },
  {
    code: 'S-AIR',
    name: 'Servicekit Luft (jährlich)',
    type: 'other',
    price: '199.00',
    status: 'draft',
    category: 'Service & Zubehör',
    shape: 'gear',
    colour: AIR,
  },
];

// Pictures: a coloured tile with a soft disc and a white symbol of what the product is.

/** 0 outside, 1 the white symbol, 2 a detail in the tile's darker colour. */
type Paint = 0 | 1 | 2;

function capsule(x: number, y: number, x1: number, x2: number, cy: number, r: number): boolean {
  const nearest = Math.min(Math.max(x, x1), x2);
  return (x - nearest) ** 2 + (y - cy) ** 2 <= r * r;
}

const SHAPES: Record<Shape, (x: number, y: number) => Paint> = {
  drop: (x, y) => {
    const inCircle = (x - 0.5) ** 2 + (y - 0.58) ** 2 <= 0.04;
    // The sides are the tangents from the tip (0.5, 0.2) to the circle; they touch it at y ≈ 0.475.
    const inTip = y >= 0.2 && y <= 0.475 && Math.abs(x - 0.5) <= (y - 0.2) * 0.619;
    return inCircle || inTip ? 1 : 0;
  },
  wind: (x, y) => {
    if (capsule(x, y, 0.2, 0.6, 0.36, 0.035) || capsule(x, y, 0.2, 0.74, 0.5, 0.035) || capsule(x, y, 0.2, 0.54, 0.64, 0.035)) {
      return 1;
    }
    // The upper line curls up at its end, the lower one down.
    const up = Math.hypot(x - 0.6, y - 0.285);
    const down = Math.hypot(x - 0.54, y - 0.715);
    const curlUp = up >= 0.04 && up <= 0.11 && (x >= 0.6 || y <= 0.285);
    const curlDown = down >= 0.04 && down <= 0.11 && (x >= 0.54 || y >= 0.715);
    return curlUp || curlDown ? 1 : 0;
  },
  gift: (x, y) => {
    const lid = x >= 0.22 && x <= 0.78 && y >= 0.34 && y <= 0.46;
    const box = x >= 0.26 && x <= 0.74 && y >= 0.46 && y <= 0.8;
    if (lid || box) {
      return Math.abs(x - 0.5) <= 0.045 || (box && Math.abs(y - 0.46) <= 0.012) ? 2 : 1;
    }
    // The bow: two rings above the lid.
    const dy = (y - 0.27) * (y - 0.27);
    const left = (x - 0.42) * (x - 0.42) + dy;
    const right = (x - 0.58) * (x - 0.58) + dy;
    return (left <= 0.005625 && left >= 0.001225) || (right <= 0.005625 && right >= 0.001225) ? 1 : 0;
  },
  cartridge: (x, y) => {
    // A cylinder 0.3 wide from y 0.26 to 0.76, with elliptic ends (radii 0.15 and 0.05).
    const ex = ((x - 0.5) / 0.15) * ((x - 0.5) / 0.15);
    const topEnd = ex + ((y - 0.26) / 0.05) * ((y - 0.26) / 0.05);
    if (topEnd <= 1) {
      return topEnd <= 0.49 ? 2 : 1;
    }
    const body = ex <= 1 && y >= 0.26 && y <= 0.76;
    if (body) {
      return Math.abs(y - 0.42) <= 0.012 || Math.abs(y - 0.52) <= 0.012 || Math.abs(y - 0.62) <= 0.012 ? 2 : 1;
    }
    return ex + ((y - 0.76) / 0.05) * ((y - 0.76) / 0.05) <= 1 ? 1 : 0;
  },
  gear: (x, y) => {
    const r = Math.hypot(x - 0.5, y - 0.5);
    if (r <= 0.09 || r > 0.29) {
      return 0;
    }
    return r <= 0.22 || Math.cos(8 * Math.atan2(y - 0.5, x - 0.5)) > 0.35 ? 1 : 0;
  },
};

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/** Samples per pixel along each axis: 2×2 samples make the edges smooth. */
const SUPER = 2;

/**
 * Per sample (size·SUPER squared): the symbol's paint in the low two bits, 4 for its shadow, 8 for the
 * soft disc behind it. Computed once per shape and size; the colours come afterwards.
 */
const layouts = new Map<string, Uint8Array>();

function layout(shape: Shape, size: number): Uint8Array {
  const cacheKey = `${shape}:${size}`;
  const cached = layouts.get(cacheKey);
  if (cached) {
    return cached;
  }
  const n = size * SUPER;
  const paint = SHAPES[shape];
  const symbol = new Uint8Array(n * n);
  for (let iy = 0; iy < n; iy += 1) {
    for (let ix = 0; ix < n; ix += 1) {
      symbol[iy * n + ix] = paint((ix + 0.5) / n, (iy + 0.5) / n);
    }
  }
  // The shadow is the symbol again, a little lower and to the right.
  const dx = Math.round(0.012 * n);
  const dy = Math.round(0.018 * n);
  const out = new Uint8Array(n * n);
  for (let iy = 0; iy < n; iy += 1) {
    for (let ix = 0; ix < n; ix += 1) {
      const x = (ix + 0.5) / n;
      const y = (iy + 0.5) / n;
      const shadow = ix >= dx && iy >= dy && symbol[(iy - dy) * n + (ix - dx)] !== 0 ? 4 : 0;
      const disc = (x - 0.5) ** 2 + (y - 0.52) ** 2 <= 0.38 ** 2 ? 8 : 0;
      out[iy * n + ix] = symbol[iy * n + ix]! | shadow | disc;
    }
  }
  layouts.set(cacheKey, out);
  return out;
}

/** A square picture of `size` pixels: a tile in the product's colour with a white symbol. */
export function productPicture(shape: Shape, colour: Rgb, size = 240): Buffer {
  const cells = layout(shape, size);
  const n = size * SUPER;
  const top = mix(colour, WHITE, 0.18);
  const bottom = mix(colour, BLACK, 0.18);
  const detail = mix(colour, BLACK, 0.1);
  // The colour of every kind of sample, per row of samples (the background is a vertical gradient).
  const palette = new Float64Array(n * 16 * 3);
  for (let iy = 0; iy < n; iy += 1) {
    const t = (iy + 0.5) / n;
    for (let cell = 0; cell < 16; cell += 1) {
      for (let c = 0; c < 3; c += 1) {
        let v: number;
        if ((cell & 3) === 1) {
          v = 255;
        } else if ((cell & 3) === 2) {
          v = detail[c]!;
        } else {
          v = top[c]! + (bottom[c]! - top[c]!) * t;
          if (cell & 8) {
            v += (255 - v) * 0.12;
          }
          if (cell & 4) {
            v *= 0.78;
          }
        }
        palette[(iy * 16 + cell) * 3 + c] = v;
      }
    }
  }
  const pixels = new Uint8Array(size * size * 3);
  const samples = SUPER * SUPER;
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let r = 0;
      let g = 0;
      let b = 0;
      for (let sy = 0; sy < SUPER; sy += 1) {
        const iy = py * SUPER + sy;
        for (let sx = 0; sx < SUPER; sx += 1) {
          const at = (iy * 16 + cells[iy * n + px * SUPER + sx]!) * 3;
          r += palette[at]!;
          g += palette[at + 1]!;
          b += palette[at + 2]!;
        }
      }
      const out = (py * size + px) * 3;
      pixels[out] = Math.round(r / samples);
      pixels[out + 1] = Math.round(g / samples);
      pixels[out + 2] = Math.round(b / samples);
    }
  }
  return encodePng(size, size, pixels);
}

/** Puts a picture into the file storage (which takes finished files) and answers its storage key. */
async function store(storage: FileStorage, dir: string, bytes: Buffer): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  const temp = path.join(dir, key);
  await fs.writeFile(temp, bytes);
  await storage.putFile(key, temp, 'image/png', bytes.length);
  return key;
}

/**
 * The demo catalogue: categories, products with their prices in Rappen and, when a storage is given,
 * a generated picture each, stored like an upload so it is served by GET /api/files/{id}.
 */
export async function seedProducts(
  tx: Tx,
  storage: FileStorage | undefined,
): Promise<{ categories: number; products: number; pictures: number }> {
  const categoryRows = await tx
    .insert(productCategories)
    .values(CATEGORIES.map((name) => ({ name })))
    .returning({ id: productCategories.id, name: productCategories.name });
  const categoryId = new Map(categoryRows.map((c) => [c.name, c.id]));

  const pictures = new Map<string, string>();
  if (storage) {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-seed-products-'));
    try {
      const stored = await Promise.all(
        DEMO_PRODUCTS.map(async (p) => {
          const bytes = productPicture(p.shape, p.colour);
          return { code: p.code, bytes: bytes.length, key: await store(storage, dir, bytes) };
        }),
      );
      const fileRows = await tx
        .insert(files)
        .values(
          stored.map((s) => ({
            kind: 'image' as const,
            contentType: 'image/png',
            sizeBytes: s.bytes,
            originalName: `${s.code}.png`,
            storageKey: s.key,
          })),
        )
        .returning({ id: files.id, originalName: files.originalName });
      for (const row of fileRows) {
        pictures.set(row.originalName.replace(/\.png$/, ''), row.id);
      }
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  // Inserted one after the other, oldest first, so the list's "newest change first" starts with the last.
  const now = Date.now();
  await tx.insert(products).values(
    DEMO_PRODUCTS.map((p, i) => {
      const changed = new Date(now - (DEMO_PRODUCTS.length - i) * 60_000);
      return {
        code: p.code,
        name: p.name,
        type: p.type,
        defaultPrice: francsToRappen(p.price)!,
        status: p.status ?? 'active',
        categoryId: categoryId.get(p.category) ?? null,
        imageFileId: pictures.get(p.code) ?? null,
        createdAt: changed,
        updatedAt: changed,
      };
    }),
  );
  return { categories: categoryRows.length, products: DEMO_PRODUCTS.length, pictures: pictures.size };
}
