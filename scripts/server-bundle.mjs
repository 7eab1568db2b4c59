// How the service's TypeScript is bundled for `npm start` (scripts/start.mjs) and for the import bench
// (test/bench/imports.bench.ts), which measures memory the way the service runs.
export const BUNDLE_OPTIONS = { bundle: true, platform: 'node', format: 'esm', target: 'node22', packages: 'external', sourcemap: 'linked', logLevel: 'warning' };
