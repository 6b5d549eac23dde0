/**
 * Sends one file to POST /api/admin/base/comm/upload (multipart, field `file`, optional
 * `classifyId`, and `private=1` for a private file, fetched only through space/info/fileUrl, with
 * `scope`/`scopeId` when it is shared: a group's members, or the other user of a private chat), reporting progress. The server stores it and lists it as a space/info row, which the
 * answer returns. XHR rather than fetch, for the upload progress events.
 */
import { api, ApiError } from '../../app/api';
import { calls, type Row } from '../../app/data';
import { UPLOAD_URL } from '../../app/data/paths';
import { currentLang } from '../../i18n';

/** A file of the space (a space/info row). */
export type SpaceFile = Row<'space/info'>;

interface Answer {
  code?: number;
  message?: string;
  data?: unknown;
}

export { UPLOAD_LIMITS, uploadRefusal } from './upload-limits';

/** Who else may fetch a private file (the server's file scopes): `group` and a group's id, `user` and a user's id. */
export interface FileScope {
  scope: string;
  scopeId: number;
}

export function uploadFile(
  file: File,
  opts: { classifyId?: number | null; private?: boolean; scope?: FileScope; onProgress?: (percent: number) => void; signal?: AbortSignal } = {},
): Promise<SpaceFile> {
  // A cheap authenticated call first, so an expired token gets refreshed by the session client.
  return calls.base.comm.uploadMode({}, { silent: true }).then(
    () =>
      new Promise<SpaceFile>((resolve, reject) => {
        const xhr = new XMLHttpRequest();
        xhr.open('POST', UPLOAD_URL);
        const token = api.session.getToken();
        if (token) xhr.setRequestHeader('Authorization', token);
        xhr.setRequestHeader('language', currentLang());
        xhr.upload.onprogress = (e) => {
          if (e.lengthComputable) opts.onProgress?.(Math.round((e.loaded / e.total) * 100));
        };
        const failed = (message: string, status = xhr.status, code = 0) => reject(new ApiError({ code, status, message }));
        xhr.onerror = () => failed('');
        xhr.onabort = () => failed('');
        xhr.onload = () => {
          let env: Answer | null = null;
          try {
            env = JSON.parse(xhr.responseText) as Answer;
          } catch {
            env = null;
          }
          if (env?.code === 1000 && Array.isArray(env.data) && env.data.length) resolve(env.data[0] as SpaceFile);
          else failed(env?.message ?? '', xhr.status, env?.code ?? 0);
        };
        opts.signal?.addEventListener('abort', () => xhr.abort());
        const form = new FormData();
        if (opts.classifyId !== undefined && opts.classifyId !== null) form.append('classifyId', String(opts.classifyId));
        if (opts.private || opts.scope) form.append('private', '1');
        if (opts.scope) {
          form.append('scope', opts.scope.scope);
          form.append('scopeId', String(opts.scope.scopeId));
        }
        form.append('file', file, file.name);
        xhr.send(form);
      }),
  );
}
