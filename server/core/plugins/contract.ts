/**
 * The plugin contract: what a plugin package holds, what its CommonJS entry exports, and what the
 * product hands it. Shipped plugins (`plugins/<keyName>/index.ts`) import these types only (the import
 * is erased when compiled), so a package's `index.js` never requires the product's own files.
 *
 * A package is a zip with, at its root, `plugin.json` (a {@link PluginManifest}), `index.js` (the
 * entry) and optionally `README.md` and other files the entry reads. It is installed in two steps by
 * the administrator (upload or pick a shipped one -> sha256 + manifest + uploadId; `install {uploadId}`
 * confirms); only then does any of its code run. The package bytes are kept in the database, so every
 * instance unpacks the same version under `data/plugins/<keyName>/<sha256>/` and loads it.
 *
 * Lifecycle (all optional, each may be async; `host` is a {@link PluginHost}):
 * - `install(host)`: once, on the instance that installs it (or upgrades it to another version).
 * - `load(host)`: on every instance, each time the package is (re)loaded: at start-up, after install,
 *   after an upgrade, after its config changes. A throw marks the plugin failed (its `error` field) and
 *   leaves it inactive; the product keeps running.
 * - `enable(host)` / `disable(host)`: once, on the instance where the administrator switches it; a
 *   throw from `enable` refuses the switch (1001 with the message) and leaves it disabled.
 * - `remove(host)`: once, when the administrator deletes it.
 * The hook implementation is made by the export named after the manifest's `hook`, on every instance
 * where the plugin is enabled and loaded, again whenever its config changes.
 */
import type { Readable } from 'node:stream';

/** An inclusive byte range, as HTTP Range gives it. */
export interface ByteRange {
  start: number;
  end: number;
}

export interface StoredObject {
  key: string;
  /** Bytes written. */
  size: number;
}

export interface StoredMeta {
  /** Size of the whole object in bytes. */
  size: number;
  contentType: string;
  modified: Date;
}

export interface StoredFile extends StoredMeta {
  /** The object's bytes, or those of the range asked for. */
  stream: Readable;
}

/**
 * The `upload` hook's store: the same shape as the product's own `StorageAdapter`
 * (server/adapters/storage.adapter.ts, whose TSDoc gives each method's exact meaning), declared here
 * because the core and the plugins know no adapter; TypeScript matches the two by shape.
 */
export interface StorageAdapter {
  /** What `comm/uploadMode` reports (e.g. 's3'). */
  readonly mode: string;
  /** Stores `body` under `key`; a stream that errors leaves nothing behind and rejects with its error. */
  put(key: string, body: Readable | Buffer, contentType: string): Promise<StoredObject>;
  /** Size, type and time of the object, or null when there is none. */
  head(key: string): Promise<StoredMeta | null>;
  /** The object (or the inclusive byte range asked for), or null when there is none. */
  get(key: string, range?: ByteRange): Promise<StoredFile | null>;
  /** Removes the object; a missing one is not an error. */
  delete(key: string): Promise<void>;
  /** Where a browser fetches the object. */
  url(key: string): string;
  /** A url that fetches the object until `opts.seconds` from now (private files); a store without it keeps none. */
  signedUrl?(key: string, opts: { seconds: number; downloadName?: string }): Promise<string>;
}

/** The closed list of hooks the product calls. One enabled plugin per hook. */
export const PLUGIN_HOOKS = ['upload', 'notify'] as const;
export type PluginHook = (typeof PLUGIN_HOOKS)[number];

/** `plugin.json` at the root of a package. */
export interface PluginManifest {
  /** Identifies the plugin: `^[a-z][a-z0-9-]{1,63}$`, unique among installed plugins. */
  keyName: string;
  name: string;
  /** `MAJOR.MINOR.PATCH` (a pre-release suffix allowed). */
  version: string;
  hook: PluginHook;
  description?: string;
  author?: string;
  /** A data: URL of an image (png, svg, jpeg), or empty. */
  logo?: string;
  /** The file at the package root holding the readme (markdown), default `README.md`; or inline markdown. */
  readme?: string;
  /**
   * JSON Schema (draft-07, `type: 'object'`) of the plugin's config; the console renders it with @rjsf.
   * A property with `writeOnly: true` is a secret: stored, handed to the plugin, never returned by the
   * API (answers list it in `secretsSet` when it has a value); an update that leaves it empty keeps it.
   */
  config?: Record<string, unknown>;
}

/** One event of the catalogue (server/core/plugins/events.ts, docs/reference/calls/plugins.md). */
export interface PluginEvent {
  /** The catalogue's name, e.g. `user.registered`, `order.paid`, `message.group`. */
  name: string;
  /** Unique per emission (a uuid): receivers use it to drop a duplicate delivery. */
  id: string;
  /** When the change committed, ISO 8601 UTC. */
  time: string;
  /** The event's fields, chosen by its catalogue entry (never secrets or password hashes). */
  data: Record<string, unknown>;
}

/** What the `notify` hook's implementation does with an event. Must not throw to the caller: it owns its retries. */
export interface Notifier {
  /** Takes an event; answers once it is queued (delivery, retries and their logging go on in the background). */
  send(event: PluginEvent): void | Promise<void>;
  /** Stops retries and timers (the plugin is being disabled, reconfigured or the server stops). */
  close?(): void | Promise<void>;
}

/** What the product hands a plugin. */
export interface PluginHost {
  keyName: string;
  version: string;
  /** The plugin's config as stored, secrets included, defaults of its schema applied. */
  config: Record<string, unknown>;
  /**
   * Loads a package the product itself depends on (`@aws-sdk/client-s3`, ...) from the product's
   * node_modules: a package holds only its own code. Node's built-in modules can be required directly.
   */
  require(id: string): unknown;
  /**
   * Writes a row of the plugin log (`plugin/log`, paged in the console): a delivery, a failure.
   * Never throws; resolves once written.
   */
  log(level: 'info' | 'error', message: string, detail?: Record<string, unknown>): Promise<void>;
  /** A folder of its own, kept across versions (`data/plugins/<keyName>/data`). */
  dataDir: string;
  /**
   * The product's Content-Disposition value naming a file (RFC 6266), as its own file routes send it:
   * `attachment; filename="<safe ASCII>"` and, when the name needs it, `filename*=UTF-8''<encoded>`.
   * Handed in because a package never requires the product's files.
   */
  contentDisposition(name: string, type?: 'attachment' | 'inline'): string;
}

/** The exports of a package's `index.js` (module.exports or its `default`). */
export interface PluginModule {
  install?(host: PluginHost): void | Promise<void>;
  load?(host: PluginHost): void | Promise<void>;
  enable?(host: PluginHost): void | Promise<void>;
  disable?(host: PluginHost): void | Promise<void>;
  remove?(host: PluginHost): void | Promise<void>;
  /** The `upload` hook: where uploaded files are stored while the plugin is enabled (its `mode`, e.g. 's3', is what `comm/uploadMode` answers). */
  upload?(host: PluginHost): StorageAdapter | Promise<StorageAdapter>;
  /** The `notify` hook: where the catalogue's events go. */
  notify?(host: PluginHost): Notifier | Promise<Notifier>;
}
