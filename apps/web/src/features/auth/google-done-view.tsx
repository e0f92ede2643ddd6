import { Loader, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { AnchorLink } from '../../ui/anchor-link.tsx';
import { FormError } from './form-parts.tsx';
import { finishGoogleSignIn, googleErrorText, reportGoogleResult } from './google-sign-in.ts';
import { PlainWordsError } from './auth-errors.ts';

/**
 * Where every Google sign-in ends (better-auth's callback redirects here). In the popup it
 * tells the sign-in page the result and closes; after a full-page sign-in (popup blocked) it
 * exchanges the session for the access token itself and goes on to `next`.
 */
export function GoogleDoneView({
  mode,
  next,
  error,
}: {
  mode: 'popup' | 'page' | undefined;
  next: string | undefined;
  error: string | undefined;
}) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // A callback that lost its state does not know the mode; a popup still has its opener.
  const inPopup = mode === 'popup' || (mode === undefined && Boolean(window.opener));
  const [failure, setFailure] = useState<unknown>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's second effect run.
    if (started.current) return;
    started.current = true;
    if (inPopup) {
      reportGoogleResult(error === undefined ? { ok: true } : { ok: false, error });
      window.close();
      return;
    }
    if (error !== undefined) return;
    finishGoogleSignIn(api, queryClient)
      .then(() => navigate({ href: next ?? '/' }))
      .catch((caught: unknown) => {
        setFailure(caught);
      });
  }, [api, error, inPopup, navigate, next, queryClient]);

  if (inPopup) {
    return (
      <Text role="status">
        {error === undefined
          ? 'You are signed in with Google. You can close this window.'
          : `${googleErrorText(error)} You can close this window.`}
      </Text>
    );
  }
  const shown = error === undefined ? failure : new PlainWordsError(googleErrorText(error));
  if (shown === null) return <Loader size="sm" role="status" aria-label="Signing you in" />;
  return (
    <>
      <FormError error={shown} />
      <Text mt="md">
        <AnchorLink to="/signin" search={{ next }}>
          Back to sign in
        </AnchorLink>
      </Text>
    </>
  );
}
