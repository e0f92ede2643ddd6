/**
 * The sign-in page's title and lead. The web app renders them; the server also writes them
 * into the static shell of index.html when it answers /signin, where everyone signed out lands,
 * so that a slow connection reads the page's first words before the app's script has run.
 */
export const SIGN_IN_PAGE = {
  title: 'Sign in',
  lead: 'Sign in to see your reports, health surveys and account.',
  loading: 'Loading the sign-in form…',
} as const;
