// Lazy charts: each loads plots.tsx (and with it @ant-design/plots) on first render, showing a
// placeholder of the chart's height meanwhile, so pages and the first download stay light.
import { Skeleton } from 'antd';
import { lazy, Suspense, type ComponentType } from 'react';
import type { BarsProps, GroupedColumnsProps, StepLineProps } from './plots';

const loadPlots = () => import('./plots');

function lazyChart<P extends { height?: number }>(load: () => Promise<{ default: ComponentType<P> }>) {
  const Chart = lazy(load);
  return function LazyChart(props: P) {
    return (
      <div data-testid="chart" style={{ minHeight: props.height ?? 240 }}>
        <Suspense fallback={<Skeleton active paragraph={{ rows: 5 }} />}>
          <Chart {...props} />
        </Suspense>
      </div>
    );
  };
}

export const BarChart = lazyChart<BarsProps>(() => loadPlots().then((m) => ({ default: m.Bars })));
export const GroupedColumnChart = lazyChart<GroupedColumnsProps>(() => loadPlots().then((m) => ({ default: m.GroupedColumns })));
export const StepChart = lazyChart<StepLineProps>(() => loadPlots().then((m) => ({ default: m.StepLine })));
