/**
 * The id of the element in which the server writes the runtime config (GET /api/config's
 * answer) as JSON into the page it sends, <script type="application/json">: the web app reads
 * it from there without a request. Apart from the contract, so that the web app's first load
 * carries no schema.
 */
export const RUNTIME_CONFIG_ELEMENT_ID = 'runtime-config';
