/**
 * The run calls of base/message (issue 20): `runWorkflow` (sync apps) and `addTask` (async apps),
 * for members; and the workflow engine's two callbacks, which carry no token (public routes,
 * authenticated by their HMAC signature over the method, the path and the raw body: see
 * async-run.service.ts). The spec marks the callbacks as needing a token; an engine has none, so the
 * signature takes its place.
 */
import type { Core } from '../../../core/core';
import { l } from '../../../core/entity/define';
import { fail } from '../../../core/http/errors';
import { readRawBody } from '../../../core/http/body';
import type { ApiRequest } from '../../../core/http/route';
import { call, defineRoutes } from '../../../core/modules';
import { addTask, receiveWorkflow } from './async-run.service';
import { runWorkflow } from './sync-run.service';

/** A callback's body is small (an answer, a short error); a larger one is refused before it is read whole. */
const MAX_CALLBACK_BYTES = 1024 * 1024;

function caller(req: ApiRequest) {
  if (!req.user) throw fail.unauthorized();
  return req.user;
}

export default defineRoutes((core: Core) => {
  const callback = (kind: 'result' | 'error') => ({
    ...call(core, 'base', 'message', kind === 'result' ? 'receiveWorkflowResult/{workflowResultId}' : 'receiveWorkflowError/{workflowResultId}', {
      method: 'POST',
      guard: 'public',
      summary: kind === 'result'
        ? l('Workflow engine: a run succeeded (signed callback)', '工作流引擎：运行成功（签名回调）', '工作流程引擎：執行成功（簽章回呼）')
        : l('Workflow engine: a run failed (signed callback)', '工作流引擎：运行失败（签名回调）', '工作流程引擎：執行失敗（簽章回呼）'),
      handler: async (req) => receiveWorkflow(core, kind, req.params.workflowResultId ?? '', {
        method: req.ctx.method,
        signature: req.ctx.get('x-cosmac-signature') || undefined,
        raw: await readRawBody(req.ctx, MAX_CALLBACK_BYTES),
      }),
    }),
    // The signature covers the exact bytes: the dispatcher leaves the body for the handler to read.
    body: 'raw' as const,
  });
  return [
    call(core, 'base', 'message', 'runWorkflow', {
      method: 'POST',
      member: true,
      summary: l('Run an app (answers at once, streams the answer)', '运行应用（即时回答，流式输出）', '執行應用（即時回答，串流輸出）'),
      handler: (req) => runWorkflow(core, caller(req), req.body),
    }),
    call(core, 'base', 'message', 'addTask', {
      method: 'POST',
      member: true,
      summary: l('Run an app in the background (workflow engine)', '后台运行应用（工作流引擎）', '背景執行應用（工作流程引擎）'),
      handler: (req) => addTask(core, caller(req), req.body, req.ctx.origin),
    }),
    callback('result'),
    callback('error'),
  ];
});
