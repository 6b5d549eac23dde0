/**
 * The page's state, kept at module level so that /helper/ai-code is "kept alive when left" (000 §2):
 * the form's values, the previews, the created entity's result and the module tree survive
 * navigating away and back within the session (a full reload starts afresh). A call still running
 * when the page is left lands here too, so its answer is there on return.
 *
 * A create goes through a change set (change-sets-store.ts): previewed, reviewed, applied; after the
 * apply, the signed-in user's menus and permissions (permmenu) and the /eps metadata are read again
 * before the result shows: the console's shell finds the new screen's menu in them, and its generic
 * screen renders from them.
 */
import { useSyncExternalStore } from 'react';
import { createCode, getModuleTree, type ChangeSet, type DryRunAnswer, type ModuleNode } from './coding-api';
import { codeBody, emptyValues, proposalBody, refusalOf, rowsOf, type CodeValues, type Mode, type Refusal } from './code-body';
import type { Lang } from '../i18n';

export type Busy = 'code' | 'fields' | 'create' | null;

/** A new entity whose create change set was applied: what the result shows. */
export interface Created {
  key: string;
  /** Its API prefix, `/admin/{module}/{name}`. */
  prefix: string;
  /** The console menu router of its screen, `/{module}/{name}`. */
  router: string;
  /** Its declaration as applied. */
  source: string;
}
export type Dialog = 'code' | 'fields' | null;

export interface AiCodeState {
  values: CodeValues;
  mode: Mode;
  tree: ModuleNode[] | null;
  treeFailed: boolean;
  treeFilter: string;
  expanded: string[];
  /** The pane shown on a phone, where the tree and the form do not fit side by side. */
  pane: 'tree' | 'form';
  busy: Busy;
  /** The last code preview (dry run), and the last proposal of the model. */
  preview: DryRunAnswer | null;
  proposal: DryRunAnswer | null;
  dialog: Dialog;
  result: Created | null;
  refusal: Refusal | null;
  /** Bumped when the values change from outside the form (a proposal taken, a fresh start): the form takes them. */
  revision: number;
}

const initial = (): AiCodeState => ({
  values: emptyValues(),
  mode: 'fields',
  tree: null,
  treeFailed: false,
  treeFilter: '',
  expanded: [],
  pane: 'form',
  busy: null,
  preview: null,
  proposal: null,
  dialog: null,
  result: null,
  refusal: null,
  revision: 0,
});

let state: AiCodeState = initial();
const listeners = new Set<() => void>();

function set(next: Partial<AiCodeState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export function getAiCode(): AiCodeState {
  return state;
}

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function useAiCode(): AiCodeState {
  return useSyncExternalStore(subscribe, getAiCode, getAiCode);
}

let treeLoad: Promise<void> | null = null;

/** Loads the module tree once (again with `force`). */
export function loadTree(force = false): Promise<void> {
  if (treeLoad && !force) return treeLoad;
  if (state.tree && !force) return Promise.resolve();
  set({ treeFailed: false });
  treeLoad = getModuleTree()
    .then((tree) => set({ tree, treeFailed: false }))
    .catch(() => set({ treeFailed: true, tree: state.tree }))
    .finally(() => {
      treeLoad = null;
    });
  return treeLoad;
}

export const aiCode = {
  /** The form's values as the user types them. */
  values: (values: CodeValues) => set({ values }),
  /** Values put into the form from outside it. */
  replaceValues: (values: CodeValues) => set({ values, revision: state.revision + 1 }),
  mode: (mode: Mode) => set({ mode, refusal: null }),
  pane: (pane: AiCodeState['pane']) => set({ pane }),
  filter: (treeFilter: string) => set({ treeFilter }),
  expanded: (expanded: string[]) => set({ expanded }),
  dialog: (dialog: Dialog) => set({ dialog }),
  clearRefusal: () => set({ refusal: null }),

  /** A module picked in the tree: the new entity goes into it. */
  pickModule(module: string) {
    aiCode.replaceValues({ ...state.values, module, newModule: false });
    set({ pane: 'form' });
  },

  /** "Preview code": a dry run of the form as it is; the answer's source opens in the code dialog. */
  async previewCode(values: CodeValues, mode: Mode): Promise<void> {
    if (state.busy) return;
    set({ busy: 'code', refusal: null, values });
    try {
      const preview = await createCode({ ...codeBody(values, mode, true), dryRun: true });
      set({ preview, dialog: 'code' });
    } catch (e) {
      set({ refusal: refusalOf(e) });
    } finally {
      set({ busy: null });
    }
  },

  /** "Preview fields": the model's field list for the description, shown before anything is made. */
  async proposeFields(values: CodeValues): Promise<void> {
    if (state.busy) return;
    set({ busy: 'fields', refusal: null, values });
    try {
      const proposal = await createCode({ ...proposalBody(values), dryRun: true });
      set({ proposal, preview: proposal, dialog: 'fields' });
    } catch (e) {
      set({ refusal: refusalOf(e) });
    } finally {
      set({ busy: null });
    }
  },

  /** The proposal's fields into the table, to check and edit before creating. */
  takeProposal(lang: Lang) {
    if (!state.proposal) return;
    aiCode.replaceValues({ ...state.values, fields: rowsOf(state.proposal.fields, lang) });
    set({ mode: 'fields', dialog: null });
  },

  /** A call of the form running (the change set store's preview of a create says so too), with the values it took. */
  busy(busy: Busy, values?: CodeValues) {
    set(values ? { busy, values, refusal: null } : { busy });
  },
  refused: (refusal: Refusal) => set({ refusal }),

  /** A create change set applied: the result with the way to the new screen, its source for the code dialog. */
  created(cs: ChangeSet, prefix: string) {
    const result: Created = { key: cs.entityKey, prefix, router: `/${cs.entityKey}`, source: cs.after };
    set({ result, preview: { path: '', source: cs.after, fields: [] } });
  },

  /** Another entity: an empty form in the same module (which exists by now); the tree stays. */
  startOver() {
    aiCode.replaceValues({ ...emptyValues(), module: state.values.module, newModule: false });
    set({ result: null, preview: null, proposal: null, refusal: null, dialog: null, mode: 'fields' });
  },
};
