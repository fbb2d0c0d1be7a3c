import type { TestServer } from './test-server.js';

/** One operation of the OpenAPI document, with a concrete path (each parameter `1`). */
export interface ApiOperation {
  method: string;
  /** As the document writes it: /api/charts/config/{id} */
  template: string;
  /** As the router registered it: /api/charts/config/:id */
  route: string;
  path: string;
}

export const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Every operation of the server's OpenAPI document (GET /api/docs/json). */
export async function apiOperations(server: TestServer): Promise<ApiOperation[]> {
  const document = (await (await fetch(`${server.url}/api/docs/json`)).json()) as {
    paths: Record<string, Record<string, unknown>>;
  };
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.keys(operations)
      .map((method) => method.toUpperCase())
      .filter((method) => method !== 'HEAD' && method !== 'OPTIONS')
      .map((method) => ({
        method,
        template,
        route: template.replace(/\{(\w+)\}/g, ':$1'),
        path: template.replace(/\{\w+\}/g, '1'),
      })),
  );
}

/** Whether the router registered this operation as public (`config: { public: true }`). */
export function isPublicOperation(server: TestServer, operation: ApiOperation): boolean {
  return server.routes.some((r) => r.method === operation.method && r.url === operation.route && r.isPublic);
}
