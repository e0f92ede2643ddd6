import { Button, type ButtonProps } from '@mantine/core';
import { createLink, type LinkComponent } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, Ref } from 'react';

type ButtonBaseProps = ButtonProps &
  AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> };

function ButtonBase(props: ButtonBaseProps) {
  return <Button component="a" {...props} />;
}

const CreatedButtonLink = createLink(ButtonBase);

/**
 * A router link that looks like a button. It still navigates, so assistive technology hears a
 * link.
 */
export const ButtonLink: LinkComponent<typeof ButtonBase> = (props) => (
  <CreatedButtonLink preload="intent" {...props} />
);
