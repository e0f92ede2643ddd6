import type { RuntimeConfig } from '@nestling/shared/contract/config';

export interface SocialLink {
  kind: 'website' | 'email';
  href: string;
  label: string;
}

/**
 * The company's own channels, derived from the brand settings: its website (the company
 * domain) and its support email. The portal invents no social-network profile addresses; an
 * operator who has them can add them here once the runtime config carries them.
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
  ];
}
