/**
 * The change sets of the code helper, kept at module level like the rest of the page
 * (ai-code-store.ts): the change set under review and how far its apply got, the entity open on the
 * right with its field editor's rows, and that entity's history. Nothing changes the database
 * without a reviewed draft: a create or a change is first a preview (a stored draft), applied only
 * when the administrator presses Apply in the review.
 *
 * After an apply, a rollback or a purge the menus and permissions, the /eps metadata (open screens
 * render from it again, console/eps.ts) and the module tree are read again.
 */
import { useSyncExternalStore } from 'react';
import { loadProfile } from '../app/auth';
import { loadEps } from '../console/eps';
import type { Lang } from '../i18n';
import { aiCode, getAiCode, loadTree } from './ai-code-store';
import { codeBody, refusalOf, type CodeValues, type FieldRow, type Mode, type Refusal } from './code-body';
import { rowsOfEntity, toChangeField } from './change-fields';
import { applyChange, discardChange, listChanges, previewChange, purgeChange, rollbackChange, type ChangeSet, type TreeEntity } from './coding-api';

/** Where the review stands: read, applying (the call), reloading (menus, /eps, tree), done. */
export type Stage = 'review' | 'applying' | 'reloading' | 'done';

export interface ChangeSetsState {
  review: ChangeSet | null;
  open: boolean;
  stage: Stage;
  busy: 'apply' | 'discard' | 'preview' | null;
  /** A refused apply or discard, shown in the review. */
  error: Refusal | null;
  /** The administrator ticked that they read the data-loss warnings (Apply waits for it then). */
  accepted: boolean;
  /** The entity open on the right (`demo/note`), or null: the new-entity form. */
  entity: string | null;
  tab: 'fields' | 'history';
  /** The field editor's rows as last typed, for the open entity. */
  rows: FieldRow[];
  /** How the change is given: the edited field list, or a description the model turns into one. */
  mode: Mode;
  description: string;
  /** Bumped when the rows change from outside the editor (an entity opened, a change applied). */
  revision: number;
  /** A refused preview of a change, shown by the editor. */
  refusal: Refusal | null;
  history: ChangeSet[] | null;
  historyFailed: boolean;
  /** The change set a rollback or purge is running on. */
  acting: number | null;
  /** A refused rollback or purge. */
  actError: Refusal | null;
}

const initial = (): ChangeSetsState => ({
  review: null,
  open: false,
  stage: 'review',
  busy: null,
  error: null,
  accepted: false,
  entity: null,
  tab: 'fields',
  rows: [],
  mode: 'fields',
  description: '',
  revision: 0,
  refusal: null,
  history: null,
  historyFailed: false,
  acting: null,
  actError: null,
});

let state: ChangeSetsState = initial();
const listeners = new Set<() => void>();

function set(next: Partial<ChangeSetsState>): void {
  state = { ...state, ...next };
  for (const l of listeners) l();
}

export const getChangeSets = (): ChangeSetsState => state;

function subscribe(fn: () => void): () => void {
  listeners.add(fn);
  return () => void listeners.delete(fn);
}

export function useChangeSets(): ChangeSetsState {
  return useSyncExternalStore(subscribe, getChangeSets, getChangeSets);
}

/** `demo/crm/contact` -> { module: 'demo', name: 'crm/contact' }. */
export function splitKey(key: string): { module: string; name: string } {
  const cut = key.indexOf('/');
  return { module: key.slice(0, cut), name: key.slice(cut + 1) };
}

/** The tree's entity of `key`, if it is (still) registered. */
export function treeEntity(key: string | null): TreeEntity | null {
  if (!key) return null;
  for (const m of getAiCode().tree ?? []) for (const e of m.entities) if (e.key === key) return e;
  return null;
}

/** Reads the menus, permissions, /eps and the tree again after the database changed. */
async function reloadAll(): Promise<void> {
  await Promise.allSettled([loadProfile({ silent: true }), loadEps(true), loadTree(true)]);
}

async function loadHistory(key: string): Promise<void> {
  try {
    const page = await listChanges(key);
    if (state.entity === key) set({ history: page.list, historyFailed: false });
  } catch {
    if (state.entity === key) set({ historyFailed: true });
  }
}

function openReview(review: ChangeSet): void {
  set({ review, open: true, stage: 'review', error: null, accepted: false });
}

export const changeSets = {
  rows: (rows: FieldRow[]) => set({ rows }),
  editMode: (mode: Mode) => set({ mode, refusal: null }),
  description: (description: string) => set({ description }),
  tab: (tab: ChangeSetsState['tab']) => set({ tab }),
  clearRefusal: () => set({ refusal: null }),

  /** Opens an entity of the tree on the right: its fields (editable when helper-made) and its history. */
  openEntity(key: string, lang: Lang) {
    set({
      entity: key,
      tab: 'fields',
      rows: rowsOfEntity(treeEntity(key), lang),
      description: '',
      revision: state.revision + 1,
      refusal: null,
      history: null,
      actError: null,
    });
    aiCode.pane('form');
    void loadHistory(key);
  },
  closeEntity: () => set({ entity: null, refusal: null, history: null, actError: null }),
  /** The editor's rows as the entity stands now (drops what was typed). */
  resetRows(lang: Lang) {
    set({ rows: rowsOfEntity(treeEntity(state.entity), lang), revision: state.revision + 1, refusal: null });
  },
  reloadHistory: () => (state.entity ? loadHistory(state.entity) : Promise.resolve()),

  /** A change set of the page's form (a new entity): stored as a draft, then reviewed. */
  async previewCreate(values: CodeValues, mode: Mode): Promise<void> {
    if (getAiCode().busy) return;
    aiCode.busy('create', values);
    try {
      const { dryRun: _dryRun, ...body } = codeBody(values, mode, true);
      openReview(await previewChange(body));
    } catch (e) {
      aiCode.refused(refusalOf(e));
    } finally {
      aiCode.busy(null);
    }
  },

  /** A change set of the open entity: its edited field list (the whole list), or a description of the change for the model. */
  async previewEdit(change: { rows: FieldRow[] } | { description: string }, lang: Lang): Promise<void> {
    if (!state.entity || state.busy) return;
    set({ busy: 'preview', refusal: null, ...change });
    const target = splitKey(state.entity);
    try {
      const body =
        'rows' in change ? { ...target, fields: change.rows.map((r) => toChangeField(r, lang)) } : { ...target, description: change.description.trim() };
      openReview(await previewChange(body));
    } catch (e) {
      set({ refusal: refusalOf(e) });
    } finally {
      set({ busy: null });
    }
  },

  /** Shows a stored change set (from the history); a draft can still be applied or discarded there. */
  show: (cs: ChangeSet) => openReview(cs),
  close: () => set({ open: false }),
  accept: (accepted: boolean) => set({ accepted }),

  async apply(lang: Lang): Promise<void> {
    const draft = state.review;
    if (!draft || state.busy) return;
    set({ busy: 'apply', stage: 'applying', error: null });
    try {
      const done = await applyChange(draft.id);
      set({ review: done, stage: 'reloading' });
      await reloadAll();
      set({ stage: 'done' });
      if (done.kind === 'create' && !state.entity) {
        const eps = await loadEps().catch(() => null);
        aiCode.created(done, eps?.[done.entityKey]?.prefix ?? '');
      }
      if (state.entity === done.entityKey) {
        set({ description: '' });
        changeSets.resetRows(lang);
        await loadHistory(done.entityKey);
      }
    } catch (e) {
      set({ error: refusalOf(e), stage: 'review' });
    } finally {
      set({ busy: null });
    }
  },

  async discard(): Promise<void> {
    const draft = state.review;
    if (!draft || state.busy) return;
    set({ busy: 'discard', error: null });
    try {
      const gone = await discardChange(draft.id);
      set({ review: gone, open: false });
      if (state.entity === gone.entityKey) await loadHistory(gone.entityKey);
    } catch (e) {
      set({ error: refusalOf(e) });
    } finally {
      set({ busy: null });
    }
  },

  /** Rolls back the entity's last applied change set (the data it drops is kept aside), or purges what one kept aside. */
  async act(what: 'rollback' | 'purge', cs: ChangeSet, lang: Lang): Promise<boolean> {
    if (state.acting) return false;
    set({ acting: cs.id, actError: null });
    try {
      await (what === 'rollback' ? rollbackChange(cs.id) : purgeChange(cs.id));
      if (what === 'rollback') await reloadAll();
      if (state.entity === cs.entityKey) {
        if (what === 'rollback') changeSets.resetRows(lang);
        await loadHistory(cs.entityKey);
      }
      return true;
    } catch (e) {
      set({ actError: refusalOf(e) });
      return false;
    } finally {
      set({ acting: null });
    }
  },
};
