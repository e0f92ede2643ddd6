import type { TestServices } from './render.tsx';

export type RouteHandler = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * Answers the fake fetch by 'METHOD /api/path'; anything else gets a JSON 404. Returns the calls
 * made, with their parsed JSON bodies.
 */
export function answerRoutes(services: TestServices, routes: Record<string, RouteHandler>) {
  const calls: { key: string; url: URL; body: unknown }[] = [];
  services.fetch.mockImplementation(async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : input.toString());
    const key = `${init?.method ?? 'GET'} ${url.pathname}`;
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ key, url, body });
    const handler = routes[key];
    if (handler) return handler(body, url);
    return Response.json({ message: 'Not Found' }, { status: 404 });
  });
  return calls;
}

export function jsonError(status: number, message: string): Response {
  return Response.json({ message }, { status });
}
