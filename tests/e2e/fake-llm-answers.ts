/**
 * What the suite's fake language model answers: the code helper's translation requests (its system
 * prompt asks for zh-cn and zh-tw labels of a JSON object of English labels) get the translations
 * of a small glossary, as a model would give them; a question asking for a "long story" gets a long
 * answer (to be stopped); an AI member whose prompt says "Hand over to @Name" mentions that member
 * (once: not when answering another fake answer); offered tools, "my desktops" lists them and "add a
 * desktop called X" proposes it (e2eToolCalls), "my orders" reads their orders (goods_order_mine); asked about "the brief" with excerpts of the group's
 * knowledge, it summarises the first, citing [1]; every other request gets the fake's default echo
 * (`Fake answer to: <the last user message>`), which the AI run specs read back.
 */
import type { FakeLlmChatRequest, FakeToolCall } from '../helpers/fake-llm';

/** English label -> [Simplified, Traditional]; a label not listed keeps its English text. */
const GLOSSARY: Record<string, [string, string]> = {
  Guest: ['客人', '客人'],
  Nights: ['晚数', '晚數'],
  Title: ['标题', '標題'],
  Pages: ['页数', '頁數'],
  Note: ['笔记', '筆記'],
  Visit: ['到访', '到訪'],
};

/** The translation of a label: the glossary's, or a glossary word it starts with and the rest as is. */
function lookUp(en: string): [string, string] | null {
  if (GLOSSARY[en]) return GLOSSARY[en];
  const word = Object.keys(GLOSSARY).find((w) => en.startsWith(w));
  if (!word) return null;
  const rest = en.slice(word.length).trim();
  return [`${GLOSSARY[word][0]} ${rest}`.trim(), `${GLOSSARY[word][1]} ${rest}`.trim()];
}

function translated(english: Record<string, unknown>): string {
  const out: Record<'zh-cn' | 'zh-tw', Record<string, string>> = { 'zh-cn': {}, 'zh-tw': {} };
  for (const [key, value] of Object.entries(english)) {
    const en = String(value);
    // An entity's label is made from its name ("Visitmxbj1a" for visitmxbj1a): its first word is looked up.
    const hit = lookUp(en);
    out['zh-cn'][key] = hit ? hit[0] : en;
    out['zh-tw'][key] = hit ? hit[1] : en;
  }
  return JSON.stringify(out);
}

/** The tools a request offers, by name. */
function offered(req: FakeLlmChatRequest): string[] {
  const tools = (req.body.tools ?? []) as Array<{ function?: { name?: string } }>;
  return tools.map((x) => x.function?.name ?? '').filter(Boolean);
}

const lastUser = (req: FakeLlmChatRequest) => [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';

/**
 * The tool calls of the suite's fake model, OpenAI's way (before any tool result came back): asked
 * for "my desktops" it lists them (base_desktop_list), asked to "add a desktop called X" it proposes
 * base_desktop_add { name: X }, when it is offered those tools.
 */
export function e2eToolCalls(req: FakeLlmChatRequest): FakeToolCall[] | null {
  if (req.messages.some((m) => m.role === 'tool')) return null;
  const tools = offered(req);
  const user = lastUser(req);
  if (/my desktops/i.test(user) && tools.includes('base_desktop_list')) return [{ id: 'call_list', name: 'base_desktop_list', arguments: '{}' }];
  if (/my orders/i.test(user) && tools.includes('goods_order_mine')) return [{ id: 'call_orders', name: 'goods_order_mine', arguments: '{"page":1}' }];
  const add = /add a desktop called ([^.?!]+)/i.exec(user);
  if (add && tools.includes('base_desktop_add')) return [{ id: 'call_add', name: 'base_desktop_add', arguments: JSON.stringify({ name: add[1].trim() }) }];
  return null;
}

export function e2eAnswer(req: FakeLlmChatRequest): string {
  const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
  const user = lastUser(req);
  // After its tools: what they answered (the desktops' names), or that a write waits for the member.
  const tool = [...req.messages].reverse().find((m) => m.role === 'tool');
  if (tool) {
    const names = [...tool.content.matchAll(/"name":"([^"]+)"/g)].map((m) => m[1]);
    if (/"proposed":true/.test(tool.content)) return 'I proposed it: confirm it and it is done.';
    const total = /"total":(\d+)/.exec(tool.content);
    if (/my orders/i.test(user)) return `You have ${total ? total[1] : 'no'} order(s).`;
    return `Your desktops: ${names.join(', ') || 'none'}.`;
  }
  // The first turn of a tool call says nothing.
  if (e2eToolCalls(req)) return '';
  // Asked about "the brief" with excerpts of the group's knowledge: a summary citing the first.
  const excerpt = req.messages.find((m) => m.role === 'system' && m.content.includes('<excerpt n="1"'));
  if (excerpt && /brief/i.test(user)) {
    const quoted = /<excerpt n="1"[^>]*>\n([\s\S]*?)\n<\/excerpt>/.exec(excerpt.content)?.[1] ?? '';
    return `Summary of the brief [1]: ${quoted.replace(/\s+/g, ' ').trim().slice(0, 120)}`;
  }
  if (/translate the English labels/i.test(system)) {
    try {
      return translated(JSON.parse(user) as Record<string, unknown>);
    } catch {
      // Not the object the helper sends: answer as for anything else.
    }
  }
  // A long answer (it streams for about fifteen seconds at the suite's pace), for a member to stop.
  if (/long story/i.test(user)) return `Once upon a time ${'the story goes on and on, '.repeat(60)}the end.`;
  // A team's AI members ("You are Name." prompts) echo without the question's mentions; one told to
  // hand over ("Hand over to @Name.") mentions that member, unless it answers another fake answer.
  if (/^You are \S+\./.test(system)) {
    const plain = user.replace(/@/g, '');
    const handOver = /Hand over to @([^\s.]+)/.exec(system);
    return handOver && !/Fake answer to/.test(user) ? `Fake answer to: ${plain} @${handOver[1]}` : `Fake answer to: ${plain}`;
  }
  return `Fake answer to: ${user}`;
}
