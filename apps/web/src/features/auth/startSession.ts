import type { AppDispatch } from '../../store/index.ts';
import { login } from '../../store/userSlice.ts';

/**
 * Reads the existing session once at start-up (docs/product.md#signing-in). Dispatched before
 * the first render, so `user.loading` is already on and Home shows its spinner rather than a flash of 'Bắt đầu'.
 */
export function startSession(dispatch: AppDispatch): void {
  void dispatch(login('session'));
}
