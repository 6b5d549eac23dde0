/** Loads the group knowledge's texts (area `wsKnowledge`); imported by GroupKnowledge.tsx and MessageSources.tsx. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsKnowledge from './locales/ws-knowledge';

void addAreas([wsKnowledge] as unknown as LocaleArea[]);
