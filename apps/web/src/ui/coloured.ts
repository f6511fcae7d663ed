import { readableTextColour } from '@bo/domain';

/**
 * A surface in one of the spec's colours (a status chip, a calendar event) with the text colour that
 * reads on it (black or white at 4.5:1 or more): the colour stays the spec's, the text follows it.
 */
export function colouredSx(background: string) {
  const text = readableTextColour(background);
  return { bgcolor: background, color: text, '& .MuiChip-deleteIcon': { color: text, opacity: 0.7 } } as const;
}
