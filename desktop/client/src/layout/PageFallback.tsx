// What shows while a page's chunk (or the signed-in user) loads: antd's spinner as it looks (four
// dots turning, in the brand colour), drawn with CSS (styles.css) rather than antd's Spin, which the
// sign-in page would download for this alone. Marked busy, as antd marks its Spin.
export function PageFallback() {
  return (
    <div style={{ padding: 48, textAlign: 'center' }}>
      <span className="page-spinner" aria-live="polite" aria-busy="true">
        <i />
        <i />
        <i />
        <i />
      </span>
    </div>
  );
}
