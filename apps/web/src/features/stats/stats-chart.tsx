import { Box, Typography } from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { downsample, formatNumber } from '@bo/domain';
import { useMemo } from 'react';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

/** Spec 9 chart defaults: animation 360 ms, stroke width 2.5, 5 y-axis ticks. */
export const CHART_DEFAULTS = { animationMs: 360, strokeWidth: 2.5, yTicks: 5 } as const;

export interface ChartSeries {
  key: string;
  label: string;
}

/**
 * The one chart of the statistics screens (total statistics, leads, finances): lines or bars per month
 * (or any x), with the spec's defaults and the theme's colours in the order of the series; the legend
 * keeps that order and wraps under the chart, so the longer Italian and Russian names stay readable on
 * a tablet. A series of more than 1,000 points is thinned (`downsample`, keeping peaks) before drawing.
 */
export function StatsChart<T extends Record<string, unknown>>(props: {
  id: string;
  title: string;
  kind: 'line' | 'bar';
  data: T[];
  x: keyof T & string;
  series: ChartSeries[];
  /** The y axis' and tooltip's numbers (money in francs, counts); counts with de-CH grouping by default. */
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
  const order = (key: unknown) => props.series.findIndex((s) => s.key === key);
  const common = [
    <CartesianGrid key="grid" strokeDasharray="3 3" vertical={false} />,
    <XAxis key="x" dataKey={props.x as never} tickLine={false} interval="preserveStartEnd" minTickGap={8} />,
    <YAxis key="y" allowDecimals={false} tickCount={CHART_DEFAULTS.yTicks} tickFormatter={formatY} width={72} />,
    <Tooltip
      key="tooltip"
      formatter={(value) => formatTooltip(Number(value))}
      labelFormatter={(label, payload) => {
        const point = payload[0]?.payload as T | undefined;
        return point && props.tooltipLabel
          ? props.tooltipLabel(point)
          : typeof label === 'string' || typeof label === 'number'
            ? String(label)
            : '';
      }}
    />,
    // In the order of the series, not alphabetically by the translated name.
    <Legend key="legend" itemSorter={(item) => order(item.dataKey)} wrapperStyle={{ paddingTop: 4 }} />,
  ];
  return (
    <>
      <Typography variant="h6" component="h2" gutterBottom id={`${props.id}-title`} data-testid={`${props.id}-title`}>
        {props.title}
      </Typography>
      <Box sx={{ width: '100%', height: props.height ?? 300 }} role="img" aria-labelledby={`${props.id}-title`} data-testid={props.id}>
        <ResponsiveContainer width="100%" height="100%">
          {props.kind === 'line' ? (
            <LineChart data={data} margin={{ top: 8, right: 16, bottom: 0, left: 0 }}>
              {common}
              {props.series.map((s, i) => (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={colours[i % colours.length]}
                  strokeWidth={CHART_DEFAULTS.strokeWidth}
                  animationDuration={CHART_DEFAULTS.animationMs}
                  dot={false}
                />
              ))}
            </LineChart>
          ) : (
            <BarChart data={data} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
              {common}
              {props.series.map((s, i) => (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  fill={colours[i % colours.length]}
                  stroke={colours[i % colours.length]}
                  strokeWidth={0}
                  animationDuration={CHART_DEFAULTS.animationMs}
                  radius={[3, 3, 0, 0]}
                />
              ))}
            </BarChart>
          )}
        </ResponsiveContainer>
      </Box>
      {props.children}
    </>
  );
}
