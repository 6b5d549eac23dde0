/** Envelope messages of the AI calls: the app catalogue, runs paid in tokens and the workflow callbacks. */
import { registerMessages } from '../../../core/i18n/messages';

export const AI = registerMessages({
  en: {
    ai_llm_unconfigured: 'AI answers are not available: no language model is configured on this server',
    ai_workflow_unconfigured: 'This app is not available: no workflow engine is configured on this server',
    ai_workflow_unreachable: 'The workflow engine did not accept the run; your tokens were refunded',
    ai_app_not_found: 'This app does not exist or is not available',
    ai_app_misconfigured: 'This app is not set up correctly; please tell the administrator',
    ai_app_is_async: 'This app runs in the background: start it with addTask',
    ai_app_is_sync: 'This app answers at once: start it with runWorkflow',
    ai_not_enough_tokens: 'Not enough tokens: this run costs {cost}, your balance is {balance}',
    ai_too_fast: 'You are starting runs too fast, please wait a moment',
    ai_bad_signature: 'The callback is not signed, or its signature is wrong or too old',
    ai_run_not_found: 'No run with this id is waiting for a workflow result',
  },
  'zh-cn': {
    ai_llm_unconfigured: 'AI 回答暂不可用：服务器未配置语言模型',
    ai_workflow_unconfigured: '该应用暂不可用：服务器未配置工作流引擎',
    ai_workflow_unreachable: '工作流引擎未接受本次运行，代币已退回',
    ai_app_not_found: '该应用不存在或不可用',
    ai_app_misconfigured: '该应用配置有误，请联系管理员',
    ai_app_is_async: '该应用在后台运行，请使用 addTask 启动',
    ai_app_is_sync: '该应用即时回答，请使用 runWorkflow 启动',
    ai_not_enough_tokens: '代币不足：本次运行需要 {cost}，你的余额为 {balance}',
    ai_too_fast: '启动运行过于频繁，请稍候',
    ai_bad_signature: '回调未签名，或签名错误或已过期',
    ai_run_not_found: '没有等待工作流结果的该运行',
  },
  'zh-tw': {
    ai_llm_unconfigured: 'AI 回答暫不可用：伺服器未設定語言模型',
    ai_workflow_unconfigured: '此應用暫不可用：伺服器未設定工作流程引擎',
    ai_workflow_unreachable: '工作流程引擎未接受本次執行，代幣已退回',
    ai_app_not_found: '此應用不存在或無法使用',
    ai_app_misconfigured: '此應用設定有誤，請聯絡管理員',
    ai_app_is_async: '此應用在背景執行，請使用 addTask 啟動',
    ai_app_is_sync: '此應用即時回答，請使用 runWorkflow 啟動',
    ai_not_enough_tokens: '代幣不足：本次執行需要 {cost}，你的餘額為 {balance}',
    ai_too_fast: '啟動執行過於頻繁，請稍候',
    ai_bad_signature: '回呼未簽章，或簽章錯誤或已過期',
    ai_run_not_found: '沒有等待工作流程結果的此執行',
  },
});
