/** Business constants of spec section 9. */

/** The 'Session Expiring' dialog appears when the token has less than this left. */
export const SESSION_WARNING_MS = 10 * 60 * 1000;
/** How often the web app checks the access token. */
export const TOKEN_CHECK_INTERVAL_MS = 60 * 1000;
/** Activity within this window refreshes the token silently. */
export const ACTIVITY_WINDOW_MS = 60 * 1000;
/** Lifetime of the cookie that holds the access token. */
export const AUTH_COOKIE_DAYS = 1;
export const AUTH_COOKIE_NAME = 'auth_token';
/** Cookies that remember the preferred account and individual order. */
export const PREFERRED_ACCOUNT_COOKIE = 'preferred_account';
export const PREFERRED_INDIVIDUAL_ORDER_COOKIE = 'preferred_individual_order';
/** The admin debug error page counts down from this many seconds. */
export const DEBUG_COUNTDOWN_SECONDS = 15;
/** The loading shield fades out over this long. */
export const LOADING_SHIELD_FADE_MS = 600;
/** The backend port on a developer machine, and the port `npm start` serves on. */
export const LOCAL_BACKEND_PORT = 8080;
/** Integers the number-to-words helper accepts. */
export const NUMBER_WORDS_MIN = 1;
export const NUMBER_WORDS_MAX = 50;
