/** One slice of a pie chart drawn as an SVG path. */
export interface PieSlice {
  /** Index of the value the slice stands for. */
  index: number;
  value: number;
  /** Share of the total in percent (0–100), unrounded. */
  percent: number;
  /** SVG path data; a whole circle when the value is the only one above zero. */
  path: string;
  startAngle: number;
  endAngle: number;
}

const round = (n: number) => {
  const r = Math.round(n * 1000) / 1000;
  return Object.is(r, -0) ? 0 : r;
};

/** The point at `angle` radians, measured clockwise from twelve o'clock. */
function pointAt(cx: number, cy: number, r: number, angle: number): string {
  return `${round(cx + r * Math.sin(angle))} ${round(cy - r * Math.cos(angle))}`;
}

/**
 * Arcs from cumulative shares, clockwise from twelve o'clock. Zero, negative and non-finite values
 * get no slice (they still appear in a legend with 0 %); with nothing to show the answer is empty.
 */
export function pieSlices(values: readonly number[], geometry: { cx: number; cy: number; r: number }): PieSlice[] {
  const { cx, cy, r } = geometry;
  const usable = values.map((v) => (Number.isFinite(v) && v > 0 ? v : 0));
  const total = usable.reduce((a, b) => a + b, 0);
  if (total <= 0) {
    return [];
  }
  const slices: PieSlice[] = [];
  let cumulative = 0;
  usable.forEach((value, index) => {
    if (value === 0) {
      return;
    }
    const startAngle = (cumulative / total) * 2 * Math.PI;
    cumulative += value;
    const endAngle = (cumulative / total) * 2 * Math.PI;
    const percent = (value / total) * 100;
    let path: string;
    if (value === total) {
      // One arc cannot start and end at the same point: a whole circle is two half arcs.
      path = `M ${pointAt(cx, cy, r, 0)} A ${r} ${r} 0 1 1 ${pointAt(cx, cy, r, Math.PI)} A ${r} ${r} 0 1 1 ${pointAt(cx, cy, r, 0)} Z`;
    } else {
      const largeArc = endAngle - startAngle > Math.PI ? 1 : 0;
      path = `M ${round(cx)} ${round(cy)} L ${pointAt(cx, cy, r, startAngle)} A ${r} ${r} 0 ${largeArc} 1 ${pointAt(cx, cy, r, endAngle)} Z`;
    }
    slices.push({ index, value, percent, path, startAngle, endAngle });
  });
  return slices;
}

/** Shares in percent of each value (0 when the total is 0), for the legend beside a pie. */
export function sharesOf(values: readonly number[]): number[] {
  const total = values.reduce((a, b) => a + (Number.isFinite(b) && b > 0 ? b : 0), 0);
  return values.map((v) => (total > 0 && Number.isFinite(v) && v > 0 ? (v / total) * 100 : 0));
}
