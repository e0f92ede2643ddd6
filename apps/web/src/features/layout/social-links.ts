import type { RuntimeConfig } from '@nestling/shared/contract/config';
import { SOCIAL_NETWORKS, type SocialNetwork } from '@nestling/shared/social';

export interface SocialLink {
  kind: 'website' | 'email' | SocialNetwork;
  href: string;
  label: string;
}

/**
 * The company's own channels for the phone menu's icons: its website (the company domain), its
 * support email, and the social-network profiles the lab set (SOCIAL_PROFILES), in its order.
 * No profile is invented: a network the lab has none on has no icon.
 */
export function socialLinks(brand: RuntimeConfig['brand']): SocialLink[] {
  return [
    {
      kind: 'website',
      href: `https://${brand.companyDomain}`,
      label: `${brand.companyName} website`,
    },
    {
      kind: 'email',
      href: `mailto:${brand.supportEmail}`,
      label: `Email ${brand.companyName} support`,
    },
    ...brand.socialProfiles.map((profile) => ({
      kind: profile.network,
      href: profile.url,
      label: `${brand.companyName} on ${SOCIAL_NETWORKS[profile.network].name}`,
    })),
  ];
}
