/** Builders of permission-matrix fixtures: which phase a route's calls run in. */
import type { Call, Fixture, Phase } from './matrix-generic';

export const read = (...calls: Call[]): Fixture => ({ phase: 'read', calls });
export const write = (...calls: Call[]): Fixture => ({ phase: 'write', calls });
export const del = (...calls: Call[]): Fixture => ({ phase: 'delete', calls });
export const at = (phase: Phase, ...calls: Call[]): Fixture => ({ phase, calls });
