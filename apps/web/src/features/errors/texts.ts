/** The generic error page's texts, exactly as spec section 8 gives them. */
export const ERROR_HEADING = 'Ooooooops... An unexpected error has occurred...';
export const ERROR_TEXT =
  'We are sorry but we have an encountered an unexpected error. Please try again soon.';
export const REPORT_ISSUE_LABEL = 'Click here to report an issue';
export const HOME_LABEL = 'Homepage';
export const DEBUG_HEADING = 'Server error';
export const CLOUD_LOGS_DISABLED = 'Web cloud logs are disabled for now';
