import { Link } from '@tanstack/react-router';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';
import { SeedlingIcon } from '../../ui/header-icons.tsx';
import classes from './auth-page-layout.module.css';

const PANEL_HEADING_ID = 'how-we-protect-your-data';

/**
 * The brand's panel beside sign-in and sign-up: the product, what it is for, and a short word on
 * how the data is protected. Every sentence must stay true of the portal: results are shown to
 * the person and a partner they link with, and staff access is audited page by page.
 */
export function BrandPanel() {
  const { brand } = useRuntimeConfig();
  return (
    <aside className={classes.panel} aria-labelledby={PANEL_HEADING_ID}>
      <p className={classes.brand}>
        {brand.logoUrl === null ? (
          <>
            <SeedlingIcon size={32} className={classes.mark} />
            <span>{brand.productName}</span>
          </>
        ) : (
          <img className={classes.logoImage} src={brand.logoUrl} alt={brand.productName} />
        )}
      </p>
      <p className={classes.tagline}>
        Preconception and embryo screening, with reports written for you to read.
      </p>
      <h2 id={PANEL_HEADING_ID} className={classes.heading}>
        How we protect your data
      </h2>
      <ul className={classes.points}>
        <li>Only you see your results, and a partner once you both link your accounts.</li>
        <li>When lab staff open your account to help you, each page they see is recorded.</li>
        <li>
          We handle your health information as our{' '}
          <Link to="/privacy" className={classes.link}>
            privacy policy
          </Link>{' '}
          describes.
        </li>
      </ul>
    </aside>
  );
}
