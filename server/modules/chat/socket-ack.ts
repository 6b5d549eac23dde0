/**
 * The answer of a socket event, shaped like the HTTP envelope: `{code, message, data}` with 1000
 * success, 1001 refused (rate limits included), 1002 invalid (data lists each field and why), 1003
 * server fault (generic message, never a stack). Messages follow the socket's language.
 */
import { AppError, KIND_STATUS, t as translate, type Lang } from '../../core/api';
import type { InvalidField } from '../../core/api';

export interface Ack {
  code: number;
  message: string;
  data: unknown;
}

export function okAck(data: unknown): Ack {
  return { code: 1000, message: 'success', data: data === undefined ? null : data };
}

/** The ack of a failed event; anything but an AppError is logged and answered as a generic 1003. */
export function errorAck(err: unknown, lang: Lang, logError: (err: unknown) => void): Ack {
  if (err instanceof AppError) {
    const data =
      err.kind === 'validation' && Array.isArray(err.data)
        ? (err.data as InvalidField[]).map((f) => ({ field: f.field, rule: f.rule, message: `${f.field} ${translate(lang, `field_${f.rule}`, f.params)}` }))
        : err.data;
    return { code: KIND_STATUS[err.kind].code, message: translate(lang, err.key, err.params), data };
  }
  logError(err);
  return { code: 1003, message: translate(lang, 'server_error'), data: null };
}
