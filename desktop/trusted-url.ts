// The window shows only the service's own pages; everything else opens in the system browser
// (web links and mail only: no file:, no custom schemes).

/** True when `url` is on the service's http(s) origin (scheme, host and port all equal). */
export function isTrustedUrl(url: string, serviceOrigin: string): boolean {
  try {
    const trusted = new URL(serviceOrigin);
    if (trusted.protocol !== 'http:' && trusted.protocol !== 'https:') return false;
    return new URL(url).origin === trusted.origin;
  } catch {
    return false;
  }
}

/** True when `url` may be handed to the system browser. */
export function canOpenExternally(url: string): boolean {
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' || protocol === 'mailto:';
  } catch {
    return false;
  }
}
