/** Hands the groups the check of an AI member's `config.tools` (workspace/groups/ai-member-tools.ts), which they may not import. */
import { onStart } from '../../../core/api';
import { checkAiToolsWith } from '../../workspace/groups/ai-member-tools';
import { toolSelectionErrors } from './tool-selection';

export default onStart(() => {
  checkAiToolsWith(toolSelectionErrors);
});
