import type { Config } from './config.ts';

export const LOOPBACK_HOST = '127.0.0.1';

/**
 * Where the server listens. The demo accounts share one published password, so while any is
 * in the database an unset HOST keeps the server to this machine; HOST set to anything is
 * obeyed. The returned notice is logged at start so that the choice is never a surprise.
 */
export function chooseListenHost(
  config: Pick<Config, 'host' | 'hostIsSet'>,
  demoAccountsPresent: boolean,
): { host: string; notice: string | null } {
  if (!demoAccountsPresent) return { host: config.host, notice: null };
  if (!config.hostIsSet) {
    return {
      host: LOOPBACK_HOST,
      notice: `Demo accounts with the published password are in this database, so the portal listens on ${LOOPBACK_HOST} only (this machine). Set HOST (e.g. HOST=0.0.0.0) to listen elsewhere.`,
    };
  }
  return {
    host: config.host,
    notice:
      config.host === LOOPBACK_HOST || config.host === 'localhost' || config.host === '::1'
        ? null
        : `Demo accounts with the published password are in this database, and HOST=${config.host} lets other machines reach them. Remove them before real use.`,
  };
}
