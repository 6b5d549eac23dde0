/** Public API of the core, errors and messages: the envelope's error and the three-language texts. */
export {
  /** The error a call throws to answer an error envelope (its kind gives the HTTP status and code). */
  AppError,
  /**
   * Builds the envelope errors: `fail.notFound(key)`, `fail.forbidden(key)`, `fail.invalid([...])` (1002)...
   * @example
   * ```ts
   * if (!row) throw fail.notFound('no_such_group');
   * throw fail.invalid([{ field: 'name', rule: 'required' }]);
   * ```
   */
  fail,
  /** The HTTP status and envelope code of each error kind. */
  KIND_STATUS,
} from '../errors';
export type {
  /** A message key of any registered message table. */
  AnyMessageKey,
  /** One bad field of a 1002 answer: the field, the rule it breaks and the rule's parameters. */
  InvalidField,
} from '../errors';

export {
  /** The rule an InvalidField names for a `field_…` message key. */
  fieldRule,
  /** The language of a request's `language` header (or Accept-Language), en by default. */
  pickLang,
  /**
   * Registers a module's envelope messages in en, zh-cn and zh-tw and answers their keys.
   * @example
   * ```ts
   * export const SHOP = registerMessages({ en: { sold_out: 'Sold out' }, 'zh-cn': { sold_out: '已售罄' }, 'zh-tw': { sold_out: '已售罄' } });
   * throw fail.conflict(SHOP.sold_out);
   * ```
   */
  registerMessages,
  /** The text of a message key in a language. */
  t,
} from '../i18n/messages';
export type {
  /** One of the interface languages: en, zh-cn, zh-tw. */
  Lang,
} from '../i18n/messages';
