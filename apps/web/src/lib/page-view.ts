import { PAGE_PATH_HEADER, PAGE_VIEW_HEADER } from '@nestling/shared/page-view';
import { getAdminToken } from './auth-cookie.ts';

/** The page's address, as the API client sees it. */
export type PageLocation = Pick<Location, 'pathname' | 'search'>;

/**
 * The page view a staff member's reads belong to (ADR 007): while they view the portal as a
 * patient (`as_user` or `email` in the address) or impersonate one (their own token waits in
 * the admin cookie), each read names the page and a random id drawn when that page was opened,
 * so the server writes one audit row per page viewed. Opening another page, or another
 * patient's, draws a new id. Anyone else's requests carry nothing.
 */
export function createPageViews(
  options: { newId?: () => string; impersonating?: () => boolean } = {},
) {
  const newId = options.newId ?? (() => crypto.randomUUID());
  const impersonating = options.impersonating ?? (() => getAdminToken() !== undefined);
  let current: { key: string; id: string } | undefined;

  return (location: PageLocation): Record<string, string> => {
    const search = new URLSearchParams(location.search);
    const viewAs = search.get('as_user') ?? search.get('email');
    if (viewAs === null && !impersonating()) return {};
    const key = `${location.pathname}\n${viewAs ?? ''}`;
    if (current?.key !== key) current = { key, id: newId() };
    return { [PAGE_VIEW_HEADER]: current.id, [PAGE_PATH_HEADER]: location.pathname };
  };
}
