/**
 * Charts draw at most `CHART_MAX_POINTS` points per series (spec 9 chart defaults; docs/statistics.md):
 * a longer series is thinned by "largest triangle three buckets" (LTTB), which keeps the first and the
 * last point and, in each bucket between, the point that spans the largest triangle with its
 * neighbours, so peaks and troughs stay visible. A series at or under the limit is returned as is.
 */
export const CHART_MAX_POINTS = 1000;

export function downsample<T>(points: readonly T[], value: (p: T) => number, max = CHART_MAX_POINTS): T[] {
  if (max < 3 || points.length <= max) {
    return points.slice();
  }
  const out: T[] = [points[0]!];
  const bucket = (points.length - 2) / (max - 2);
  let a = 0;
  for (let i = 0; i < max - 2; i += 1) {
    // The average of the next bucket is the third corner of the triangle.
    const nextFrom = Math.floor((i + 1) * bucket) + 1;
    const nextTo = Math.min(Math.floor((i + 2) * bucket) + 1, points.length);
    let avgX = 0;
    let avgY = 0;
    for (let j = nextFrom; j < nextTo; j += 1) {
      avgX += j;
      avgY += value(points[j]!);
    }
    const n = Math.max(1, nextTo - nextFrom);
    avgX /= n;
    avgY /= n;
    const from = Math.floor(i * bucket) + 1;
    const to = Math.floor((i + 1) * bucket) + 1;
    const ay = value(points[a]!);
    let best = from;
    let bestArea = -1;
    for (let j = from; j < to; j += 1) {
      const area = Math.abs((a - avgX) * (value(points[j]!) - ay) - (a - j) * (avgY - ay));
      if (area > bestArea) {
        bestArea = area;
        best = j;
      }
    }
    out.push(points[best]!);
    a = best;
  }
  out.push(points[points.length - 1]!);
  return out;
}
