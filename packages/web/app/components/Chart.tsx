import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** Line styles by seat: colour plus dash pattern, so colour is never the only signal. */
const COLORS = [
  '#2563eb',
  '#c2410c',
  '#15803d',
  '#7e22ce',
  '#b91c1c',
  '#0f766e',
  '#a16207',
  '#475569',
];
const DASHES: number[][] = [
  [],
  [8, 4],
  [2, 3],
  [10, 3, 2, 3],
  [4, 4],
  [12, 6],
  [1, 2],
  [6, 2, 1, 2],
];

/** A uPlot line chart: one series per player over the turns (or any other count). */
export function Chart(props: {
  x: number[];
  series: { name: string; values: (number | null)[] }[];
  yLabel: string;
  percent: boolean;
  title: string;
  /** The x axis's name (default: Turn). */
  xLabel?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const width = Math.max(280, Math.min(el.clientWidth || 640, 900));
    const opts: uPlot.Options = {
      width,
      height: 280,
      scales: { x: { time: false }, y: props.percent ? { range: [0, 1] } : {} },
      axes: [
        { label: props.xLabel ?? 'Turn', incrs: [1, 2, 5, 10, 20, 50, 100] },
        {
          label: props.yLabel,
          values: (_u, vals) =>
            vals.map((v) =>
              props.percent ? `${Math.round(v * 100)}%` : v.toLocaleString('en-US'),
            ),
        },
      ],
      series: [
        { label: props.xLabel ?? 'Turn' },
        ...props.series.map((s, i) => ({
          label: s.name,
          stroke: COLORS[i % COLORS.length],
          dash: DASHES[i % DASHES.length],
          width: 2.5,
          value: (_u: uPlot, v: number | null) =>
            v === null
              ? '–'
              : props.percent
                ? `${(v * 100).toFixed(1)}%`
                : v.toLocaleString('en-US'),
        })),
      ],
    };
    const data = [props.x, ...props.series.map((s) => s.values)] as uPlot.AlignedData;
    const plot = new uPlot(opts, data, el);
    return () => plot.destroy();
  }, [props]);
  return <div ref={ref} className="chart" role="img" aria-label={props.title} />;
}
