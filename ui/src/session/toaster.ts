import { OverlayToaster, Position, type Toaster, type ToastProps } from '@blueprintjs/core';

let toaster: Promise<Toaster> | null = null;

/** One app-wide toaster, created on first use. */
export function showToast(props: ToastProps): void {
  if (typeof document === 'undefined') return;
  toaster ??= OverlayToaster.create({ position: Position.TOP, maxToasts: 4 });
  void toaster.then((t) => t.show({ timeout: 6000, ...props }));
}
