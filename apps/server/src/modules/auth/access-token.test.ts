import { exportJWK, generateKeyPair, SignJWT, type CryptoKey } from 'jose';
import { describe, expect, it } from 'vitest';
import {
  createAccessTokenVerifier,
  KEYS_MAX_AGE_MS,
  type StoredPublicKey,
} from './access-token.ts';

const ISSUER = 'http://portal.test';

/** A key pair stored the way better-auth's JWT plugin stores its public half. */
async function newKey(id: string): Promise<{ stored: StoredPublicKey; privateKey: CryptoKey }> {
  const { publicKey, privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519' });
  return {
    stored: { id, publicKey: JSON.stringify(await exportJWK(publicKey)), alg: 'EdDSA' },
    privateKey,
  };
}

function sign(
  privateKey: CryptoKey,
  kid: string,
  claims: { sub?: string; sid?: string; aud?: string; exp?: number } = {},
) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ sid: claims.sid ?? 'session-1' })
    .setProtectedHeader({ alg: 'EdDSA', kid })
    .setSubject(claims.sub ?? 'user-1')
    .setIssuer(ISSUER)
    .setAudience(claims.aud ?? ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(claims.exp ?? now + 600)
    .sign(privateKey);
}

/** A verifier over a key table the test changes, counting its reads. */
function verifierOver(table: StoredPublicKey[], clock = { now: Date.now() }) {
  const reads = { count: 0 };
  const verifier = createAccessTokenVerifier({
    issuer: ISSUER,
    audience: ISSUER,
    loadKeys: () => {
      reads.count += 1;
      return Promise.resolve([...table]);
    },
    now: () => clock.now,
  });
  return { verifier, reads };
}

describe('access-token verifier', () => {
  it('verifies with keys read once, not on every token', async () => {
    const key = await newKey('key-1');
    const { verifier, reads } = verifierOver([key.stored]);
    const token = await sign(key.privateKey, 'key-1');
    for (let index = 0; index < 5; index += 1) {
      expect(await verifier.verify(token)).toEqual({ sub: 'user-1', sid: 'session-1' });
    }
    expect(reads.count).toBe(1);
  });

  it('reads the keys again for a key id it does not hold: another replica made it', async () => {
    const first = await newKey('key-1');
    const table = [first.stored];
    const { verifier, reads } = verifierOver(table);
    expect(await verifier.verify(await sign(first.privateKey, 'key-1'))).not.toBeNull();

    const second = await newKey('key-2');
    table.push(second.stored);
    expect(await verifier.verify(await sign(second.privateKey, 'key-2'))).toEqual({
      sub: 'user-1',
      sid: 'session-1',
    });
    expect(reads.count).toBe(2);
  });

  it('drops a key removed from the table once the held keys are older than their max age', async () => {
    const key = await newKey('key-1');
    const table = [key.stored];
    const clock = { now: Date.now() };
    const { verifier } = verifierOver(table, clock);
    // Valid for longer than the keys are held, so that only the removal can refuse it.
    const exp = Math.floor(clock.now / 1000) + (2 * KEYS_MAX_AGE_MS) / 1000;
    const token = await sign(key.privateKey, 'key-1', { exp });
    expect(await verifier.verify(token)).not.toBeNull();

    table.length = 0;
    clock.now += KEYS_MAX_AGE_MS + 1;
    expect(await verifier.verify(token)).toBeNull();
  });

  it('refuses a token it verified before once the token expires', async () => {
    const key = await newKey('key-1');
    const clock = { now: Date.now() };
    const { verifier } = verifierOver([key.stored], clock);
    const token = await sign(key.privateKey, 'key-1', { exp: Math.floor(clock.now / 1000) + 60 });
    expect(await verifier.verify(token)).not.toBeNull();
    clock.now += 61_000;
    expect(await verifier.verify(token)).toBeNull();
  });

  it('refuses forged, expired, foreign and malformed tokens', async () => {
    const key = await newKey('key-1');
    const forger = await newKey('key-1');
    const { verifier } = verifierOver([key.stored]);
    const past = Math.floor(Date.now() / 1000) - 60;
    expect(await verifier.verify(await sign(forger.privateKey, 'key-1'))).toBeNull();
    expect(await verifier.verify(await sign(key.privateKey, 'key-1', { exp: past }))).toBeNull();
    expect(
      await verifier.verify(await sign(key.privateKey, 'key-1', { aud: 'http://elsewhere.test' })),
    ).toBeNull();
    expect(await verifier.verify(await sign(key.privateKey, 'unknown-key'))).toBeNull();
    expect(await verifier.verify('not-a-token')).toBeNull();
  });

  it('shares one read among tokens that arrive while the keys load', async () => {
    const key = await newKey('key-1');
    const { verifier, reads } = verifierOver([key.stored]);
    const token = await sign(key.privateKey, 'key-1');
    const results = await Promise.all([1, 2, 3].map(() => verifier.verify(token)));
    expect(results.every((claims) => claims?.sid === 'session-1')).toBe(true);
    expect(reads.count).toBe(1);
  });
});
