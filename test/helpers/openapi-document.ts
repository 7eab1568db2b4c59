// Vitest global setup: the OpenAPI document, built once for the whole run (it takes about a second)
// and handed to every test file, whose client checks each answer against it (./openapi-check.ts).
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    openapiDocument: Record<string, unknown>;
  }
}

export default async function setup(project: TestProject): Promise<void> {
  const { mounts } = await import('../../server/app.js');
  const { buildOpenApi } = await import('../../server/openapi.js');
  project.provide('openapiDocument', buildOpenApi(mounts, 'test'));
}
