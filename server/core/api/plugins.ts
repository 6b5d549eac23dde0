/**
 * Public API of the core, plugins: what a plugin implements and receives (its contract), events,
 * and the plugin rows and packages the plugin module manages.
 */
export type {
  /** A byte range of a stored object. */
  ByteRange,
  /** A notifier a plugin provides (webhook...). */
  Notifier,
  /** An event a plugin receives. */
  PluginEvent,
  /**
   * What the core gives a plugin: its config, a logger, storage and notifier registration.
   * @example
   * ```ts
   * export default { activate(host: PluginHost) { host.registerStorage(adapter); } };
   * ```
   */
  PluginHost,
  /** A plugin's manifest (package.json's `cosmac` part). */
  PluginManifest,
  /** A storage backend a plugin provides (S3...). */
  StorageAdapter,
  /** A stored file. */
  StoredFile,
  /** A stored file's metadata. */
  StoredMeta,
  /** A stored object read back. */
  StoredObject,
} from '../plugins/contract';

export type {
  /** A change to a plugin row. */
  PluginPatch,
} from '../plugins/types';

export {
  /** A plugin's config without its secret values. */
  publicConfig,
} from '../plugins/config';

export {
  /** The event catalogue. */
  catalogue,
  /**
   * Declares an event plugins may receive.
   * @example
   * ```ts
   * export const ORDER_PAID = defineEvent('order.paid', { summary: l('An order is paid', '订单已支付', '訂單已付款') });
   * ```
   */
  defineEvent,
} from '../plugins/events';

export {
  /** Reads a plugin package (zip) and its manifest. */
  readPackage,
} from '../plugins/package-reader';

export {
  /** The plugin module's envelope messages. */
  PLUGIN,
} from '../plugins/plugin.messages';

export {
  /** Package row states. */
  PACKAGE_STATUS,
  /** An upload not installed within this many hours is gone. */
  UPLOAD_TTL_HOURS,
  /** The plugin row of a key, or null. */
  pluginRowByKey,
  /** Every plugin row. */
  pluginRows,
} from '../plugins/rows';

export {
  /** The shipped plugins with a valid manifest. */
  listShipped,
  /** Packs a shipped plugin into a package zip. */
  packShipped,
} from '../plugins/shipped';
