// The charts, on @ant-design/plots (AntV G2). Only charts.tsx imports this module, lazily, so the
// charting library is downloaded when a chart is first shown and never with the first page.
import { Bar, Column, Line } from '@ant-design/plots';
import { formatQuantity } from '../../kit/numbers';

/** axes: as short as the number allows; a bar's label and a tooltip: a quantity's 3 decimals */
const numberFormat = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 3 });

export interface BarsProps {
  data: { label: string; value: number }[];
  valueTitle: string;
  height?: number;
}

/** Horizontal bars, one per label. @public (loaded through charts.tsx's dynamic import) */
export function Bars({ data, valueTitle, height = 260 }: BarsProps) {
  return (
    <Bar
      data={data}
      xField="label"
      yField="value"
      height={height}
      axis={{ x: { title: false }, y: { title: valueTitle, labelFormatter: numberFormat } }}
      label={{ text: (d: { value: number }) => formatQuantity(d.value), position: 'right', dx: 4 }}
      tooltip={{ items: [{ channel: 'y', name: valueTitle, valueFormatter: formatQuantity }] }}
      style={{ fill: '#1f6fb2', maxWidth: 28 }}
    />
  );
}

export interface GroupedColumnsProps {
  data: { x: string; series: string; value: number }[];
  height?: number;
}

/** Columns grouped per x value, one colour per series. @public (loaded through charts.tsx's dynamic import) */
export function GroupedColumns({ data, height = 260 }: GroupedColumnsProps) {
  return (
    <Column
      data={data}
      xField="x"
      yField="value"
      colorField="series"
      group
      height={height}
      axis={{ x: { title: false }, y: { title: false, labelFormatter: numberFormat } }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: formatQuantity }] }}
      style={{ maxWidth: 24 }}
    />
  );
}

export interface StepLineProps {
  data: { date: string; series: string; balance: number }[];
  valueTitle: string;
  height?: number;
}

/** Balances over time as step lines, one colour per series: each holds its value until its next
 *  change. @public (loaded through charts.tsx's dynamic import) */
export function StepLine({ data, valueTitle, height = 240 }: StepLineProps) {
  return (
    <Line
      data={data}
      xField="date"
      yField="balance"
      colorField="series"
      shapeField="hv"
      height={height}
      point={{ shapeField: 'point', sizeField: 3 }}
      axis={{ x: { title: false }, y: { title: valueTitle, labelFormatter: numberFormat } }}
      tooltip={{ items: [{ channel: 'y', valueFormatter: formatQuantity }] }}
    />
  );
}
