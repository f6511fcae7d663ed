import { Box } from '@mui/material';
import { normalisePhone } from '@bo/domain';

/** The same test the server makes: digits and phone punctuation with at least six digits. */
const PHONE_LIKE = /^[+\d][\d\s/().-]*$/;

/** The E.164 form of a search that the server looks up as a phone number; undefined for a text search. */
export function searchedPhone(query: string): string | undefined {
  const q = query.trim();
  return PHONE_LIKE.test(q) && q.replace(/\D/g, '').length >= 6 ? normalisePhone(q) : undefined;
}

/** The words of a text search, as the server splits them. */
export function searchWords(query: string): string[] {
  return query.trim().split(/\s+/).filter(Boolean).slice(0, 5);
}

/**
 * `text` cut into pieces, each marked when one of `words` occurs there (case does not matter);
 * overlapping matches join into one piece.
 */
export function highlightParts(text: string, words: readonly string[]): { text: string; match: boolean }[] {
  const lower = text.toLowerCase();
  const marked = new Array<boolean>(text.length).fill(false);
  for (const word of words) {
    const w = word.toLowerCase();
    if (!w) {
      continue;
    }
    for (let at = lower.indexOf(w); at !== -1; at = lower.indexOf(w, at + 1)) {
      marked.fill(true, at, at + w.length);
    }
  }
  const parts: { text: string; match: boolean }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) {
      last.text += text[i];
    } else {
      parts.push({ text: text[i] ?? '', match: marked[i] ?? false });
    }
  }
  return parts;
}

/** How a match is marked: a light amber that keeps the text readable on white and on a selected row. */
export const MARK_SX = { bgcolor: 'rgba(255, 193, 7, 0.4)', color: 'inherit', borderRadius: 0.5, px: 0.25 } as const;

/** A text with the searched words marked. */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  return (
    <>
      {highlightParts(text, words).map((part, i) =>
        part.match ? (
          <Box key={i} component="mark" sx={MARK_SX}>
            {part.text}
          </Box>
        ) : (
          part.text
        ),
      )}
    </>
  );
}
