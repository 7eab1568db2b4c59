// The window opens when the service answers GET /api/health.

export async function waitForHealth(
  url: string,
  { timeoutMs = 60_000, intervalMs = 200, fetchImpl = fetch }: { timeoutMs?: number; intervalMs?: number; fetchImpl?: typeof fetch } = {},
): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetchImpl(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok && ((await res.json()) as { data?: { status?: string } }).data?.status === 'ok') return true;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, intervalMs));
  }
  return false;
}
