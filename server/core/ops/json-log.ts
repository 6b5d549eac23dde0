/**
 * The format of the server's log lines (Midway's logger, server/config/config.default.ts).
 * LOG_FORMAT=json (the default when NODE_ENV=production) writes one JSON object per line:
 * `{time, level, msg, pid, reqId?, ...fields}`; LOG_FORMAT=text keeps the human format
 * (`<time> <LEVEL> <pid> <message>`). A caller adds fields by passing `logFields({...})` as the last
 * argument: `logger.error('%s failed', what, logFields({ reqId }))`; the text format shows them as
 * `key=value` after the message.
 */
import { format } from 'node:util';

/** Fields of one log line (a request id...), passed as the logger call's last argument. */
export class LogFields {
  constructor(readonly fields: Record<string, unknown>) {}
}

export function logFields(fields: Record<string, unknown>): LogFields {
  return new LogFields(fields);
}

export type LogFormatName = 'json' | 'text';

export function logFormatName(env: Record<string, string | undefined>): LogFormatName {
  const v = (env.LOG_FORMAT ?? '').trim().toLowerCase();
  if (v === 'json' || v === 'text') return v;
  return env.NODE_ENV === 'production' ? 'json' : 'text';
}

/** What Midway hands a format function (the part used here). */
interface LineInfo {
  level: string;
  pid: number;
  args: unknown[];
  timestamp: string;
  LEVEL: string;
}

function split(args: unknown[]): { message: string; fields: Record<string, unknown> } {
  const rest: unknown[] = [];
  const fields: Record<string, unknown> = {};
  for (const a of args) {
    if (a instanceof LogFields) Object.assign(fields, a.fields);
    else rest.push(a);
  }
  return { message: format(...rest), fields };
}

/** One JSON line; fields never replace the line's own keys. */
export function jsonLine(info: Pick<LineInfo, 'level' | 'pid' | 'args'>, now = new Date()): string {
  const { message, fields } = split(info.args);
  return JSON.stringify({ ...fields, time: now.toISOString(), level: info.level, msg: message, pid: info.pid });
}

/** Midway's own text format, with fields appended as `key=value`. */
export function textLine(info: LineInfo): string {
  const { message, fields } = split(info.args);
  const extra = Object.entries(fields)
    .map(([k, v]) => ` ${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join('');
  return `${info.timestamp} ${info.LEVEL} ${info.pid} ${message}${extra}`;
}

/** The logger options that set the format (spread into midwayLogger.default); Midway's request loggers keep theirs in text. */
export function loggerFormat(env: Record<string, string | undefined>): { format: (info: never) => string; contextFormat?: (info: never) => string } {
  if (logFormatName(env) === 'text') return { format: textLine as (info: never) => string };
  const json = (info: LineInfo) => jsonLine(info);
  return { format: json as (info: never) => string, contextFormat: json as (info: never) => string };
}

/**
 * In the JSON format, the logger Midway's bootstrap writes its messages with (started, stop signal,
 * an uncaught error): JSON lines like the others. Undefined in the text format (Midway's own).
 */
export function bootstrapLogger(
  env: Record<string, string | undefined>,
): Record<'info' | 'warn' | 'error' | 'debug' | 'verbose' | 'write', (...args: unknown[]) => void> | undefined {
  if (logFormatName(env) === 'text') return undefined;
  const line = (level: string, args: unknown[]) =>
    (level === 'error' ? process.stderr : process.stdout).write(jsonLine({ level, pid: process.pid, args }) + '\n');
  return {
    info: (...args) => line('info', args),
    warn: (...args) => line('warn', args),
    error: (...args) => line('error', args),
    debug: () => undefined,
    verbose: () => undefined,
    write: (...args) => line('info', args),
  };
}

/** Lines printed to the terminal outside the logger (the start banner): JSON objects in the JSON format. */
export function terminalLines(lines: string[], env: Record<string, string | undefined>, level = 'info'): string {
  if (logFormatName(env) === 'text') return lines.join('\n') + '\n';
  const time = new Date().toISOString();
  return lines.map((msg) => JSON.stringify({ time, level, msg, pid: process.pid })).join('\n') + '\n';
}
