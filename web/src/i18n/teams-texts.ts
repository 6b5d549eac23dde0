/** Loads the teams screens' texts (area `wsTeams`); imported by the teams section, /join_team and /apply_profile. */
import type { LocaleArea } from './define';
import { addAreas } from '.';
import wsTeams from './locales/ws-teams';

void addAreas([wsTeams] as unknown as LocaleArea[]);
