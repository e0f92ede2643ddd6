import type { ReactNode } from 'react';

/**
 * The icons every page's header shows (logo mark, sign-out, menu), drawn inline so the first load does
 * not carry the icon library's runtime. Paths from Tabler Icons (MIT): 'seedling', 'logout' and 'menu-2';
 * the other icons come from @tabler/icons-react.
 */
interface IconProps {
  size?: number;
  className?: string;
}

function Outline({ size = 24, className, children }: IconProps & { children: ReactNode }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function SeedlingIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M12 10a6 6 0 0 0 -6 -6h-3v2a6 6 0 0 0 6 6h3" />
      <path d="M12 14a6 6 0 0 1 6 -6h3v1a6 6 0 0 1 -6 6h-3" />
      <path d="M12 20l0 -10" />
    </Outline>
  );
}

export function LogoutIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M14 8v-2a2 2 0 0 0 -2 -2h-7a2 2 0 0 0 -2 2v12a2 2 0 0 0 2 2h7a2 2 0 0 0 2 -2v-2" />
      <path d="M9 12h12l-3 -3" />
      <path d="M18 15l3 -3" />
    </Outline>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Outline {...props}>
      <path d="M4 6l16 0" />
      <path d="M4 12l16 0" />
      <path d="M4 18l16 0" />
    </Outline>
  );
}
