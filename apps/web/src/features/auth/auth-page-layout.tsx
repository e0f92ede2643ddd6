import { lazy, Suspense, type ReactNode } from 'react';
import classes from './auth-page-layout.module.css';

// Its own chunk: the panel is read after the form, and /signin's first load is on a budget.
const BrandPanel = lazy(() =>
  import('./brand-panel.tsx').then((module) => ({ default: module.BrandPanel })),
);

/** Sign-in and sign-up: the form, and beside it (below it on a phone) the brand's panel. */
export function AuthPageLayout({ children }: { children: ReactNode }) {
  return (
    <div className={classes.layout}>
      <div className={classes.form}>{children}</div>
      <Suspense fallback={<div className={classes.panelSpace} />}>
        <BrandPanel />
      </Suspense>
    </div>
  );
}
