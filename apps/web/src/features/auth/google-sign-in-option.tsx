import { lazy, Suspense } from 'react';
import { useRuntimeConfig } from '../../lib/runtime-config.tsx';

// Loaded only on portals with Google settings, and after the page's first render.
const GoogleSignInButton = lazy(() =>
  import('./google-sign-in-button.tsx').then((module) => ({ default: module.GoogleSignInButton })),
);

/** 'Continue with Google' on /signin and /signup, when the server has Google settings. */
export function GoogleSignInOption({ next }: { next: string | undefined }) {
  const { features } = useRuntimeConfig();
  if (!features.googleSignIn) return null;
  return (
    <Suspense fallback={null}>
      <GoogleSignInButton next={next} />
    </Suspense>
  );
}
