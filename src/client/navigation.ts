export type Navigate = (path: string) => void;

const assignLocation: Navigate = (path) => window.location.assign(path);
let current: Navigate = assignLocation;

/** Every navigation the stores start goes through here, so it can be swapped (client router, tests). */
export function navigate(path: string): void {
  current(path);
}

/** Replaces the navigation function; null restores the default `window.location.assign`. */
export function setNavigate(fn: Navigate | null): void {
  current = fn ?? assignLocation;
}

/** Links are built by the one helper the whole site uses. */
export { localePath } from '@/lib/paths';
