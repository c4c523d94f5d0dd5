import type { Action, RouteRole, ViewKind } from './resource';

/**
 * One entry of the console's route tree (spec §2): a group, a page, or the external wiki link.
 * Both the menu (which builds the tree) and the access answer (which judges an entry) use it.
 */
export interface RouteNode {
  /** Route name, e.g. 'scene.list'; also the tab and guard identity. */
  readonly name: string;
  /** Absolute path, e.g. '/scene/list'; for the external wiki entry, its URL key. */
  readonly path: string;
  /** Locale key of the label. */
  readonly locale: string;
  /** '*' = any logged-in role. Groups have none: they show when a child shows. */
  readonly roles?: readonly RouteRole[];
  readonly hidden?: boolean;
  /** Menu order of a top-level entry (spec §9). */
  readonly order?: number;
  /** Icon name from src/layout/icons.tsx. */
  readonly icon?: string;
  readonly ignoreCache?: boolean;
  /** The contract resource this page shows, which kind of page, and the action it needs. */
  readonly resource?: string;
  readonly view?: ViewKind;
  readonly action?: Action;
  /** The row scope the page shows (e.g. 'public' templates) and the field values it fixes. */
  readonly scope?: string;
  readonly preset?: Readonly<Record<string, string | number>>;
  /** Opens in a new tab instead of routing (the wiki). */
  readonly external?: boolean;
  readonly children?: readonly RouteNode[];
}
