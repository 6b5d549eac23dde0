/**
 * The run calls of base/message (issue 20): `runWorkflow` (sync apps) and `addTask` (async apps),
 * for members; and the workflow engine's two callbacks, which carry no token (public routes,
 * authenticated by their HMAC signature over the method, the path and the raw body: see
 * async-run.service.ts). The spec marks the callbacks as needing a token; an engine has none, so the
 * signature takes its place: a named check in the operation (assertSignedByEngine), not a rule of a
 * signed-in caller. What each call takes and answers is declared in run-input.ts.
 */
import { l, readRawBody, shapeSchema, call, defineRoutes } from '../../core/api';
import type { Core } from '../../core/api';
import { addTask, receiveWorkflow } from './async-run.service';
import { runWorkflow } from './sync-run.service';
import { CALLBACK_ANSWER, ERROR_BODY, RESULT_BODY, RUN_ANSWER, RUN_INPUT, refineRunInput } from './run-input';

/** A callback's body is small (an answer, a short error); a larger one is refused before it is read whole. */
const MAX_CALLBACK_BYTES = 1024 * 1024;

const SIGNED = l(
  'Authenticated by its X-Cosmac-Signature header (v2: HMAC with WORKFLOW_SECRET over the method, the path of the url the engine was given and the exact body, at most 5 minutes off), checked before the body is read: 401 otherwise. A run that already ended answers its status and changes nothing.',
  '以 X-Cosmac-Signature 请求头认证（v2：以 WORKFLOW_SECRET 对方法、交给引擎的网址路径与原始请求体做 HMAC，时间偏差不超过 5 分钟），在读取请求体之前检查，否则 401。已结束的运行只回答其状态，不做任何更改。',
  '以 X-Cosmac-Signature 標頭認證（v2：以 WORKFLOW_SECRET 對方法、交給引擎的網址路徑與原始內容做 HMAC，時間偏差不超過 5 分鐘），在讀取內容之前檢查，否則 401。已結束的執行只回答其狀態，不做任何變更。',
);

export default defineRoutes((core: Core) => {
  const callback = (kind: 'result' | 'error') => ({
    ...call(core, 'base', 'message', kind === 'result' ? 'receiveWorkflowResult/{workflowResultId}' : 'receiveWorkflowError/{workflowResultId}', {
      method: 'POST',
      access: 'public',
      summary:
        kind === 'result'
          ? l('Workflow engine: a run succeeded (signed callback)', '工作流引擎：运行成功（签名回调）', '工作流程引擎：執行成功（簽章回呼）')
          : l('Workflow engine: a run failed (signed callback)', '工作流引擎：运行失败（签名回调）', '工作流程引擎：執行失敗（簽章回呼）'),
      description: SIGNED,
      // The body is read by the operation once the signature over its exact bytes has been checked.
      input: {},
      body: shapeSchema(kind === 'result' ? RESULT_BODY : ERROR_BODY),
      effect: 'write',
      answer: CALLBACK_ANSWER,
      handler: async (req) =>
        receiveWorkflow(core, kind, req.params.workflowResultId ?? '', {
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
      input: RUN_INPUT,
      refine: (input, req) => refineRunInput(input, req.body),
      effect: 'write',
      answer: RUN_ANSWER,
      // The permission guard let only a signed-in caller through.
      handler: (req, input) => runWorkflow(core, req.user!, input),
    }),
    call(core, 'base', 'message', 'addTask', {
      method: 'POST',
      member: true,
      summary: l('Run an app in the background (workflow engine)', '后台运行应用（工作流引擎）', '背景執行應用（工作流程引擎）'),
      input: RUN_INPUT,
      refine: (input, req) => refineRunInput(input, req.body),
      effect: 'write',
      answer: RUN_ANSWER,
      handler: (req, input) => addTask(core, req.user!, input, req.ctx.origin),
    }),
    callback('result'),
    callback('error'),
  ];
});
