import { combineSlices, configureStore } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';
import { clientConfigSlice } from './clientConfigSlice.ts';
import { userSlice } from './userSlice.ts';

/**
 * Slices of features that load with their page add themselves (`slice.injectInto(rootReducer)`), which keeps
 * their code out of the entry chunk: searchSlice, with the room page's search box.
 */
// biome-ignore lint/suspicious/noEmptyInterface: the slices extend it by declaration merging (RTK's pattern).
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(userSlice, clientConfigSlice).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;

export function createAppStore(preloadedState?: Partial<RootState>) {
  return configureStore({ reducer: rootReducer, preloadedState });
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
