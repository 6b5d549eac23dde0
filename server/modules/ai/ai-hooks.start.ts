/**
 * The AI domain's hooks into the domains below it, which do not import it: the AI members' replies
 * hear every message the chat stores (chat/message-sent.ts), and the groups' member lists price AI
 * members with the AI domain's prices (workspace/groups/ai-member-prices.ts). Set once at start-up.
 */
import { onStart } from '../../core/api';
import { whenMessageSent } from '../chat/message-sent';
import { priceAiMembersWith } from '../workspace/groups/ai-member-prices';
import { onMessageSent } from './ai-reply.service';
import { listedPrices } from './ai-price';
import { listenForStops } from './chains/chain-stop';

export default onStart((core) => {
  whenMessageSent(onMessageSent);
  // A chain stopped on another instance stops the answer streaming here.
  listenForStops(core);
  priceAiMembersWith(listedPrices);
});
