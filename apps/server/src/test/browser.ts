import type { App } from '../app.ts';

export interface BrowserResponse {
  url: URL;
  status: number;
  body: string;
  /** The redirect target, resolved against `url`; null when the answer is not a redirect. */
  location: URL | null;
}

/**
 * Just enough of a browser for redirect-based sign-in: a cookie jar per host, GETs and form
 * posts, and redirects followed by hand. Requests to the portal's origin go to the app with
 * `inject`; every other origin (the OpenID provider) is reached over HTTP. As in a real
 * browser, the provider and the portal never talk to each other through it: only the portal's
 * own server-side requests (discovery, token endpoint, keys) reach the provider directly.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, string>>();

  constructor(
    private readonly app: App,
    private readonly portalOrigin: string,
  ) {}

  /** The cookies this browser holds for `origin`, by name. */
  cookies(origin: string = this.portalOrigin): ReadonlyMap<string, string> {
    return this.jar(new URL(origin).host);
  }

  get(url: string | URL): Promise<BrowserResponse> {
    return this.request('GET', new URL(url, this.portalOrigin));
  }

  post(url: string | URL, form: Record<string, string>): Promise<BrowserResponse> {
    return this.request('POST', new URL(url, this.portalOrigin), new URLSearchParams(form));
  }

  private jar(host: string): Map<string, string> {
    let jar = this.jars.get(host);
    if (jar === undefined) {
      jar = new Map();
      this.jars.set(host, jar);
    }
    return jar;
  }

  private cookieHeader(url: URL): string | undefined {
    const jar = this.jar(url.host);
    if (jar.size === 0) return undefined;
    return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps or drops each cookie as its Set-Cookie says (paths and domains are not needed). */
  private store(url: URL, setCookies: readonly string[]) {
    const jar = this.jar(url.host);
    for (const header of setCookies) {
      const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
      const split = pair.indexOf('=');
      if (split <= 0) continue;
      const name = pair.slice(0, split);
      const value = pair.slice(split + 1);
      const expired = attributes.some((attribute) => {
        const [key = '', setting = ''] = attribute.split('=');
        if (key.toLowerCase() === 'max-age') return Number(setting) <= 0;
        if (key.toLowerCase() === 'expires') return Date.parse(setting) <= Date.now();
        return false;
      });
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  private async request(
    method: 'GET' | 'POST',
    url: URL,
    form?: URLSearchParams,
  ): Promise<BrowserResponse> {
    const cookie = this.cookieHeader(url);
    const headers: Record<string, string> = cookie === undefined ? {} : { cookie };
    if (form !== undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      headers.origin = url.origin;
    }

    let status: number;
    let body: string;
    let location: string | null;
    let setCookies: string[];
    if (url.origin === this.portalOrigin) {
      const response = await this.app.inject({
        method,
        url: `${url.pathname}${url.search}`,
        headers,
        ...(form === undefined ? {} : { payload: form.toString() }),
      });
      status = response.statusCode;
      body = response.body;
      const rawLocation = response.headers.location;
      location = typeof rawLocation === 'string' ? rawLocation : null;
      const raw = response.headers['set-cookie'];
      setCookies = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    } else {
      const response = await fetch(url, {
        method,
        headers,
        redirect: 'manual',
        ...(form === undefined ? {} : { body: form }),
      });
      status = response.status;
      body = await response.text();
      location = response.headers.get('location');
      setCookies = response.headers.getSetCookie();
    }
    this.store(url, setCookies);
    const redirect = status >= 300 && status < 400 ? location : null;
    return { url, status, body, location: redirect === null ? null : new URL(redirect, url) };
  }
}
