import type { ReactNode } from 'react';
import type { ElementId } from '../../../domain/permissions';
import { useSession } from './SessionContext';

/**
 * Spec part 1 §6: the client checks whether an elementid is among the permitted UI elements of the
 * session (`permission`); the API refuses the same action anyway.
 */
export function usePermission(element: ElementId): boolean {
  const { user } = useSession();
  return Boolean(user?.permission?.includes(element));
}

/** Renders its children only when the session may use `element` (menu entries, buttons). */
export function Permitted({ element, children, fallback = null }: { element: ElementId; children: ReactNode; fallback?: ReactNode }) {
  return <>{usePermission(element) ? children : fallback}</>;
}
