import { Anchor, type AnchorProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type AnchorBaseProps = AnchorProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function AnchorBase(props: AnchorBaseProps) {
  return <Anchor {...props} />;
}

const CreatedAnchorLink = createLink(AnchorBase);

/**
 * Mantine's Anchor as a router link: typed `to`/`params`/`search`, client-side navigation,
 * preloading on intent, and aria-current="page" on the active link.
 */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
