import { describe, expect, it, vi } from 'vitest';
import { afterPointerRelease } from './after-pointer-release.ts';

describe('afterPointerRelease', () => {
  it('runs at once when no press is in progress', () => {
    const work = vi.fn();
    afterPointerRelease(work);
    expect(work).toHaveBeenCalledOnce();
  });

  it('waits for the release and the click that follows it', async () => {
    const order: string[] = [];
    const button = document.createElement('button');
    button.addEventListener('click', () => order.push('click'));
    document.body.append(button);

    button.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    afterPointerRelease(() => order.push('check'));
    expect(order).toEqual([]);

    button.dispatchEvent(new Event('pointerup', { bubbles: true }));
    button.click();
    await vi.waitFor(() => {
      expect(order).toEqual(['click', 'check']);
    });
    button.remove();
  });
});
