import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { downsample, formatNumber } from '@bo/domain';
import { useEffect, useMemo, useRef, useState } from 'react';

/** Spec 9 chart defaults: animation 360 ms, stroke width 2.5, 5 y-axis ticks. */
export const CHART_DEFAULTS = { animationMs: 360, strokeWidth: 2.5, yTicks: 5 } as const;

export interface ChartSeries {
  key: string;
  label: string;
}

/** Round tick steps (1, 2, 2.5, 5 × 10ⁿ) so that `count` ticks from 0 cover the largest value. */
function niceTicks(max: number, count: number): number[] {
  const span = Math.max(1, max);
  const raw = span / (count - 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s * (count - 1) >= span) ?? 10 * power;
  const whole = Math.max(1, Math.ceil(step));
  return Array.from({ length: count }, (_, i) => i * (step >= 1 ? whole : step));
}

/** The width of the element, followed as it changes (the chart fills its card at any size). */
function useWidth(): [React.RefObject<HTMLDivElement | null>, number] {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) {
      return undefined;
    }
    const observer = new ResizeObserver(([entry]) => setWidth(Math.floor(entry?.contentRect.width ?? 0)));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

/**
 * The one chart of the statistics screens (total statistics, leads, finances): lines or bars per month
 * (or any x), drawn as SVG by the app itself (no chart library: docs/performance.md "The chart
 * library's cost"), with the spec's defaults (lines drawn in 360 ms, stroke width 2.5, 5 y-axis ticks) and
 * the theme's colours in the order of the series; the legend keeps that order and wraps under the
 * chart, so the longer Italian and Russian names stay readable on a tablet; every point and bar says
 * its value on hover. A series of more than 1,000 points is thinned (`downsample`, keeping peaks).
 */
export function StatsChart<T extends Record<string, unknown>>(props: {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  data: T[];
  x: keyof T & string;
  series: ChartSeries[];
  /** The y axis' numbers (money in francs, counts); counts with de-CH grouping by default. */
  formatY?: (value: number) => string;
  formatTooltip?: (value: number) => string;
  tooltipLabel?: (point: T) => string;
  height?: number;
  children?: React.ReactNode;
}) {
  const theme = useTheme();
  const colours = [
    theme.palette.primary.main,
    theme.palette.success.main,
    theme.palette.warning.main,
    theme.palette.secondary.main,
    theme.palette.info.main,
    theme.palette.error.main,
  ];
  const first = props.series[0]?.key;
  const data = useMemo(() => (first ? downsample(props.data, (p) => Number(p[first] ?? 0)) : props.data), [props.data, first]);
  const formatY = props.formatY ?? ((v: number) => formatNumber(v));
  const formatTooltip = props.formatTooltip ?? formatY;
  const [ref, width] = useWidth();
  const height = (props.height ?? 300) - 40;
  const margin = { top: 10, right: 16, bottom: 24, left: 72 };
  const plotW = Math.max(0, width - margin.left - margin.right);
  const plotH = height - margin.top - margin.bottom;
  const value = (p: T, key: string) => Number(p[key] ?? 0) || 0;
  const max = Math.max(0, ...data.flatMap((p) => props.series.map((s) => value(p, s.key))));
  const ticks = niceTicks(max, CHART_DEFAULTS.yTicks);
  const top = ticks[ticks.length - 1]! || 1;
  const y = (v: number) => margin.top + plotH - (Math.max(0, v) / top) * plotH;
  const band = data.length > 0 ? plotW / data.length : 0;
  const cx = (i: number) => margin.left + band * (i + 0.5);
  const labelEvery = Math.max(1, Math.ceil(data.length / Math.max(1, Math.floor(plotW / 44))));
  const pointLabel = (p: T) => (props.tooltipLabel ? props.tooltipLabel(p) : String(p[props.x]));
  const barW = Math.max(1, Math.min(40, (band * 0.8) / Math.max(1, props.series.length)));

  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom id={`${props.id}-title`} data-testid={`${props.id}-title`}>
        {props.title}
      </Typography>
      <Box sx={{ width: '100%' }} role="img" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
        <Box ref={ref} sx={{ width: '100%', height }}>
          {width > 0 && (
            <svg width={width} height={height} style={{ display: 'block', overflow: 'visible' }}>
              <style>{`
                @keyframes ${props.id}-draw { from { stroke-dashoffset: 1; } to { stroke-dashoffset: 0; } }
                @media (prefers-reduced-motion: reduce) { .stats-chart-anim { animation: none !important; } }
              `}</style>
              {ticks.map((tick) => (
                <g key={tick}>
                  <line
                    x1={margin.left}
                    x2={margin.left + plotW}
                    y1={y(tick)}
                    y2={y(tick)}
                    stroke={theme.palette.divider}
                    strokeDasharray="3 3"
                  />
                  <text x={margin.left - 8} y={y(tick)} dy="0.32em" textAnchor="end" fontSize={12} fill={theme.palette.text.secondary}>
                    {formatY(tick)}
                  </text>
                </g>
              ))}
              <line x1={margin.left} x2={margin.left + plotW} y1={y(0)} y2={y(0)} stroke={theme.palette.text.secondary} />
              {data.map((p, i) =>
                i % labelEvery === 0 ? (
                  <text key={i} x={cx(i)} y={margin.top + plotH + 16} textAnchor="middle" fontSize={12} fill={theme.palette.text.secondary}>
                    {String(p[props.x] as string | number)}
                  </text>
                ) : null,
              )}
              {props.kind === 'bar'
                ? props.series.map((s, k) => (
                    <g key={s.key} className="recharts-bar-rectangles">
                      {data.map((p, i) => {
                        const v = value(p, s.key);
                        const x = cx(i) - (barW * props.series.length) / 2 + k * barW;
                        const h = Math.max(0, y(0) - y(v));
                        return (
                          <g key={i} className="recharts-bar-rectangle">
                            <path d={`M${x + 1},${y(0)} v${-h} h${barW - 2} v${h} Z`} fill={colours[k % colours.length]}>
                              <title>{`${pointLabel(p)} · ${s.label}: ${formatTooltip(v)}`}</title>
                            </path>
                          </g>
                        );
                      })}
                    </g>
                  ))
                : props.series.map((s, k) => {
                    const d = data.map((p, i) => `${i === 0 ? 'M' : 'L'}${cx(i).toFixed(1)},${y(value(p, s.key)).toFixed(1)}`).join(' ');
                    return (
                      <g key={s.key} className="recharts-line">
                        <path
                          className="recharts-line-curve stats-chart-anim"
                          d={d}
                          fill="none"
                          stroke={colours[k % colours.length]}
                          strokeWidth={CHART_DEFAULTS.strokeWidth}
                          strokeLinejoin="round"
                          pathLength={1}
                          strokeDasharray="1 0"
                          style={{ animation: `${props.id}-draw ${CHART_DEFAULTS.animationMs}ms ease-out`, strokeDasharray: 1 }}
                        />
                        {data.length <= 60 &&
                          data.map((p, i) => (
                            <circle
                              key={i}
                              cx={cx(i)}
                              cy={y(value(p, s.key))}
                              r={3}
                              fill={theme.palette.background.paper}
                              stroke={colours[k % colours.length]}
                              strokeWidth={1.5}
                            >
                              <title>{`${pointLabel(p)} · ${s.label}: ${formatTooltip(value(p, s.key))}`}</title>
                            </circle>
                          ))}
                      </g>
                    );
                  })}
            </svg>
          )}
        </Box>
        <Box
          className="recharts-legend-wrapper"
          component="ul"
          sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'center', gap: 2, listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
        >
          {props.series.map((s, k) => (
            <Box component="li" key={s.key} sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: colours[k % colours.length] }}>
              <Box
                component="span"
                sx={{ width: 14, height: props.kind === 'bar' ? 10 : 3, bgcolor: colours[k % colours.length], borderRadius: 0.5 }}
              />
              <Typography variant="body2" component="span" sx={{ color: 'text.primary' }}>
                {s.label}
              </Typography>
            </Box>
          ))}
        </Box>
      </Box>
      {props.children}
    </>
  );
}
