/**
 * What the suite's fake language model answers: the code helper's translation requests (its system
 * prompt asks for zh-cn and zh-tw labels of a JSON object of English labels) get the translations
 * of a small glossary, as a model would give them; every other request gets the fake's default echo
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
  return `Fake answer to: ${user}`;
}
