import { atom } from 'nanostores';

export interface MaintenanceState {
  active: boolean;
  /** The HTTP status that put the site into maintenance (502 or 503), shown on the screen. */
  code: number | null;
}

/** When active, the layout shows the full-page bilingual maintenance screen instead of the page. */
export const maintenance = atom<MaintenanceState>({ active: false, code: null });

export function enterMaintenance(statusCode: number): void {
  maintenance.set({ active: true, code: statusCode });
}
