import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';
import { chooseListenHost } from './listen-host.ts';

describe('chooseListenHost', () => {
  it('keeps an unset HOST to this machine while demo accounts exist, and says so', () => {
    const chosen = chooseListenHost(loadConfig({}), true);
    expect(chosen.host).toBe('127.0.0.1');
    expect(chosen.notice).toMatch(/listens on 127\.0\.0\.1 only.*Set HOST/);
  });

  it('listens on every interface by default when there are no demo accounts', () => {
    expect(chooseListenHost(loadConfig({}), false)).toEqual({ host: '0.0.0.0', notice: null });
  });

  it('obeys HOST set explicitly, warning when it exposes the demo accounts', () => {
    const everywhere = chooseListenHost(loadConfig({ HOST: '0.0.0.0' }), true);
    expect(everywhere.host).toBe('0.0.0.0');
    expect(everywhere.notice).toMatch(/lets other machines reach them/);
    expect(chooseListenHost(loadConfig({ HOST: '127.0.0.1' }), true)).toEqual({
      host: '127.0.0.1',
      notice: null,
    });
  });
});
