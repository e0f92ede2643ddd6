import { Link } from '@tanstack/react-router';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import classes from './layout.module.css';

/** The footer of spec section 1: the current year, the rights statement, Terms and Privacy. */
export function SiteFooter() {
  const { brand } = useRuntimeConfig();
  const year = new Date().getFullYear();

  return (
    <footer className={classes.footer}>
      <div className={`${classes.container} ${classes.footerBar}`}>
        <p
          className={classes.footerText}
        >{`© ${year} ${brand.companyName}. All rights reserved.`}</p>
        <nav aria-label="Legal">
          <ul className={classes.navList}>
            <li>
              <Link to="/terms" className={classes.footerLink}>
                Terms
              </Link>
            </li>
            <li>
              <Link to="/privacy" className={classes.footerLink}>
                Privacy Policy
              </Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
