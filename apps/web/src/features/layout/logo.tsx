import { Link } from '@tanstack/react-router';
import { SeedlingIcon } from '../../ui/header-icons.tsx';
import classes from './layout.module.css';

/**
 * Home, as the lab's logo when the operator set one (BRAND_LOGO_FILE), else the portal's mark
 * with the product name. The link's name says where it goes, so the logo itself is decorative.
 */
export function Logo({ productName, logoUrl }: { productName: string; logoUrl: string | null }) {
  return (
    <Link to="/" className={classes.logo} aria-label={`${productName} home`}>
      {logoUrl === null ? (
        <>
          <SeedlingIcon className={classes.logoMark} size={28} />
          <span>{productName}</span>
        </>
      ) : (
        <img className={classes.logoImage} src={logoUrl} alt="" />
      )}
    </Link>
  );
}
