import type { Account, ValidateUserInfoResult, ValidateUserInfoSource } from 'better-auth';
import { genericOAuth, type GenericOAuthUserInfo } from 'better-auth/plugins';
import { googleErrorCodes } from '@nestling/shared/google-sign-in';
import type { Config } from '../../config.ts';

/** The better-auth provider id; also the last segment of the callback path. */
export const GOOGLE_PROVIDER_ID = 'google';

export type GoogleSettings = NonNullable<Config['google']>;

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The user fields taken from Google's verified ID token (or userinfo): the email, whether
 * Google verified it, and the names. Nothing else: the picture and any other claim stay out,
 * and the portal's flags cannot be set this way (`input: false`).
 */
export function googleProfileToUser(profile: GenericOAuthUserInfo) {
  const firstName = text(profile.given_name);
  const lastName = text(profile.family_name);
  return {
    email: text(profile.email)?.toLowerCase() ?? null,
    emailVerified: profile.email_verified === true || profile.email_verified === 'true',
    name: text(profile.name) ?? [firstName, lastName].filter(Boolean).join(' '),
    firstName,
    lastName,
    image: undefined,
  };
}

/**
 * Google speaks standard OpenID Connect, so it is configured from its discovery document
 * (better-auth's built-in Google provider has Google's endpoints written in, which no test
 * could reach). ID tokens are checked against the issuer's keys, audience and a nonce; the
 * provider is registered only once discovery gave the keys to check them with.
 */
export function googleOAuthPlugin(google: GoogleSettings) {
  return genericOAuth({
    config: [
      {
        providerId: GOOGLE_PROVIDER_ID,
        name: 'Google',
        discoveryUrl: `${google.issuerUrl}/.well-known/openid-configuration`,
        requireIdTokenVerification: true,
        clientId: google.clientId,
        clientSecret: google.clientSecret,
        scopes: ['openid', 'email', 'profile'],
        pkce: true,
        // Signing out of the portal must not sign the person out of their Google account.
        disableProviderLogout: true,
        mapProfileToUser: googleProfileToUser,
      },
    ],
  });
}

/**
 * better-auth's `user.validateUserInfo`: a Google identity whose email Google has not verified
 * is refused before any user is created, linked or signed in. Otherwise anyone could claim an
 * address in a Google account and be linked to the portal account that has it.
 */
export function refuseUnverifiedGoogleEmail(data: {
  user: { emailVerified?: unknown };
  source: ValidateUserInfoSource;
}): ValidateUserInfoResult | undefined {
  if (data.source.method !== 'oauth' || data.source.oauth?.providerId !== GOOGLE_PROVIDER_ID) {
    return undefined;
  }
  if (data.user.emailVerified === true) return undefined;
  return {
    error: googleErrorCodes.emailNotVerified,
    errorDescription: 'Google has not verified the email address of this account.',
  };
}

/**
 * The portal never calls Google's APIs, so it keeps none of Google's tokens: the link between
 * the Google account (its `sub`) and the user is all it stores. Used as the account `create`
 * hook; sign-ins do not update the account (`updateAccountOnSignIn: false`).
 */
export function withoutGoogleTokens(account: Account & Record<string, unknown>) {
  if (account.providerId !== GOOGLE_PROVIDER_ID) return undefined;
  return {
    data: {
      ...account,
      accessToken: null,
      refreshToken: null,
      idToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
    },
  };
}

/**
 * better-auth endpoints the portal does not offer. Google sign-in starts only at the portal's
 * start endpoint: `/sign-in/social` would also sign in with a bare Google ID token, and
 * `/link-social` would let a signed-in user attach any Google account. Without Google settings
 * the callback is refused as well.
 */
export function disabledGooglePaths(google: Config['google']): string[] {
  return [
    '/sign-in/social',
    '/link-social',
    ...(google === null ? [`/callback/${GOOGLE_PROVIDER_ID}`] : []),
  ];
}
