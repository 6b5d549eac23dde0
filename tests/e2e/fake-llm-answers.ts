/**
 * What the suite's fake language model answers: the code helper's translation requests (its system
 * prompt asks for zh-cn and zh-tw labels of a JSON object of English labels) get the translations
 * of a small glossary, as a model would give them; a question asking for a "long story" gets a long
 * answer (to be stopped); an AI member whose prompt says "Hand over to @Name" mentions that member
 * (once: not when answering another fake answer); every other request gets the fake's default echo
 * (`Fake answer to: <the last user message>`), which the AI run specs read back.
 */
import type { FakeLlmChatRequest } from '../helpers/fake-llm';

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

export function e2eAnswer(req: FakeLlmChatRequest): string {
  const system = req.messages.find((m) => m.role === 'system')?.content ?? '';
  const user = [...req.messages].reverse().find((m) => m.role === 'user')?.content ?? '';
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
