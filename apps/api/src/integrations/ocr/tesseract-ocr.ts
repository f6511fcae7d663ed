import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { OcrError, type OcrEngine, type OcrText, type RecognizeOptions } from './ocr.ts';

export interface TesseractOptions {
  /** The program; `tesseract` on the PATH by default (Debian: tesseract-ocr with -deu, -fra, -ita). */
  binary?: string;
  timeoutMs?: number;
}

interface Word {
  page: number;
  line: string;
  conf: number;
  text: string;
}

/**
 * The local engine: the `tesseract` program (LSTM). Several images run in one process (a list file), because
 * loading the language model costs more than reading a field. One thread per process: the reader runs two
 * processes side by side on two cores.
 */
export function tesseractOcr(opts: TesseractOptions = {}): OcrEngine {
  const binary = opts.binary ?? 'tesseract';
  const timeoutMs = opts.timeoutMs ?? 60_000;

  async function recognizeMany(images: Buffer[], o: RecognizeOptions): Promise<OcrText[]> {
    if (images.length === 0) {
      return [];
    }
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ocr-'));
    try {
      const files = await Promise.all(
        images.map(async (img, i) => {
          const file = path.join(dir, `${i}.png`);
          await fs.writeFile(file, img);
          return file;
        }),
      );
      const list = path.join(dir, 'list.txt');
      await fs.writeFile(list, `${files.join('\n')}\n`);
      const args = [list, 'stdout', '-l', o.lang, '--psm', String(o.psm), '--oem', '1'];
      if (o.whitelist) {
        args.push('-c', `tessedit_char_whitelist=${o.whitelist}`);
      }
      args.push('-c', 'debug_file=/dev/null', 'tsv');
      const tsv = await run(binary, args, timeoutMs);
      return collect(parseTsv(tsv), images.length);
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  }

  return {
    provider: 'tesseract',
    async recognize(image, o) {
      const [one] = await recognizeMany([image], o);
      return one ?? { text: '', confidence: 0 };
    },
    recognizeMany,
  };
}

function run(binary: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, {
      env: { ...process.env, OMP_THREAD_LIMIT: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: timeoutMs,
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (c: Buffer) => out.push(c));
    child.stderr.on('data', (c: Buffer) => err.push(c));
    child.on('error', (cause) => reject(new OcrError('engine_failed', `${binary} could not start`, { cause })));
    child.on('close', (code, signal) => {
      if (code === 0) {
        resolve(Buffer.concat(out).toString('utf8'));
        return;
      }
      const detail = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-2).join(' ');
      reject(new OcrError('engine_failed', `${binary} ended with ${signal ?? code}${detail ? `: ${detail}` : ''}`));
    });
  });
}

/** Tesseract's TSV: level, page_num, block_num, par_num, line_num, word_num, left, top, width, height, conf, text. */
function parseTsv(tsv: string): Word[] {
  const words: Word[] = [];
  for (const line of tsv.split('\n')) {
    const cells = line.split('\t');
    if (cells[0] !== '5' || cells.length < 12) {
      continue;
    }
    const text = (cells[11] ?? '').trim();
    if (!text) {
      continue;
    }
    words.push({ page: Number(cells[1]), line: `${cells[2]}.${cells[3]}.${cells[4]}`, conf: Number(cells[10]), text });
  }
  return words;
}

function collect(words: Word[], count: number): OcrText[] {
  const answers: OcrText[] = [];
  for (let page = 1; page <= count; page++) {
    const mine = words.filter((w) => w.page === page);
    const lines: string[] = [];
    let current = '';
    let text = '';
    for (const w of mine) {
      if (w.line !== current) {
        if (text) {
          lines.push(text);
        }
        text = w.text;
        current = w.line;
      } else {
        text += ` ${w.text}`;
      }
    }
    if (text) {
      lines.push(text);
    }
    const confidence = mine.length ? Math.max(0, Math.min(...mine.map((w) => w.conf))) / 100 : 0;
    answers.push({ text: lines.join('\n').trim(), confidence });
  }
  return answers;
}
