import type { ButtonHTMLAttributes } from 'react';
import { Spinner } from './Spinner.tsx';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Shows the spinner; the button is dimmed and cannot be clicked meanwhile. */
  loading?: boolean;
}

/** The product's rounded violet button (docs/product.md#shared-pieces). */
export function Button({ loading = false, disabled = false, className = '', children, type, ...rest }: ButtonProps) {
  const inactive = loading || disabled;
  return (
    <button
      type={type ?? 'button'}
      disabled={inactive}
      aria-busy={loading || undefined}
      className={`inline-flex min-h-11 items-center justify-center gap-2 rounded-full bg-violet-600 px-6 py-2.5 font-semibold text-white shadow-lg shadow-violet-950/40 transition-colors hover:bg-violet-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-violet-300 active:bg-violet-700 disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-violet-600 ${className}`}
      {...rest}
    >
      {/* aria-busy announces the state; the spinner's own label would otherwise be glued onto the button's name */}
      {loading && (
        <span aria-hidden="true" className="inline-flex">
          <Spinner className="size-4" />
        </span>
      )}
      {children}
    </button>
  );
}
