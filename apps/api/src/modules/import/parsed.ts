import type { ParsedLeadFile } from './parse/index.ts';

/** The most cells kept in all (about a 100,000-row file of 25 columns, some 100 MB of the heap). */
const MAX_CELLS = 2_500_000;
/** How long an upload's cells wait for its mapping. */
const KEEP_MS = 10 * 60_000;

interface Kept {
  file: ParsedLeadFile;
  cells: number;
  timer: NodeJS.Timeout;
}

/** By stored file id, oldest first (a Map keeps the order of insertion). */
const kept = new Map<string, Kept>();
let keptCells = 0;

function drop(fileId: string): void {
  const entry = kept.get(fileId);
  if (entry) {
    clearTimeout(entry.timer);
    kept.delete(fileId);
    keptCells -= entry.cells;
  }
}

/**
 * Keeps the cells of a lead file this process has just read at its upload, for the check that follows
 * the mapping (moments later, as a rule, and in this process): the check then does not read the file a
 * second time (1 s for 100,000 CSV rows, 3 s as a workbook; docs/performance.md). A stored file never
 * changes, so its id names its cells. At most MAX_CELLS cells are kept (the oldest file goes first) and
 * none longer than KEEP_MS; a check that finds nothing here (another process, later, a second check of
 * the batch) reads the stored file, with the same result.
 */
export function keepParsed(fileId: string, file: ParsedLeadFile): void {
  drop(fileId);
  const cells = file.rows.length * Math.max(1, file.headers.length);
  if (cells > MAX_CELLS) {
    return;
  }
  for (const oldest of kept.keys()) {
    if (keptCells + cells <= MAX_CELLS) {
      break;
    }
    drop(oldest);
  }
  const timer = setTimeout(() => drop(fileId), KEEP_MS);
  // A waiting upload does not keep the process alive.
  timer.unref();
  kept.set(fileId, { file, cells, timer });
  keptCells += cells;
}

/** The kept cells of a stored file, handed over once (the check owns them then); undefined when not kept. */
export function takeParsed(fileId: string): ParsedLeadFile | undefined {
  const entry = kept.get(fileId);
  drop(fileId);
  return entry?.file;
}
