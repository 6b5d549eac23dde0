/**
 * Root-level widgets shown below every page (000 §2): each entry is enabled or not and ordered by
 * `order`. Workspace issues add entries (the chat socket's notices, for one).
 */
import type { ComponentType } from 'react';

export interface RootWidget {
  name: string;
  enabled: boolean;
  order: number;
  component: ComponentType;
}

export const ROOT_WIDGETS: RootWidget[] = [];

export function RootWidgets() {
  const list = ROOT_WIDGETS.filter((w) => w.enabled).sort((a, b) => a.order - b.order);
  return (
    <>
      {list.map((w, index) => (
        <w.component key={`${w.name}-${index}`} />
      ))}
    </>
  );
}
