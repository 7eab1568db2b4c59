// The splash shown until the service answers /api/health: a data: page, no script.
export function splashUrl(text: string): string {
  const safe = text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
  const html = `<!doctype html><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<body style="margin:0;height:100vh;display:flex;align-items:center;justify-content:center;font:16px system-ui,sans-serif;background:#f5f7fa;color:#1f2937">
<div style="text-align:center"><div style="font-size:28px;font-weight:600;margin-bottom:12px">Cargodesk</div><div>${safe}</div></div></body>`;
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`;
}
