// The systemd unit's start check (scripts/cargodesk.service, ExecStartPost): waits until the service
// answers GET /api/health/live, the liveness probe, so `systemctl start` returns once it serves and a
// start that never serves fails (and is restarted). Not /api/health: a database that is down at
// boot is not fixed by restarting the service, and 3 failed starts would stop systemd trying.
//   PORT, HOST as the service's; WAIT_SECONDS (default 600: a first start may build the client)
const port = process.env.PORT || '8080';
const host = !process.env.HOST || process.env.HOST === '0.0.0.0' || process.env.HOST === '::' ? '127.0.0.1' : process.env.HOST;
const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/api/health/live`;
const deadline = Date.now() + Number(process.env.WAIT_SECONDS || 600) * 1000;

for (;;) {
  const live = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
    (res) => res.ok,
    () => false,
  );
  if (live) process.exit(0);
  if (Date.now() > deadline) {
    console.error(`Cargodesk did not answer ${url} within ${process.env.WAIT_SECONDS || 600} s`);
    process.exit(1);
  }
  await new Promise((resolve) => setTimeout(resolve, 500));
}
