import webpush from 'web-push';
import type { PushStore, VapidKeys } from './store.ts';

/** Whom a push service may write to about this site's notes (RFC 8292's `sub`): a mailto: or https: URL. */
export const DEFAULT_VAPID_SUBJECT = 'mailto:webmaster@localhost';

/** The site's VAPID settings as the operator gave them: both keys, or neither (then they are made at first start and kept). */
export interface VapidSettings {
  readonly keys: VapidKeys | null;
  readonly subject: string;
}

const decoded = (text: string): number => Buffer.from(text, 'base64url').length;

/**
 * Reads `VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY` and `VAPID_SUBJECT`; throws a sentence an
 * operator can act on (config.ts turns it into a ConfigError).
 */
export function vapidSettings(env: NodeJS.ProcessEnv, publicUrl: string | undefined): VapidSettings {
  const publicKey = env.VAPID_PUBLIC_KEY || undefined;
  const privateKey = env.VAPID_PRIVATE_KEY || undefined;
  if ((publicKey === undefined) !== (privateKey === undefined)) {
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together: set both (npx web-push generate-vapid-keys), or neither and the server makes a pair and keeps it');
  }
  if (publicKey !== undefined && privateKey !== undefined && (decoded(publicKey) !== 65 || decoded(privateKey) !== 32)) {
    throw new Error('VAPID_PUBLIC_KEY is 65 bytes and VAPID_PRIVATE_KEY 32, both base64url (npx web-push generate-vapid-keys prints a pair)');
  }
  const subject = env.VAPID_SUBJECT || (publicUrl?.startsWith('https:') ? publicUrl : DEFAULT_VAPID_SUBJECT);
  if (!/^(mailto:\S+@\S+|https:\/\/\S+)$/.test(subject)) throw new Error(`VAPID_SUBJECT is a mailto: address or an https: URL, not ${JSON.stringify(subject)}`);
  return { keys: publicKey !== undefined && privateKey !== undefined ? { publicKey, privateKey } : null, subject };
}

/**
 * The site's keys, read once: the operator's, or the pair the store keeps (made by whichever node
 * asked first). A browser's subscription is bound to the public key it was made with, so the
 * pair must outlive every restart: in memory it does not, and the server says so.
 */
export class SiteKeys {
  #keys: Promise<VapidKeys> | null = null;

  constructor(
    private readonly settings: VapidSettings,
    private readonly store: PushStore,
  ) {}

  get(): Promise<VapidKeys> {
    if (this.settings.keys !== null) return Promise.resolve(this.settings.keys);
    this.#keys ??= this.store.vapidKeys(webpush.generateVAPIDKeys()).catch((error: unknown) => {
      // Not cached: the next note asks the store again.
      this.#keys = null;
      throw error;
    });
    return this.#keys;
  }
}
