/**
 * The installation's generated secrets, shared by construction (issue 24 item 1): created once and
 * kept in the database (`app_secret`, ops/secret-store.ts), so every instance on one database signs
 * and checks tokens with the same keys whatever its data folder. Never from the repository.
 *
 * - `jwt`: the token signing key ring, `{current, keys: [{kid, secret, created, retired}]}`.
 *   Rotating (`npm run secrets:rotate`, scripts/secrets-rotate.ts) adds a key and makes it current;
 *   the previous keys stay valid for checking until every token they signed has expired
 *   (REFRESH_TOKEN_TTL after they were retired, plus the time instances take to notice). Instances
 *   read the ring again every 30 s, and at once when a token names a key they do not hold.
 * - `mail-code`: the key e-mail codes are hashed with (server/modules/accounts/email-code.service.ts); the key signed urls
 *   of private files carry is derived from it for its own purpose (`derive('private-file')`,
 *   server/modules/files/private-file.routes.ts), so every instance checks what another signed.
 *
 * JWT_SECRET in the environment still wins: then it is the only signing key (and mail codes use it,
 * as before), and nothing is generated. A data/secrets.json of an earlier version is imported once
 * (ops/legacy-secrets.ts), so nobody is signed out by the upgrade.
 */
import { createHash } from 'node:crypto';
import type { Db } from '../db/db';
import type { KeyRing, SigningKey } from './jwt';
import { JWT_RING, keepMs, liveKeys, MAIL_CODE, newSecret, parseRing, PLATFORM_ACCOUNT, PRIVATE_FILE, RELOAD_MS, ringOf } from './key-ring';
import { SecretStore } from '../ops/secret-store';
import { importLegacySecrets } from '../ops/legacy-secrets';

/** A token naming an unknown key makes the ring reload at most this often. */
const MIN_RELOAD_GAP_MS = 2000;

export interface SecretsOptions {
  refreshTtl: number;
  /** Where a data/secrets.json of an earlier version may be (DATA_DIR). */
  dataDir: string;
  warn(line: string): void;
}

/** The running instance's view of the shared secrets; the auth service's key ring. */
export class SharedSecrets implements KeyRing {
  private keys: SigningKey[] = [];
  private current!: SigningKey;
  private ringText: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private reloading: Promise<boolean> | null = null;
  private lastReload = 0;
  /** Grows whenever the keys change. */
  version = 0;

  private constructor(
    private readonly store: SecretStore | null,
    private readonly mailSecret: string,
    private readonly keep: number,
  ) {}

  /** Opens the shared secrets of the database `db` (creating what is missing) or takes JWT_SECRET. */
  static async open(db: Db, env: Record<string, string | undefined>, opts: SecretsOptions): Promise<SharedSecrets> {
    const store = await SecretStore.open(db);
    await importLegacySecrets(store, opts.dataDir, opts.warn);
    const fromEnv = env.JWT_SECRET;
    if (fromEnv) {
      const s = new SharedSecrets(null, fromEnv, 0);
      s.use(JSON.stringify(ringOf(fromEnv)));
      return s;
    }
    const ringText = await store.ensure(JWT_RING, () => JSON.stringify(ringOf(newSecret())));
    const s = new SharedSecrets(store, await store.ensure(MAIL_CODE, newSecret), keepMs(opts.refreshTtl));
    s.use(ringText);
    s.timer = setInterval(() => void s.refresh(true).catch(() => undefined), RELOAD_MS);
    s.timer.unref();
    return s;
  }

  private use(text: string): boolean {
    if (text === this.ringText) return false;
    const ring = parseRing(text);
    if (!ring) throw new Error('the stored token signing keys are not readable (app_secret, jwt)');
    const live = this.store ? liveKeys(ring, this.keep) : ring.keys;
    this.keys = live.map((k) => ({ kid: k.kid, key: Buffer.from(k.secret, 'utf8') }));
    this.current = this.keys.find((k) => k.kid === ring.current)!;
    this.ringText = text;
    this.version++;
    return true;
  }

  signing(): SigningKey {
    return this.current;
  }

  candidates(kid: string | null): SigningKey[] {
    return kid === null ? this.keys : this.keys.filter((k) => k.kid === kid);
  }

  /** Reads the ring again (at most every 2 s unless `force`); answers whether it changed. */
  refresh(force = false): Promise<boolean> {
    if (!this.store) return Promise.resolve(false);
    if (this.reloading) return this.reloading;
    if (!force && Date.now() - this.lastReload < MIN_RELOAD_GAP_MS) return Promise.resolve(false);
    this.lastReload = Date.now();
    const store = this.store;
    this.reloading = store
      .get(JWT_RING)
      .then((text) => (text ? this.use(text) : false))
      .finally(() => (this.reloading = null));
    return this.reloading;
  }

  /** A key for `purpose` derived from its shared secret (mail codes: `derive('mail-code')`). */
  derive(purpose: typeof MAIL_CODE | typeof PRIVATE_FILE | typeof PLATFORM_ACCOUNT): Buffer {
    return createHash('sha256').update(`cosmac-${purpose}:${this.mailSecret}`).digest();
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}
