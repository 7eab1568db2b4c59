import { Spin } from 'antd';

/** What shows while a page's chunk (or the signed-in user) loads. */
export function PageFallback() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <Spin />
    </div>
  );
}
