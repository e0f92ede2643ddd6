import { Link } from '@tanstack/react-router';
import { SeedlingIcon } from '../../ui/header-icons.tsx';
import classes from './layout.module.css';

/** The product name with its mark, linking home. */
export function Logo({ productName }: { productName: string }) {
  return (
    <Link to="/" className={classes.logo} aria-label={`${productName} home`}>
      <SeedlingIcon className={classes.logoMark} size={28} />
      <span>{productName}</span>
    </Link>
  );
}
