/**
 * Hands the groups the check of an AI member's `config.tools` (workspace/groups/ai-member-tools.ts),
 * which they may not import; and tells a proposal's conversation when its asker confirmed or
 * cancelled it (`notice { kind: 'toolCall', data: { id, state } }`, no result: that is the asker's,
 * in the confirm's answer), on every instance through the socket rooms, so the card shows it
 * wherever it is open.
 */
import { onStart } from '../../../core/api';
import { checkAiToolsWith } from '../../workspace/groups/ai-member-tools';
import { toAudience } from '../run-messages';
import { onToolCallChanged, stateName } from './proposals';
import { toolSelectionErrors } from './tool-selection';

export default onStart((core) => {
  checkAiToolsWith(toolSelectionErrors);
  onToolCallChanged((row) => {
    if (!row.conversation) return;
    toAudience(core, { userId: row.askerId, conversation: row.conversation }, { kind: 'toolCall', data: { id: row.id, state: stateName(row.state) } });
  });
});
