import { decodeProtectedHeader, importJWK, jwtVerify, type JWK } from 'jose';

/** A public key as better-auth's JWT plugin stores it in `jwks`: a JWK as JSON. */
export interface StoredPublicKey {
  id: string;
  publicKey: string;
  alg: string | null;
}

/** What requireUser needs of a valid access token (service.ts signs them). */
export interface AccessTokenClaims {
  sub: string;
  sid: string;
}

/** better-auth's algorithm for keys stored without one. */
const DEFAULT_ALG = 'EdDSA';
/**
 * Keys are read again after this long, so that a key removed from `jwks` stops working on
 * every replica without a restart.
 */
export const KEYS_MAX_AGE_MS = 10 * 60_000;
/** Verified tokens held at most; past it the cache starts over (it is only a shortcut). */
const MAX_VERIFIED = 10_000;

type VerifyKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * Verifies access tokens with the public keys held in memory, as better-auth's verifyJWT does
 * (issuer, audience, the key's algorithm, expiry) but without reading `jwks` on every request.
 * A token naming a key id not held yet reloads the keys: another replica may have created it.
 * A browser sends one token for many requests, and checking a signature costs more than the
 * session query, so a token verified once is then only checked for expiry until the keys
 * reload. Whether its session is still live is for the caller to check, every time.
 */
export function createAccessTokenVerifier(deps: {
  issuer: string;
  audience: string;
  loadKeys: () => Promise<StoredPublicKey[]>;
  now?: () => number;
}) {
  const now = deps.now ?? Date.now;
  let keys = new Map<string, { alg: string; key: VerifyKey }>();
  let loadedAt = Number.NEGATIVE_INFINITY;
  let loading: Promise<void> | null = null;
  const verified = new Map<string, { claims: AccessTokenClaims; exp: number }>();

  async function load() {
    const next = new Map<string, { alg: string; key: VerifyKey }>();
    for (const row of await deps.loadKeys()) {
      const alg = row.alg ?? DEFAULT_ALG;
      next.set(row.id, { alg, key: await importJWK(JSON.parse(row.publicKey) as JWK, alg) });
    }
    keys = next;
    loadedAt = now();
    verified.clear();
  }

  /** Requests arriving during a reload share it. */
  function reload(): Promise<void> {
    loading ??= load().finally(() => {
      loading = null;
    });
    return loading;
  }

  return {
    /** The token's claims, or null for a token that is malformed, forged, expired or foreign. */
    async verify(token: string): Promise<AccessTokenClaims | null> {
      if (now() - loadedAt > KEYS_MAX_AGE_MS) await reload();
      const known = verified.get(token);
      if (known !== undefined) {
        if (Math.floor(now() / 1000) < known.exp) return known.claims;
        verified.delete(token);
        return null;
      }
      let kid: string | undefined;
      try {
        ({ kid } = decodeProtectedHeader(token));
      } catch {
        return null;
      }
      if (kid === undefined) return null;
      if (!keys.has(kid)) await reload();
      const held = keys;
      const entry = held.get(kid);
      if (entry === undefined) return null;
      try {
        const { payload } = await jwtVerify(token, entry.key, {
          issuer: deps.issuer,
          audience: deps.audience,
          algorithms: [entry.alg],
        });
        const { sub, sid, exp } = payload;
        if (typeof sub !== 'string' || typeof sid !== 'string' || exp === undefined) return null;
        // Not when the keys reloaded meanwhile: the key may be gone.
        if (held === keys) {
          if (verified.size >= MAX_VERIFIED) verified.clear();
          verified.set(token, { claims: { sub, sid }, exp });
        }
        return { sub, sid };
      } catch {
        return null;
      }
    },
  };
}

export type AccessTokenVerifier = ReturnType<typeof createAccessTokenVerifier>;
