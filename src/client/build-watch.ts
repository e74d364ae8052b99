import { showToast } from '@/stores/toast';
import { apiGet } from './api';
import { message } from './messages';

/**
 * Polls the deployed build id and tells the reader once when a new version is live.
 */
export const BUILD_ID_PATH = '/api/amsw0201/buildId';
export const BUILD_POLL_MS = 60_000;

export interface WatchForNewBuildOptions {
  /** The build id this page was rendered with. */
  currentBuildId: string;
  /** Reads the deployed build id; default: GET /api/amsw0201/buildId. */
  fetchBuildId?: () => Promise<string>;
  intervalMs?: number;
  /** Called once with the new id; default: an info toast asking the reader to reload. */
  onNewBuild?: (buildId: string) => void;
  /** Also check at once whenever this document becomes visible again (a reader back at the tab). */
  visibilityTarget?: Document;
}

/** Reads the running build's id through the API client, so a 502/503 shows the maintenance screen. */
export async function fetchDeployedBuildId(): Promise<string> {
  const { buildId } = await apiGet<{ buildId: string }>(BUILD_ID_PATH, { suppressErrorToast: true });
  if (typeof buildId !== 'string' || buildId === '') throw new Error(`${BUILD_ID_PATH} has no buildId`);
  return buildId;
}

export function announceNewBuild(): void {
  showToast({ message: message('newBuild'), type: 'info', duration: 0 });
}

/** Starts polling; returns a function that stops it. */
export function watchForNewBuild({
  currentBuildId,
  fetchBuildId = fetchDeployedBuildId,
  intervalMs = BUILD_POLL_MS,
  onNewBuild = announceNewBuild,
  visibilityTarget,
}: WatchForNewBuildOptions): () => void {
  let stopped = false;
  let polling = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  // The next poll is scheduled only after this one settles, so slow answers never overlap.
  const poll = async (): Promise<void> => {
    if (polling) return;
    polling = true;
    clearTimeout(timer);
    let buildId: string | null = null;
    try {
      buildId = await fetchBuildId();
    } catch {
      // offline, or mid-deployment: try again next time
    }
    polling = false;
    if (stopped) return;
    if (buildId !== null && buildId !== currentBuildId) {
      onNewBuild(buildId);
      return;
    }
    timer = setTimeout(poll, intervalMs);
  };

  const onVisibility = () => {
    if (visibilityTarget?.visibilityState === 'visible' && !stopped) void poll();
  };
  visibilityTarget?.addEventListener('visibilitychange', onVisibility);
  timer = setTimeout(poll, intervalMs);
  return () => {
    stopped = true;
    clearTimeout(timer);
    visibilityTarget?.removeEventListener('visibilitychange', onVisibility);
  };
}
