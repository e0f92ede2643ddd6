/**
 * The social networks whose icons the phone menu shows (spec section 1), each known by the host
 * of a profile's address. The lab lists its profiles in one setting (SOCIAL_PROFILES); the
 * menu shows those it has, and invents none.
 */
export const SOCIAL_NETWORKS = {
  facebook: { name: 'Facebook', hosts: ['facebook.com'] },
  instagram: { name: 'Instagram', hosts: ['instagram.com'] },
  x: { name: 'X', hosts: ['x.com', 'twitter.com'] },
  linkedin: { name: 'LinkedIn', hosts: ['linkedin.com'] },
  youtube: { name: 'YouTube', hosts: ['youtube.com'] },
  tiktok: { name: 'TikTok', hosts: ['tiktok.com'] },
  bluesky: { name: 'Bluesky', hosts: ['bsky.app'] },
} as const;
export type SocialNetwork = keyof typeof SOCIAL_NETWORKS;

export interface SocialProfile {
  network: SocialNetwork;
  /** The profile's https address, as the lab gave it. */
  url: string;
}

/** The network a profile's address belongs to, or null for an address this list does not know. */
export function socialNetworkOf(address: string): SocialNetwork | null {
  let host: string;
  try {
    const url = new URL(address);
    if (url.protocol !== 'https:') return null;
    host = url.hostname.toLowerCase().replace(/^(www|m)\./, '');
  } catch {
    return null;
  }
  for (const [network, { hosts }] of Object.entries(SOCIAL_NETWORKS)) {
    if ((hosts as readonly string[]).includes(host)) return network as SocialNetwork;
  }
  return null;
}
