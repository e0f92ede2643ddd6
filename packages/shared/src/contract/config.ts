import * as z from 'zod/mini';
import { SOCIAL_NETWORKS, type SocialNetwork } from '../social.ts';

const socialNetworkNames = Object.keys(SOCIAL_NETWORKS) as [SocialNetwork, ...SocialNetwork[]];

/** GET /api/config: what the web app needs at run time, read before the first render. */
export const runtimeConfigSchema = z.object({
  brand: z.object({
    productName: z.string(),
    companyName: z.string(),
    companyDomain: z.string(),
    supportEmail: z.string(),
    /** The lab's logo (BRAND_LOGO_FILE) on this portal, shown instead of the mark and name. */
    logoUrl: z.nullable(z.string()),
    /** The lab's social-network profiles (SOCIAL_PROFILES): the phone menu's icons. */
    socialProfiles: z.array(z.object({ network: z.enum(socialNetworkNames), url: z.string() })),
  }),
  /**
   * The server's APP_ENV. A name this build of the web app does not know (a newer server) is
   * not refused: the web app logs an error and uses the development settings (spec section 8).
   */
  environment: z.string(),
  /**
   * The API base address of that environment's backend (ADR 003): '/api', this portal's own,
   * or an absolute http(s) address. The web app appends the spec's relative paths to it.
   */
  apiBaseUrl: z.string().check(z.minLength(1)),
  /** Overrides of the environment table's keys, set by the operator; null uses the table. */
  keys: z.object({
    paymentPublicKey: z.nullable(z.string()),
    mapsApiKey: z.nullable(z.string()),
  }),
  features: z.object({
    /** Google sign-in is offered only when the server has Google client settings. */
    googleSignIn: z.boolean(),
    /** The server was started with demo data (embedded default). */
    demoData: z.boolean(),
  }),
  /** What one person may hold at a time, as the lab set it (ADR 039). */
  limits: z.object({
    couplePlacesPerPerson: z.number(),
    appointmentsPerPerson: z.number(),
  }),
});
export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;
