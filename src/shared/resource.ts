/**
 * The resource registry's entry: everything the app needs to wire one entity or admin screen,
 * declared once by its feature. The app builds the store (reducers and the thunks' apis), the
 * router (list, /new and /:id routes, admin only) and the side navigation from the list of
 * resources in `src/app/resources.ts`; adding an entity like schools is its feature folder plus one
 * line there, plus its rules.
 */
import type { Reducer } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';
import type { Lazy } from './entitySlice';

/** A lazily loaded page module: its default export is the route's component. */
export type PageModuleLoader = () => Promise<{ default: ComponentType }>;

/** The side navigation's groups (spec section 2, Layout), in the order shown. */
export const NAV_GROUPS = [
  'levelManagement',
  'customers',
  'statistics',
  'sales',
  'subjectSetting',
  'systems',
] as const;

export type NavGroupId = (typeof NAV_GROUPS)[number];

/**
 * Where a resource appears in the side navigation (spec section 2, Layout).
 * - `group`: its group; `submenu`: catalogue id of a submenu inside it (e.g. Manage fields);
 * - `list`: catalogue id of the link to the list; `create`: of the link to the create form.
 */
export interface ResourceNav {
  group: NavGroupId;
  submenu?: string;
  list: string;
  create?: string;
}

/**
 * One resource.
 * - `name`: the slice's name, its key in the store and in ThunkExtra `apis`;
 * - `path`: the list's URL (spec section 2, Route list), e.g. '/field-schools'; the form is at
 *   `${path}/new` and `${path}/:id`;
 * - `slice`: its reducer (persisted without loading and error flags); absent for a screen
 *   without its own state (statistics);
 * - `api`: the backend the slice's thunks use (an EntityApi, or a loader of one);
 * - `pages`: the list page and, for editable entities, the form page (lazily loaded);
 * - `nav`: its side-navigation links; absent for screens reached otherwise.
 */
export interface Resource {
  name: string;
  path: string;
  slice?: { reducer: Reducer };
  api?: Lazy<unknown>;
  pages: { list: PageModuleLoader; form?: PageModuleLoader };
  nav?: ResourceNav;
}

/** Declares a resource, keeping its literal types (the store's state type is built from them). */
export function defineResource<const R extends Resource>(resource: R): R {
  return resource;
}
