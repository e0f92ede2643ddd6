/**
 * The `exp` claim (unix seconds) of a JWT access token, or null when the token cannot be read.
 * Only read for timing the session: the server verifies the signature on every request.
 */
export function tokenExpSeconds(token: string | undefined): number | null {
  const payload = token?.split('.')[1];
  if (payload === undefined || payload === '') return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const claims: unknown = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '=')));
    if (typeof claims !== 'object' || claims === null) return null;
    const { exp } = claims as { exp?: unknown };
    return typeof exp === 'number' && Number.isFinite(exp) ? exp : null;
  } catch {
    return null;
  }
}
