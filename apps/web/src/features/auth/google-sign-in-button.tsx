import { Button, Stack, Text } from '@mantine/core';
import { GOOGLE_START_API_PATH, type GoogleMode } from '@nestling/shared/google-sign-in';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useQueryLayerLoader } from '../../app/query-layer.ts';
import { useApi } from '../../lib/api-context.tsx';
import type { ApiClient } from '../../lib/api.ts';
import { FormError } from './form-parts.tsx';
import { completeGooglePopup } from './google-sign-in.ts';

const POPUP_NAME = 'google-sign-in';
const POPUP_WIDTH = 500;
const POPUP_HEIGHT = 640;

function startUrl(api: ApiClient, mode: GoogleMode, next?: string): string {
  return api.url(GOOGLE_START_API_PATH, { mode, next });
}

/** A window of the popup's size in the middle of the portal's. */
function popupFeatures(): string {
  const left = Math.round(window.screenX + (window.outerWidth - POPUP_WIDTH) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - POPUP_HEIGHT) / 2);
  return `popup,width=${POPUP_WIDTH},height=${POPUP_HEIGHT},left=${left},top=${top}`;
}

/**
 * Google signs in in a popup and the person then lands on `next`; when the popup is blocked
 * the whole page goes to Google instead, and the completion page goes on to `next`.
 */
export function GoogleSignInButton({ next }: { next: string | undefined }) {
  const api = useApi();
  const queries = useQueryLayerLoader();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);

  const onClick = () => {
    setFailure(null);
    // Opened in the click itself: a window opened after an await counts as unrequested.
    const popup = window.open(startUrl(api, 'popup'), POPUP_NAME, popupFeatures());
    if (popup === null || popup.closed) {
      api.loadPage(startUrl(api, 'page', next));
      return;
    }
    setPending(true);
    completeGooglePopup(popup, api, () => queries.client())
      .then(() => navigate({ href: next ?? '/' }))
      .catch((error: unknown) => {
        setFailure(error);
      })
      .finally(() => {
        setPending(false);
      });
  };

  return (
    <Stack gap="sm" maw={420} mt="lg">
      <Text c="dimmed" size="sm">
        Or
      </Text>
      <FormError error={failure} />
      <Button
        variant="default"
        onClick={onClick}
        loading={pending}
        aria-busy={pending || undefined}
      >
        Continue with Google
      </Button>
    </Stack>
  );
}
