/**
 * Demo content of the academy that really plays: slide decks as generated PNG images, sounds as
 * generated WAV files, documents as generated PDFs and one short MP4 (made once with ffmpeg and kept
 * in assets/; nothing here needs ffmpeg). The bytes go through the configured file storage.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AcademyKind, FileKind } from '@bo/domain';
import type { FileStorage } from '../../integrations/storage/index.ts';
import type { Tx } from '../client.ts';
import { academyCategories, academyItems, files } from '../schema/index.ts';
import { Canvas, pdf, wav, type Rgb, type Tone } from './media.ts';

const ASSETS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'assets');

interface DemoFile {
  bytes: Buffer;
  name: string;
  kind: FileKind;
  contentType: string;
}

interface DemoItem {
  title: string;
  description: string;
  file: () => Promise<DemoFile> | DemoFile;
}

const WHITE: Rgb = [255, 255, 255];
const W = 960;
const H = 540;

function slide(name: string, top: Rgb, bottom: Rgb, draw: (c: Canvas) => void): () => DemoFile {
  return () => {
    const canvas = new Canvas(W, H, top).gradient(top, bottom);
    draw(canvas);
    return { bytes: canvas.png(), name, kind: 'image', contentType: 'image/png' };
  };
}

/** A numbered step of the sales talk: a big number in a circle and the step's name. */
function step(n: number, word: string, colour: Rgb): () => DemoFile {
  return slide(`gespraech-${n}.png`, colour, [20, 40, 70], (c) => {
    c.circle(W / 2, 200, 90, WHITE, 0.95).text(String(n), 200, 14, colour);
    c.text(word, 390, 10, WHITE);
    for (let i = 1; i <= 3; i += 1) {
      c.circle(W / 2 + (i - 2) * 40, 480, 10, WHITE, i === n ? 1 : 0.35);
    }
  });
}

function sound(name: string, tones: Tone[]): () => DemoFile {
  return () => ({ bytes: wav(tones), name, kind: 'audio', contentType: 'audio/wav' });
}

function document(name: string, title: string, lines: string[]): () => DemoFile {
  return () => ({ bytes: pdf(title, lines), name, kind: 'document', contentType: 'application/pdf' });
}

const note = (frequency: number, seconds = 0.35): Tone => ({ frequency, seconds });

const CONTENT: { kind: AcademyKind; name: string; items: DemoItem[] }[] = [
  {
    kind: 'slides',
    name: 'Produktschulung',
    items: [
      {
        title: 'Willkommen',
        description: 'Worum es in der Schulung geht.',
        file: slide('willkommen.png', [30, 110, 200], [12, 50, 110], (c) => {
          c.circle(140, 110, 160, WHITE, 0.08).circle(860, 470, 220, WHITE, 0.08);
          c.text('Willkommen', 240, 12, WHITE).text('Produktschulung', 340, 5, [200, 230, 255]);
        }),
      },
      {
        title: 'Reines Wasser',
        description: 'Was unsere Wasserfilter leisten.',
        file: slide('wasser.png', [0, 150, 190], [0, 80, 130], (c) => {
          c.circle(230, 290, 110, WHITE, 0.9).rect(180, 120, 100, 100, [0, 150, 190]);
          c.circle(230, 290, 70, [0, 188, 212]);
          c.text('Reines', 230, 10, WHITE, { x: 420 }).text('Wasser', 340, 10, WHITE, { x: 420 });
        }),
      },
      {
        title: 'Frische Luft',
        description: 'Luftreiniger im Alltag: leise, sparsam, wirksam.',
        file: slide('luft.png', [46, 125, 50], [20, 70, 30], (c) => {
          for (let i = 0; i < 4; i += 1) {
            c.rect(90, 170 + i * 60, 260 - i * 40, 18, WHITE, 0.85 - i * 0.15);
          }
          c.text('Frische', 230, 10, WHITE, { x: 420 }).text('Luft', 340, 10, WHITE, { x: 420 });
        }),
      },
      {
        title: 'Danke',
        description: 'Fragen? Ihre Teamleitung hilft gerne weiter.',
        file: slide('danke.png', [245, 124, 0], [190, 60, 0], (c) => {
          c.circle(W / 2, 200, 80, WHITE, 0.9).text('!', 200, 14, [245, 124, 0]);
          c.text('Danke', 390, 12, WHITE);
        }),
      },
    ],
  },
  {
    kind: 'slides',
    name: 'Verkaufsgespräch in drei Schritten',
    items: [
      { title: 'Kontakt', description: 'Freundlich begrüssen, sich vorstellen, Zeit erfragen.', file: step(1, 'Kontakt', [94, 53, 177]) },
      { title: 'Bedarf', description: 'Zuhören und nachfragen: Was braucht der Haushalt?', file: step(2, 'Bedarf', [0, 121, 107]) },
      {
        title: 'Abschluss',
        description: 'Angebot zusammenfassen und den nächsten Schritt vereinbaren.',
        file: step(3, 'Abschluss', [198, 40, 40]),
      },
    ],
  },
  {
    kind: 'videos',
    name: 'Einführung',
    items: [
      {
        title: 'Willkommen in der Akademie',
        description: 'Ein kurzer Gruss zum Start, zum Ausprobieren des Players.',
        file: async () => ({
          bytes: await fs.readFile(path.join(ASSETS, 'academy-welcome.mp4')),
          name: 'willkommen.mp4',
          kind: 'video',
          contentType: 'video/mp4',
        }),
      },
    ],
  },
  {
    kind: 'audios',
    name: 'Telefonleitfaden',
    items: [
      {
        title: 'Begrüssung am Telefon',
        description: 'Hörbeispiel: der Einstieg ins Gespräch.',
        file: sound('begruessung.wav', [note(523.25), note(659.25), note(783.99), note(1046.5, 0.8), note(0, 0.3), note(783.99, 0.6)]),
      },
      {
        title: 'Rückruf vereinbaren',
        description: 'Hörbeispiel: einen Termin für den Rückruf festhalten.',
        file: sound('rueckruf.wav', [note(392), note(440), note(493.88), note(587.33, 0.7), note(0, 0.25), note(493.88), note(392, 0.8)]),
      },
    ],
  },
  {
    kind: 'docs',
    name: 'Unterlagen',
    items: [
      {
        title: 'Checkliste Hausbesuch',
        description: 'Zum Ausdrucken: alles für die Vorführung beim Kunden.',
        file: document('checkliste-hausbesuch.pdf', 'Checkliste Hausbesuch', [
          'Vor dem Termin: Adresse prüfen, Vorführgerät und Prospekte einpacken.',
          'Beim Kunden: begrüssen, Bedarf erfragen, das Gerät zeigen.',
          'Zum Schluss: Angebot zusammenfassen, nächsten Schritt vereinbaren.',
          'Nach dem Termin: Ergebnis im Back Office erfassen.',
        ]),
      },
      {
        title: 'Produktblatt Wasserfilter',
        description: 'Die wichtigsten Fakten auf einer Seite.',
        file: document('produktblatt-wasserfilter.pdf', 'Produktblatt Wasserfilter', [
          'Filtert Kalk, Chlor und Schwebstoffe aus dem Leitungswasser.',
          'Einfacher Filterwechsel alle sechs Monate.',
          'Garantie: zwei Jahre, auf Wunsch verlängerbar.',
        ]),
      },
    ],
  },
];

/** Stores the bytes under a random key and records the file, as an upload would. */
async function storeFile(tx: Tx, storage: FileStorage, dir: string, file: DemoFile, createdById: number | null): Promise<string> {
  const key = randomBytes(24).toString('base64url');
  const temp = path.join(dir, key);
  await fs.writeFile(temp, file.bytes);
  await storage.putFile(key, temp, file.contentType, file.bytes.length);
  const [row] = await tx
    .insert(files)
    .values({
      kind: file.kind,
      contentType: file.contentType,
      sizeBytes: file.bytes.length,
      originalName: file.name,
      storageKey: key,
      createdById,
    })
    .returning({ id: files.id });
  return row!.id;
}

export async function seedAcademy(
  tx: Tx,
  storage: FileStorage,
  createdById: number | null = null,
): Promise<{ categories: number; items: number }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'bo-seed-academy-'));
  const counts = { categories: 0, items: 0 };
  const positions = new Map<AcademyKind, number>();
  try {
    for (const group of CONTENT) {
      const position = positions.get(group.kind) ?? 0;
      positions.set(group.kind, position + 1);
      const [category] = await tx
        .insert(academyCategories)
        .values({ kind: group.kind, name: group.name, position })
        .returning({ id: academyCategories.id });
      counts.categories += 1;
      for (const [i, item] of group.items.entries()) {
        const fileId = await storeFile(tx, storage, dir, await item.file(), createdById);
        await tx.insert(academyItems).values({
          kind: group.kind,
          categoryId: category!.id,
          title: item.title,
          description: item.description,
          fileId,
          position: i,
        });
        counts.items += 1;
      }
    }
    return counts;
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}
