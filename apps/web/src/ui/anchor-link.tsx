import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';
import classes from './anchor-link.module.css';

type AnchorBaseProps = AnchorHTMLAttributes<HTMLAnchorElement> & {
  ref?: Ref<HTMLAnchorElement>;
  /** Takes the size, line height and weight of the text around it (a link in a heading). */
  inherit?: boolean;
};

/** A link in the style of Mantine's Anchor, without Mantine's runtime (ADR 038). */
function AnchorBase({ className, inherit = false, ...props }: AnchorBaseProps) {
  const names = [classes.anchor, inherit ? classes.inherit : undefined, className];
  return <a {...props} className={names.filter(Boolean).join(' ')} />;
}

const CreatedAnchorLink = createLink(AnchorBase);

/**
 * A text link as a router link: typed `to`/`params`/`search`, client-side navigation,
 * preloading on intent, and aria-current="page" on the active link.
 */
export const AnchorLink: LinkComponent<typeof AnchorBase> = (props) => (
  <CreatedAnchorLink preload="intent" {...props} />
);
