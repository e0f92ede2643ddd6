import type { Config } from '../../config.ts';
import type { Mailer } from '../mail/index.ts';
import type { UsersRepository } from '../users/index.ts';
import type { AuthService } from './service.ts';

/**
 * The mail a sign-up sends when its address has an account already. The sign-up answers as it
 * does for a new address, so only the address's owner learns that the account exists.
 */
export function createSignUpNotices(deps: {
  config: Config;
  mailer: Mailer;
  users: UsersRepository;
  authService: AuthService;
}) {
  const { config, mailer, users, authService } = deps;
  const product = config.brand.productName;
  return {
    /** `next`: where the person signing up was going, kept in a confirmation link. */
    async accountExists(email: string, next?: string) {
      const owner = await users.findByEmail(email);
      if (owner === null) return;
      // Never confirmed: the owner most likely lost the first mail, so this one confirms.
      if (!owner.emailVerified) {
        await authService.sendConfirmation(owner, next);
        return;
      }
      await mailer.send({
        to: owner.email,
        subject: `You already have a ${product} account`,
        body: [
          {
            kind: 'paragraph',
            text: `Someone, perhaps you, tried to create a ${product} account with this email address. You already have an account with it, so nothing was created or changed.`,
          },
          {
            kind: 'action',
            label: 'Sign in',
            url: `${config.publicUrl}/signin${next === undefined ? '' : `?next=${encodeURIComponent(next)}`}`,
          },
          {
            kind: 'link',
            label: 'Forgotten your password? Choose a new one here',
            url: `${config.publicUrl}/reset-password`,
          },
          { kind: 'paragraph', text: 'If this was not you, you can ignore this mail.' },
        ],
      });
    },
  };
}
