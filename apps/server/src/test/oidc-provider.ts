import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type JWK } from 'oidc-provider';

/** The claims Google puts in an ID token for the scopes `openid email profile`. */
export interface TestIdentity {
  email: string;
  email_verified: boolean;
  given_name: string;
  family_name: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:<port>: the issuer, for GOOGLE_ISSUER_URL. */
  readonly issuer: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** Identities by `sub`; the login form takes the `sub` as its login name. */
  readonly identities: Map<string, TestIdentity>;
  /** Each code the portal redeemed at the token endpoint: whether it sent a PKCE verifier. */
  readonly redeemed: { withVerifier: boolean }[];
  close(): Promise<void>;
}

/**
 * A real OpenID Connect provider (node-oidc-provider, a certified implementation) on a free
 * loopback port, standing in for accounts.google.com: discovery, the authorization endpoint
 * with PKCE (required) and state, a login and a consent form (its development interactions),
 * the token endpoint with the client secret, and ID tokens signed with its own RSA key. It has
 * one client, the portal, whose only redirect URI is `redirectUri`.
 */
export async function startTestOidcProvider(
  redirectUri: string,
  options: {
    /** 0 (the default) picks a free port. */
    port?: number;
    /** Publish another key than the one ID tokens are signed with, under the same key id. */
    publishWrongKey?: boolean;
  } = {},
): Promise<TestOidcProvider> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const clientId = `portal-${randomBytes(4).toString('hex')}.apps.test`;
  const clientSecret = randomBytes(24).toString('base64url');
  const identities = new Map<string, TestIdentity>();
  const redeemed: { withVerifier: boolean }[] = [];

  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyInfo = { kid: 'test-signing-key', alg: 'RS256', use: 'sig' };
  const signingKey: JWK = { ...(privateKey.export({ format: 'jwk' }) as JWK), ...keyInfo };
  const wrongKeySet = JSON.stringify({
    keys: [
      {
        ...generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ format: 'jwk' }),
        ...keyInfo,
      },
    ],
  });

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    // Like Google, put the granted claims in the ID token itself.
    conformIdTokenClaims: false,
    // S256 is the only method oidc-provider 9 offers.
    pkce: { required: () => true },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    findAccount(_ctx, sub) {
      const identity = identities.get(sub);
      if (identity === undefined) return undefined;
      return {
        accountId: sub,
        claims: () => ({
          sub,
          ...identity,
          name: `${identity.given_name} ${identity.family_name}`,
        }),
      };
    },
  });
  provider.on('grant.success', (ctx) => {
    redeemed.push({ withVerifier: typeof ctx.oidc.params?.code_verifier === 'string' });
  });
  const handle = provider.callback();
  server.on('request', (request, response) => {
    if (options.publishWrongKey === true && request.url === '/jwks') {
      response.writeHead(200, { 'content-type': 'application/jwk-set+json' });
      response.end(wrongKeySet);
      return;
    }
    void handle(request, response);
  });

  return {
    issuer,
    clientId,
    clientSecret,
    identities,
    redeemed,
    close: () =>
      new Promise((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => {
          if (error) reject(error);
          else resolve();
        });
      }),
  };
}
