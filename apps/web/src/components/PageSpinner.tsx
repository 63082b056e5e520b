import { Spinner } from './Spinner.tsx';

/** A spinner centred in the page area, for whole-page loading states. */
export function PageSpinner() {
  return (
    <div className="flex flex-1 items-center justify-center py-24 text-violet-400">
      <Spinner className="size-8" />
    </div>
  );
}
